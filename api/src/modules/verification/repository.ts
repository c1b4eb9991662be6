/** Verification requests as stored and as answered (the certificate's address is signed per reader). */
import type { Knex } from 'knex';
import type { VerificationRequest, VerificationStatus } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';
import { signedPath } from '../../lib/signed-links.ts';
import type { QueueFilters } from './schemas.ts';

export const verificationNotFound = () => new AppError('verification_not_found', 'No such verification request');

/** A request as stored: the answer's fields, with the certificate's file in columns and instants as dates. */
export type RequestRow = Omit<VerificationRequest, 'certificate' | 'created_at' | 'decided_at'> & {
  certificate_path: string;
  certificate_type: VerificationRequest['certificate']['content_type'];
  certificate_size: number;
  created_at: Date;
  decided_at: Date | null;
};

/** The request columns, with the expiry as text (a date, not an instant) and the company's name. */
export function requestColumns(knex: Knex) {
  return [
    'r.id',
    'r.provider_id',
    'pr.company_name',
    'r.licence_number',
    'r.licence_board',
    knex.raw(`to_char(r.insurance_expires_on, 'YYYY-MM-DD') AS insurance_expires_on`),
    'r.certificate_path',
    'r.certificate_type',
    'r.certificate_size',
    'r.status',
    'r.reason',
    'r.created_at',
    'r.decided_at',
  ];
}

export function requestsQuery(knex: Knex | Knex.Transaction) {
  return knex('verification_requests as r').leftJoin('providers as pr', 'pr.id', 'r.provider_id');
}

export const certificatePurpose = 'certificates';

export const certificatePath = (id: string) => `/api/v1/verification-requests/${id}/certificate`;

export function toVerificationRequest(row: RequestRow, secret: string, now: Date): VerificationRequest {
  return {
    id: row.id,
    provider_id: row.provider_id,
    company_name: row.company_name,
    licence_number: row.licence_number,
    licence_board: row.licence_board,
    insurance_expires_on: row.insurance_expires_on,
    certificate: {
      content_type: row.certificate_type,
      size: row.certificate_size,
      url: signedPath(certificatePurpose, certificatePath(row.id), row.id, secret, now),
    },
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/** Today in Puerto Rico, as YYYY-MM-DD (certificates expire by the island's calendar). */
export async function islandToday(db: Knex | Knex.Transaction, now: Date): Promise<string> {
  const { rows } = await db.raw<{ rows: { today: string }[] }>(`SELECT to_char((?::timestamptz AT TIME ZONE 'America/Puerto_Rico')::date, 'YYYY-MM-DD') AS today`, [now]);
  return rows[0]!.today;
}

export async function providerOf(db: Knex | Knex.Transaction, userId: string) {
  const row = await db('providers as pr')
    .join('profiles as p', 'p.id', 'pr.id')
    .where('pr.id', userId)
    .where('p.is_contractor', true)
    .first<{ id: string; verified_at: Date | null; insured: boolean; insurance_expires_on: string | null } | undefined>(
      'pr.id',
      'pr.verified_at',
      'pr.insured',
      db.raw(`to_char(pr.insurance_expires_on, 'YYYY-MM-DD') AS insurance_expires_on`),
    );
  return row ?? null;
}

export async function requestRow(db: Knex, id: string): Promise<RequestRow | undefined> {
  return requestsQuery(db).where('r.id', id).first<RequestRow | undefined>(requestColumns(db));
}

/** The provider's latest request, if any. */
export async function latestRequestRow(db: Knex, providerId: string): Promise<RequestRow | undefined> {
  return requestsQuery(db).where('r.provider_id', providerId).orderBy('r.created_at', 'desc').first<RequestRow | undefined>(requestColumns(db));
}

export async function hasPendingRequest(db: Knex, providerId: string): Promise<boolean> {
  return Boolean(await db('verification_requests').where({ provider_id: providerId, status: 'pending' }).first('id'));
}

/** A new request; its id. The one-pending index refuses a second one waiting (errors plugin: verification_pending). */
export async function insertRequest(
  db: Knex,
  row: Pick<RequestRow, 'provider_id' | 'licence_number' | 'licence_board' | 'insurance_expires_on' | 'certificate_path' | 'certificate_type' | 'certificate_size' | 'created_at'>,
): Promise<string> {
  const [inserted] = await db('verification_requests').insert(row).returning('id');
  return (inserted as { id: string }).id;
}

/** Where a request's certificate is stored, and whose it is. */
export async function certificateFile(db: Knex, id: string) {
  return db('verification_requests')
    .where({ id })
    .first<{ provider_id: string; certificate_path: string; certificate_type: string } | undefined>('provider_id', 'certificate_path', 'certificate_type');
}

/** A page of the queue: pending oldest first, decided newest first. */
export async function queueRows(db: Knex, filters: QueueFilters): Promise<{ rows: RequestRow[]; total: number }> {
  const base = requestsQuery(db).where('r.status', filters.status);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select<RequestRow[]>(requestColumns(db))
      .orderBy('r.created_at', filters.status === 'pending' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(filters.limit)
      .offset(filters.offset),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { rows, total: Number(count[0]?.count ?? 0) };
}

/** A request locked for its decision. */
export async function lockRequest(trx: Knex.Transaction, id: string) {
  return trx('verification_requests')
    .where({ id })
    .forUpdate()
    .first<{ provider_id: string; status: VerificationStatus; insurance_expires_on: string; licence_number: string } | undefined>(
      'provider_id',
      'status',
      'licence_number',
      trx.raw(`to_char(insurance_expires_on, 'YYYY-MM-DD') AS insurance_expires_on`),
    );
}

export async function saveDecision(trx: Knex.Transaction, id: string, decision: { status: VerificationStatus; reason: string | null; decided_by: string; decided_at: Date }): Promise<void> {
  await trx('verification_requests').where({ id }).update(decision);
}

/** The provider verified from `now`, insured (or not) until the certificate's expiry. */
export async function markVerified(trx: Knex.Transaction, providerId: string, insured: boolean, expiresOn: string, now: Date): Promise<void> {
  await trx('providers')
    .where({ id: providerId })
    .update({ verified_at: now, insured, insurance_expires_on: expiresOn, insurance_reminded_on: null, updated_at: now });
}
