/**
 * Texts people agreed to and can stop, and replies by text (issue 30, decision record 0056):
 * - the consent given when a number is verified, recorded with the wording shown and its version;
 * - an inbound text that is STOP / PARAR / BAJA (any case, accents, spaces) stops every text to
 *   the number, START / ALTA resumes them, each answered by one text (lib/sms-stops.ts holds the
 *   texts back in the sending path itself);
 * - any other text from a client's verified number lands in the conversation of the job its
 *   latest job text was about, as a message from them (live to the provider, by the messages'
 *   own rules: blocked conversations and limits hold);
 * - a text from a number no account has verified, or with no job text to answer, is recorded and
 *   answered 200: the gateway has nothing to retry.
 */
import type { Knex } from 'knex';
import { defaultLocale, limits, smsConsentVersion, smsKeywordOf, type Locale, type SmsInboundAnswer, type SmsInboundOutcome } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { startConversation } from '../messages/index.ts';
import { consentWording, keywordAnswer } from './notices.ts';
import { inboundByGatewayId, insertConsent, ownerOfNumber, recordInbound, replyTargetOf, resumeNumber, stopNumber } from './repository.ts';

export type SmsContext = Pick<AppContext, 'knex' | 'clock' | 'events' | 'config' | 'storage' | 'senders'>;

/** E.164 digits without "+", as the phone module keeps numbers: 10 digits are North American. */
export function e164Digits(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}

/**
 * Records the consent given by verifying the number (the statement shown beside the code, in the
 * person's language), and lifts a STOP on it: verifying again is a new written consent. Runs in
 * the verification's transaction.
 */
export async function recordSmsConsent(trx: Knex.Transaction, localesDir: string, profileId: string, phoneNumber: string, language: Locale, now: Date): Promise<void> {
  await insertConsent(trx, {
    profileId,
    phoneNumber,
    version: smsConsentVersion,
    wording: await consentWording(localesDir, language),
    language,
    givenAt: now,
  });
  await resumeNumber(trx, phoneNumber);
}

export interface InboundText {
  from: string;
  body: string;
  /** The gateway's id of the text, when it sends one: a retried delivery counts once. */
  id?: string;
}

type Handled = { outcome: SmsInboundOutcome; jobId?: string; messageId?: string; conversationId?: string; code?: string };

async function answerKeyword(context: SmsContext, number: string, keyword: 'stop' | 'start', typed: string, now: Date): Promise<Handled> {
  const owner = await ownerOfNumber(context.knex, number);
  if (keyword === 'stop') await stopNumber(context.knex, number, typed, now);
  else await resumeNumber(context.knex, number);
  const body = await keywordAnswer(context.config.localesDir, owner?.language ?? defaultLocale, keyword);
  // The answer is the one text a stopped number still gets (TCPA's confirmation).
  await context.senders.sms.send({ to: `+${number}`, body, requested: true });
  return { outcome: keyword === 'stop' ? 'stopped' : 'started' };
}

async function deliverReply(context: SmsContext, number: string, text: string): Promise<Handled> {
  const owner = await ownerOfNumber(context.knex, number);
  if (!owner) return { outcome: 'unknown_number' };
  const job = await replyTargetOf(context.knex, number, owner.id);
  if (!job) return { outcome: 'no_job' };
  try {
    const started = await startConversation(
      context,
      { userId: owner.id, isAdmin: false },
      // A long text is cut to what a message holds, rather than lost.
      { recipient_id: job.provider_id, job_id: job.id, text: text.slice(0, limits.messageMaxLength) },
      undefined,
    );
    const conversation = started.body;
    return { outcome: 'replied', jobId: job.id, conversationId: conversation.id, messageId: conversation.last_message?.sender_id === owner.id ? conversation.last_message.id : undefined };
  } catch (error) {
    // The messages' own rules refused it (blocked, over the limits): recorded, not retried.
    if (error instanceof AppError) return { outcome: 'refused', jobId: job.id, code: error.code };
    throw error;
  }
}

/** POST /sms/inbound: one text the gateway received. */
export async function receiveText(context: SmsContext, inbound: InboundText): Promise<SmsInboundAnswer> {
  const now = context.clock.now();
  if (inbound.id) {
    const earlier = await inboundByGatewayId(context.knex, inbound.id);
    if (earlier) return { outcome: earlier.outcome };
  }
  const number = e164Digits(inbound.from);
  const keyword = smsKeywordOf(inbound.body);
  const text = inbound.body.trim();
  let handled: Handled;
  if (keyword) handled = await answerKeyword(context, number, keyword, inbound.body, now);
  else if (!text) handled = { outcome: 'empty' };
  else handled = await deliverReply(context, number, text);
  await recordInbound(context.knex, {
    gatewayId: inbound.id ?? null,
    from: number,
    body: inbound.body,
    outcome: handled.outcome,
    jobId: handled.jobId ?? null,
    messageId: handled.messageId ?? null,
    receivedAt: now,
  });
  return {
    outcome: handled.outcome,
    ...(handled.conversationId ? { conversation_id: handled.conversationId } : {}),
    ...(handled.code ? { code: handled.code } : {}),
  };
}
