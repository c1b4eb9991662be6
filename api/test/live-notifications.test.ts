import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { LiveEventOf } from '@resuelve/contract';
import { notifyJobChange } from '../src/modules/jobs/notices/index.ts';
import type { AppContext } from '../src/context.ts';
import { eventually, useTestServer } from './server.ts';
import { daysAhead, newJob } from './factories.ts';
import { type Account, onboardedClient, onboardedProvider } from './api-factories.ts';
import { outboxTo } from './outbox.ts';
import { eventOf, useSecondProcess } from './live-job-fixtures.ts';

const test = useTestServer();
let context: AppContext;
let provider: Account; // English
let smsClient: Account; // prefers SMS, verified phone
let emailClient: Account; // prefers email

/** The jobs' notices of one change, as the bus hands it to them. */
const notifyChange = ({ recipients, event }: { recipients: string[]; event: LiveEventOf<'job.changed'> }) => notifyJobChange(context, event, recipients);

async function phoneOf(knex: Knex, id: string): Promise<string> {
  return `+${(await knex('profiles').where({ id }).first('phone_number')).phone_number}`;
}

beforeAll(async () => {
  context = test.server.app.context;
  provider = await onboardedProvider(test.server, test.knex, 'en');
  smsClient = await onboardedClient(test.server, test.knex, { preferred_contact: 'sms' });
  emailClient = await onboardedClient(test.server, test.knex, { preferred_contact: 'email' });
});

describe('notifications of job changes', () => {
  it("emails the provider in the provider's language when a client books, and tells the client nothing", async () => {
    const job = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(3), title: 'Fix the sink' });
    expect(await notifyChange(eventOf(job, { action: 'book', status: 'pending', actor: 'client' }))).toBe(1);
    const [mail, ...more] = await outboxTo(test.knex, provider.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Fix the sink: Pending' });
    expect(mail!.body).toContain('María R. sent you a new job request.');
    expect(mail!.body).toContain(`http://localhost:3000/provider/jobs/${job.id}`);
    expect(await outboxTo(test.knex, emailClient.email)).toEqual([]);
  });

  it('texts a client who prefers SMS, in Spanish, at the wall-clock time of the provider', async () => {
    const start = new Date('2031-03-04T14:30:00Z'); // 10:30 in Puerto Rico (UTC-4)
    const job = await newJob(test.knex, { clientId: smsClient.id, providerId: provider.id, start, status: 'upcoming' });
    await notifyChange(eventOf(job, { action: 'accept', status: 'upcoming', actor: 'provider', from: 'pending' }));
    const texts = await outboxTo(test.knex, await phoneOf(test.knex, smsClient.id));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.channel).toBe('sms');
    expect(texts[0]!.body).toMatch(/^Resuelve: Plomería Borinquen aceptó tu solicitud\. Reparar tubería, martes, 4 de marzo de 2031.*10:30/);
    expect(await outboxTo(test.knex, smsClient.email)).toEqual([]);
  });

  it('emails a client who prefers email', async () => {
    const job = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(5), status: 'cancelled' });
    await notifyChange(eventOf(job, { action: 'cancel', status: 'cancelled', actor: 'provider', from: 'upcoming' }));
    const [mail] = await outboxTo(test.knex, emailClient.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Reparar tubería: Cancelado por el proveedor' });
    expect(mail!.body).toContain('Plomería Borinquen canceló el trabajo.');
  });

  it('falls back to email when a client prefers SMS but has no verified number', async () => {
    const client = await onboardedClient(test.server, test.knex, { preferred_contact: 'phone' });
    await test.knex('profiles').where({ id: client.id }).update({ phone_verified_at: null });
    const job = await newJob(test.knex, { clientId: client.id, providerId: provider.id, start: daysAhead(6), status: 'upcoming' });
    await notifyChange(eventOf(job, { action: 'keep_schedule', status: 'upcoming', actor: 'provider' }));
    expect((await outboxTo(test.knex, client.email)).map((m) => m.channel)).toEqual(['email']);
  });

  it('tells both sides when the system expires a request, naming the status for an action without its own words', async () => {
    const job = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(7), status: 'expired' });
    expect(await notifyChange(eventOf(job, { action: 'expire', status: 'expired', actor: 'system' }))).toBe(2);
    const other = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(8), status: 'expired' });
    await notifyChange(eventOf(other, { action: 'something_new', status: 'expired', actor: 'system' }));
    const providerMails = await outboxTo(test.knex, provider.email);
    expect(providerMails.at(-2)!.body).toContain('The time to answer passed and the job expired.');
    expect(providerMails.at(-1)!.body).toContain('Your job changed to: Expired.');
  });

  it('sends nothing twice for the same event', async () => {
    const job = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(9) });
    const change = eventOf(job, { action: 'book', status: 'pending', actor: 'client' });
    const before = (await outboxTo(test.knex, provider.email)).length;
    expect(await notifyChange(change)).toBe(1);
    expect(await notifyChange(change)).toBe(0);
    expect(await outboxTo(test.knex, provider.email)).toHaveLength(before + 1);
  });

  describe('through the event bus, with two api processes', () => {
    useSecondProcess(test);

    it('sends one notice per event though both processes hear it', async () => {
      const job = await newJob(test.knex, { clientId: emailClient.id, providerId: provider.id, start: daysAhead(10), status: 'upcoming' });
      const { recipients, event } = eventOf(job, { action: 'start', status: 'in_progress', actor: 'provider', from: 'upcoming' });
      await context.events.publish(recipients, event);
      const mails = await eventually(
        () => outboxTo(test.knex, emailClient.email),
        (rows) => rows.some((row) => row.body.includes('comenzó el trabajo')),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate to show up
      const started = (await outboxTo(test.knex, emailClient.email)).filter((row) => row.body.includes('comenzó el trabajo'));
      expect(mails.length).toBeGreaterThan(0);
      expect(started).toHaveLength(1);
      expect(await test.knex('job_notifications').where({ job_id: job.id })).toHaveLength(1);
    });
  });
});
