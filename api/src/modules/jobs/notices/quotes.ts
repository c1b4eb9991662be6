/**
 * The notices of a quote (issue 28), in the recipient's language and by their contact preference:
 * the client hears of a quote sent or revised, the provider of a counter-offer and of a decline of
 * a conversation's quote. An acceptance (and a job quote's decline) moves the job, so its
 * `job.changed` notice (actions `accept_quote`, `decline_quote`) tells the provider instead. A job's
 * quote notice is claimed in `job_notifications` like the job's own, so one process sends it.
 */
import { formatMoney, type LiveEventOf, type QuoteOffer } from '@resuelve/contract';
import { channelOf, people, sendNotice, type Notices, type NotifierContext, type Party } from '../../../lib/notices.ts';
import { interpolate, textsWith } from '../../../lib/texts.ts';
import { personNameSql } from '../../profiles/index.ts';
import { jobFacts } from './index.ts';
import { formatWhen } from './texts.ts';

type QuoteWhat = 'sent' | 'revised' | 'countered' | 'declined';

/** Who hears of this change and what it is called; null when `job.changed` tells it, or nobody. */
function noticeOf(event: LiveEventOf<'quote.changed'>): { party: Party; what: QuoteWhat } | null {
  switch (event.status) {
    case 'sent':
      return { party: 'client', what: event.version === 1 ? 'sent' : 'revised' };
    case 'countered':
      return { party: 'provider', what: 'countered' };
    case 'declined':
      return event.job_id === null ? { party: 'provider', what: 'declined' } : null;
    default:
      return null;
  }
}

interface QuoteFacts {
  client_id: string;
  provider_id: string;
  provider_name: string;
  client_name: string;
  timezone: string;
  offer: QuoteOffer | null;
  total_cents: number;
}

/** Sends a quote's notice to the side that should hear of it; answers how many this process sent. */
export async function notifyQuoteChange(context: NotifierContext, event: LiveEventOf<'quote.changed'>, recipients: string[]): Promise<number> {
  const notice = noticeOf(event);
  if (!notice) return 0;
  const quote = (await context.knex('quotes as q')
    .join('quote_versions as v', (on) => on.on('v.quote_id', 'q.id').andOn('v.number', 'q.version'))
    .join('providers as pr', 'pr.id', 'q.provider_id')
    .join('profiles as cp', 'cp.id', 'q.client_id')
    .where('q.id', event.quote_id)
    .first(
      'q.client_id',
      'q.provider_id',
      'q.offer',
      'v.total_cents',
      'pr.timezone',
      'pr.company_name as provider_name',
      context.knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`),
    )) as QuoteFacts | undefined;
  if (!quote) return 0;
  const recipientId = notice.party === 'client' ? quote.client_id : quote.provider_id;
  if (!recipients.includes(recipientId)) return 0;
  const person = (await people(context.knex, [recipientId])).get(recipientId);
  if (!person) return 0;
  const job = event.job_id ? await jobFacts(context.knex, event.job_id) : undefined;
  if (job) {
    const claimed = await context.knex('job_notifications')
      .insert({ job_id: job.id, recipient_id: recipientId, event_key: `quote:${event.status}:${event.version}:${event.at}`, channel: channelOf(person, notice.party).channel })
      .onConflict(['job_id', 'recipient_id', 'event_key'])
      .ignore()
      .returning('id');
    if (!claimed.length) return 0; // another process has it
  }
  const title = job?.title ?? quote.offer?.title ?? '';
  const start = job ? new Date(job.scheduled_start) : new Date(quote.offer?.scheduled_start ?? event.at);
  const link = job ? `${context.config.publicUrl}/${notice.party}/jobs/${job.id}` : `${context.config.publicUrl}/messages/${event.conversation_id}`;
  const locale = person.language;
  const values = async () => {
    const email = (await textsWith(context.config.localesDir, locale, 'email', 'quote_what')) as unknown as {
      quote_event: { subject: string; body: string };
      quote_what: Record<QuoteWhat, string>;
      signature: string;
    };
    const base = {
      name: notice.party === 'client' ? quote.provider_name : quote.client_name,
      title,
      when: formatWhen(start, quote.timezone, locale),
      total: formatMoney(quote.total_cents, locale),
      link,
    };
    return { email, all: { ...base, what: interpolate(email.quote_what[notice.what], base) } };
  };
  await sendNotice(context, person, notice.party, {
    email: async () => {
      const { email, all } = await values();
      return { subject: interpolate(email.quote_event.subject, all), text: `${interpolate(email.quote_event.body, all)}\n\n${email.signature}\n` };
    },
    sms: async () => {
      const { all } = await values();
      const sms = (await textsWith(context.config.localesDir, locale, 'sms', 'quote_event')) as Record<string, string>;
      return interpolate(sms.quote_event!, all);
    },
  });
  return 1;
}

/** The live events the quotes write about (subscribed beside the jobs' own notices). */
export const quoteNotices: Notices = {
  'quote.changed': notifyQuoteChange,
};
