/** The SMS tables (migration 0044): consents, stopped numbers, reply targets and inbound texts. */
import type { Knex } from 'knex';
import type { Locale, SmsInboundOutcome } from '@resuelve/contract';

type Db = Knex | Knex.Transaction;

export interface ConsentRecord {
  profileId: string;
  phoneNumber: string;
  version: string;
  wording: string;
  language: Locale;
  givenAt: Date;
}

export async function insertConsent(db: Db, consent: ConsentRecord): Promise<void> {
  await db('sms_consents').insert({
    profile_id: consent.profileId,
    phone_number: consent.phoneNumber,
    wording_version: consent.version,
    wording: consent.wording,
    language: consent.language,
    given_at: consent.givenAt,
  });
}

export interface ConsentRow {
  phone_number: string;
  wording_version: string;
  wording: string;
  language: Locale;
  given_at: Date;
}

export function latestConsentOf(db: Db, profileId: string): Promise<ConsentRow | undefined> {
  return db('sms_consents')
    .where({ profile_id: profileId })
    .orderBy('given_at', 'desc')
    .orderBy('id', 'desc')
    .first('phone_number', 'wording_version', 'wording', 'language', 'given_at');
}

export async function stopNumber(db: Db, phoneNumber: string, keyword: string, now: Date): Promise<void> {
  // A second STOP keeps the first one's time: the number has been stopped since then.
  await db('sms_opt_outs').insert({ phone_number: phoneNumber, keyword, stopped_at: now }).onConflict('phone_number').ignore();
}

export async function resumeNumber(db: Db, phoneNumber: string): Promise<void> {
  await db('sms_opt_outs').where({ phone_number: phoneNumber }).delete();
}

/** The account whose verified number this is, and its language. */
export function ownerOfNumber(db: Db, phoneNumber: string): Promise<{ id: string; language: Locale } | undefined> {
  return db('profiles').where({ phone_number: phoneNumber }).whereNotNull('phone_verified_at').first('id', 'language');
}

/** The job the number's latest job text was about, when the number's owner is that job's client. */
export function replyTargetOf(db: Db, phoneNumber: string, clientId: string): Promise<{ id: string; provider_id: string } | undefined> {
  return db('sms_reply_targets as t')
    .join('jobs as j', 'j.id', 't.job_id')
    .where({ 't.phone_number': phoneNumber, 'j.client_id': clientId })
    .first('j.id', 'j.provider_id');
}

export interface InboundRecord {
  gatewayId: string | null;
  from: string;
  body: string;
  outcome: SmsInboundOutcome;
  jobId: string | null;
  messageId: string | null;
  receivedAt: Date;
}

export async function recordInbound(db: Db, inbound: InboundRecord): Promise<void> {
  await db('sms_inbound')
    .insert({
      gateway_id: inbound.gatewayId,
      from_number: inbound.from,
      body: inbound.body,
      outcome: inbound.outcome,
      job_id: inbound.jobId,
      message_id: inbound.messageId,
      received_at: inbound.receivedAt,
    })
    .onConflict('gateway_id')
    .ignore();
}

/** What a delivery the gateway retries already came to. */
export function inboundByGatewayId(db: Db, gatewayId: string): Promise<{ outcome: SmsInboundOutcome } | undefined> {
  return db('sms_inbound').where({ gateway_id: gatewayId }).first('outcome');
}
