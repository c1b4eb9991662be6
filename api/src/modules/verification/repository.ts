/** Verification requests as stored and as answered (the certificate's address is signed per reader). */
import type { Knex } from 'knex';
import type { VerificationRequest } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';
import { isValidSignedLink, signedPath } from '../../lib/signed-links.ts';

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

const certificatePurpose = 'certificates';

export const certificatePath = (id: string) => `/api/v1/verification-requests/${id}/certificate`;

export function isValidCertificateLink(id: string, expires: number, signature: string, secret: string, now: Date): boolean {
  return isValidSignedLink(certificatePurpose, id, expires, signature, secret, now);
}

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
