/**
 * The notices of a payment (issue 29): each change (paid, declined, expired, cancelled, refused,
 * refunded) to both parties, in their language and by their contact preference. Opening a payment
 * sends none (the client just did it, on their phone). Each notice is claimed in
 * `job_notifications` (one key per payment, status and refunded amount), so one process sends it
 * however many hear the event.
 */
import { formatMoney, type LiveEventOf } from '@resuelve/contract';
import { channelOf, people, sendNotice, type Notices, type NotifierContext, type Party } from '../../lib/notices.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';
import { personNameSql } from '../profiles/index.ts';

interface NoticeJob {
  id: string;
  title: string;
  client_id: string;
  provider_id: string;
  provider_name: string;
  client_name: string;
}

interface PaymentTexts {
  email: { subject: string; body: string };
  sms: string;
  what: Record<string, string>;
}

/** What the change is: a refund when a paid payment's refunded amount grew, a payment made another way recorded, else its status. */
function whatOf(event: LiveEventOf<'payment.changed'>, method: string): { kind: string; cents: number } | null {
  if (event.status === 'open') return null;
  if (event.status === 'paid' && event.refunded_cents > 0) return { kind: 'refunded', cents: event.refunded_cents };
  if (event.status === 'paid' && method !== 'athmovil') return { kind: 'recorded', cents: event.amount_cents };
  return { kind: event.status, cents: event.amount_cents };
}

export async function notifyPaymentChange(context: NotifierContext, event: LiveEventOf<'payment.changed'>, recipients: string[]): Promise<number> {
  const payment = (await context.knex('payments').where({ id: event.payment_id }).first('method')) as { method: string } | undefined;
  const what = payment ? whatOf(event, payment.method) : null;
  if (!what) return 0;
  const job = (await context.knex('jobs as j')
    .join('providers as pr', 'pr.id', 'j.provider_id')
    .join('profiles as cp', 'cp.id', 'j.client_id')
    .where('j.id', event.job_id)
    .first('j.id', 'j.title', 'j.client_id', 'j.provider_id', 'pr.company_name as provider_name', context.knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`))) as
    | NoticeJob
    | undefined;
  if (!job) return 0;
  const everyone = await people(context.knex, [job.client_id, job.provider_id]);
  let sent = 0;
  for (const [party, id] of [['client', job.client_id], ['provider', job.provider_id]] as [Party, string][]) {
    const person = everyone.get(id);
    if (!person || !recipients.includes(id)) continue;
    const claimed = await context.knex('job_notifications')
      .insert({ job_id: job.id, recipient_id: id, event_key: `payment:${event.payment_id}:${event.status}:${event.refunded_cents}`, channel: channelOf(person, party).channel })
      .onConflict(['job_id', 'recipient_id', 'event_key'])
      .ignore()
      .returning('id');
    if (!claimed.length) continue; // another process has it
    const locale = person.language;
    const words = async () => {
      const texts = (await textsWith(context.config.localesDir, locale, 'payments-notices', 'what')) as unknown as PaymentTexts;
      const values = {
        name: party === 'client' ? job.provider_name : job.client_name,
        title: job.title,
        amount: formatMoney(what.cents, locale),
        link: `${context.config.publicUrl}/${party}/jobs/${job.id}`,
      };
      return { texts, values: { ...values, what: interpolate(texts.what[`${what.kind}_${party}`] ?? '', values) } };
    };
    await sendNotice(context, person, party, {
      email: async () => {
        const { texts, values } = await words();
        const signature = ((await textsWith(context.config.localesDir, locale, 'email', 'signature')) as Record<string, string>).signature ?? '';
        return { subject: interpolate(texts.email.subject, values), text: `${interpolate(texts.email.body, values)}\n\n${signature}\n` };
      },
      sms: async () => {
        const { texts, values } = await words();
        return interpolate(texts.sms, values);
      },
    });
    sent += 1;
  }
  return sent;
}

export const paymentNotices: Notices = {
  'payment.changed': notifyPaymentChange,
};
