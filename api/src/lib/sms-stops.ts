/**
 * The SMS sending path's own check (issue 30, decision record 0056): a number that texted STOP
 * (PARAR, BAJA…) gets no text until it texts START (ALTA) or is verified again, whichever domain
 * sends it. Wraps whichever sender the server has (gateway, outbox or a test's), so no caller can
 * forget the check. Only a text the person just asked for passes (a code, the STOP confirmation).
 *
 * It also remembers, for each number, the job its latest job text was about (the client's job
 * link every job text carries), so that a reply lands in that job's conversation.
 */
import type { Knex } from 'knex';
import { pgErrorOf } from './pg-errors.ts';
import type { Senders, SmsMessage, SmsSender } from './senders.ts';

/** E.164 digits without "+", as profiles.phone_number keeps them. */
export function smsNumberOf(to: string): string {
  return to.replace(/\D/g, '');
}

const clientJobLink = /\/client\/jobs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/** The job a text is about: the client job page it links to, if any. */
export function jobOfText(body: string): string | null {
  return clientJobLink.exec(body)?.[1] ?? null;
}

export async function isSmsStopped(db: Knex | Knex.Transaction, phoneNumber: string): Promise<boolean> {
  const row = await db('sms_opt_outs').where({ phone_number: phoneNumber }).first('phone_number');
  return Boolean(row);
}

export class StopRespectingSmsSender implements SmsSender {
  constructor(
    private readonly knex: Knex,
    private readonly inner: SmsSender,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const number = smsNumberOf(message.to);
    if (!message.requested && (await isSmsStopped(this.knex, number))) return;
    await this.inner.send(message);
    const jobId = jobOfText(message.body);
    if (jobId) {
      await this.knex('sms_reply_targets')
        .insert({ phone_number: number, job_id: jobId, sent_at: this.knex.fn.now() })
        .onConflict('phone_number')
        .merge()
        .catch((error: unknown) => {
          // A link to a job that is gone (foreign key) names nothing to reply to.
          if (pgErrorOf(error)?.code !== '23503') throw error;
        });
    }
  }
}

/** The server's senders with the STOP check in the SMS path. */
export function respectingSmsStops(knex: Knex, senders: Senders): Senders {
  if (senders.sms instanceof StopRespectingSmsSender) return senders;
  return { ...senders, sms: new StopRespectingSmsSender(knex, senders.sms) };
}
