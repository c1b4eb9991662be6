/**
 * Response times as a hapi plugin (issue 30, decision 0053): the provider's own figure, and the
 * recount of a provider's figures each time they answer a request or a conversation (every
 * process hears every event; the recount writes only what changed, so doing it twice is harmless).
 */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { registerRoutes } from '../../lib/route.ts';
import { providerOfJob, providerReplying } from './repository.ts';
import { myResponseTimeRoute } from './routes/get-mine.ts';
import { recountResponseTimes } from './service.ts';

async function recountOf(context: AppContext, providerId: string | undefined): Promise<void> {
  if (providerId) await recountResponseTimes(context.knex, [providerId], context.clock.now());
}

export const responsesModule: Plugin<AppContext> = {
  name: 'responses',
  register(server, context) {
    registerRoutes(server, context, ['api', 'providers'], [myResponseTimeRoute]);
    const failed = (error: unknown) => server.log(['error', 'response-times'], { err: error });
    const stops = [
      context.events.subscribe('job.changed', (event) => {
        // A provider's move on a request answers it; so does its expiry (the wait counts).
        if (event.actor !== 'provider' && event.action !== 'expire') return;
        return providerOfJob(context.knex, event.job_id).then((id) => recountOf(context, id)).catch(failed);
      }),
      context.events.subscribe('quote.changed', (event) => {
        if (event.version !== 1 || event.status !== 'sent' || !event.job_id) return;
        return providerOfJob(context.knex, event.job_id).then((id) => recountOf(context, id)).catch(failed);
      }),
      context.events.subscribe('message.created', (event) => {
        if (event.message.automatic) return;
        return providerReplying(context.knex, event.conversation_id, event.message.sender_id).then((id) => recountOf(context, id)).catch(failed);
      }),
    ];
    // A started server counts everyone once (a fresh demo, a restart after a pause): the hourly
    // recount would otherwise leave the figures as they were for up to an hour.
    server.ext('onPostStart', () => {
      void recountResponseTimes(context.knex, null, context.clock.now()).catch(failed);
    });
    server.ext('onPostStop', () => {
      for (const stop of stops) stop();
    });
  },
};

export { recountResponseTimes } from './service.ts';
export { remindWaitingRequests, responseReminderKey } from './notices.ts';
