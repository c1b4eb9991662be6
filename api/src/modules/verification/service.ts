/**
 * Verification (issue "trust and growth"): a provider asks with their licence or registration
 * number and a certificate of insurance; an admin approves (the provider becomes `verified`, and
 * `insured` until the certificate's expiry) or rejects with a reason. Every decision is recorded
 * (lib/admin-actions.ts) and reaches the provider in their language (notices.ts).
 */
import { verificationLimits, type LicenceBoard, type MyVerification, type VerificationQueue, type VerificationRequest, type VerificationStatus } from '@resuelve/contract';
import type { AppContext, Caller } from '../../context.ts';
import { recordAdminAction } from '../../lib/admin-actions.ts';
import { readDocument } from '../../lib/documents.ts';
import type { PrivateFile, SignedFileRequest } from '../../lib/file-routes.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { newKey, privatePrefix } from '../../lib/storage.ts';
import { islandToday, isValidCertificateLink, providerOf, requestColumns, requestsQuery, toVerificationRequest, verificationNotFound, type RequestRow } from './repository.ts';
import { sendDecisionNotice } from './notices.ts';

type VerificationContext = Pick<AppContext, 'knex' | 'storage' | 'clock' | 'config' | 'senders'>;

export const certificateTooLarge = () => new AppError('file_too_large', 'A certificate must be at most 10 MB');
const notSupported = () => new AppError('file_type_not_supported', 'Send the certificate as a PDF or an image');

/** Certificates are kept up to this many pixels on their longest side (a scanned page stays readable). */
const imageMaxSide = 3000;

export interface VerificationInput {
  licence_number: string;
  licence_board: LicenceBoard;
  insurance_expires_on: string;
  bytes: Buffer;
}

/** POST /providers/me/verification: one request waiting at a time; the certificate judged by its content. */
export async function requestVerification(context: VerificationContext, caller: Caller, input: VerificationInput): Promise<VerificationRequest> {
  const { knex } = context;
  const now = context.clock.now();
  if (!(await providerOf(knex, caller.userId))) throw forbidden();
  if (input.insurance_expires_on < (await islandToday(knex, now))) {
    throw new AppError('validation_failed', 'The certificate has expired', { details: { insurance_expires_on: 'out_of_range' } });
  }
  if (await knex('verification_requests').where({ provider_id: caller.userId, status: 'pending' }).first('id')) throw pendingAlready();
  if (input.bytes.length > verificationLimits.certificateMaxBytes) throw certificateTooLarge();
  const document = await readDocument(input.bytes, imageMaxSide);
  if (!document) throw notSupported();
  const key = `${newKey(`${privatePrefix}certificates`, now)}.${document.extension}`;
  await context.storage.put(key, document.body, document.contentType);
  try {
    const [inserted] = await knex('verification_requests')
      .insert({
        provider_id: caller.userId,
        licence_number: input.licence_number,
        licence_board: input.licence_board,
        insurance_expires_on: input.insurance_expires_on,
        certificate_path: key,
        certificate_type: document.contentType,
        certificate_size: document.body.length,
        created_at: now,
      })
      .returning('id');
    return await requestById(context, (inserted as { id: string }).id);
  } catch (error) {
    // Two requests at once: the one-pending index refused this one (errors plugin: verification_pending).
    await context.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

const pendingAlready = () => new AppError('verification_pending', 'A verification request is waiting for review');

async function requestById(context: VerificationContext, id: string): Promise<VerificationRequest> {
  const row = await requestsQuery(context.knex).where('r.id', id).first<RequestRow | undefined>(requestColumns(context.knex));
  if (!row) throw verificationNotFound();
  return toVerificationRequest(row, context.config.jwtSecret, context.clock.now());
}

/** GET /providers/me/verification: the badges the provider has and their latest request. */
export async function myVerification(context: VerificationContext, caller: Caller): Promise<MyVerification> {
  const provider = await providerOf(context.knex, caller.userId);
  if (!provider) throw forbidden();
  const latest = await requestsQuery(context.knex)
    .where('r.provider_id', caller.userId)
    .orderBy('r.created_at', 'desc')
    .first<RequestRow | undefined>(requestColumns(context.knex));
  return {
    verified: provider.verified_at !== null,
    insured: provider.insured,
    insurance_expires_on: provider.insurance_expires_on,
    request: latest ? toVerificationRequest(latest, context.config.jwtSecret, context.clock.now()) : null,
  };
}

/** The certificate file: for its provider and admins (or a signed address one of them was given); 404 for anyone else. */
export async function readCertificate(context: VerificationContext, request: SignedFileRequest): Promise<PrivateFile> {
  const row = await context.knex('verification_requests').where({ id: request.id }).first<{ provider_id: string; certificate_path: string; certificate_type: string } | undefined>('provider_id', 'certificate_path', 'certificate_type');
  if (!row) throw verificationNotFound();
  const signed =
    request.expires !== undefined &&
    request.signature !== undefined &&
    isValidCertificateLink(request.id, request.expires, request.signature, context.config.jwtSecret, context.clock.now());
  const allowed = signed || request.caller?.isAdmin === true || request.caller?.userId === row.provider_id;
  if (!allowed) throw verificationNotFound();
  const body = await context.storage.read(row.certificate_path);
  if (!body) throw verificationNotFound();
  const disposition = `inline; filename="certificado.${row.certificate_type === 'application/pdf' ? 'pdf' : 'webp'}"`;
  return { body, contentType: row.certificate_type, disposition };
}

/** GET /admin/verification-requests: the queue (oldest waiting first), or the decided ones (newest first). */
export async function verificationQueue(
  context: VerificationContext,
  filters: { status: VerificationStatus; limit: number; offset: number },
): Promise<VerificationQueue> {
  const base = requestsQuery(context.knex).where('r.status', filters.status);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select<RequestRow[]>(requestColumns(context.knex))
      .orderBy('r.created_at', filters.status === 'pending' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(filters.limit)
      .offset(filters.offset),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  const now = context.clock.now();
  return { items: rows.map((row) => toVerificationRequest(row, context.config.jwtSecret, now)), total: Number(count[0]?.count ?? 0) };
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Approve: `verified` from now, `insured` with the certificate's expiry (unless it has passed
 * meanwhile). Reject: the reason is kept and sent. Either is recorded with the admin and the time.
 */
export async function decideVerification(
  context: VerificationContext,
  admin: Caller,
  id: string,
  decision: Decision,
  onNoticeError: (error: unknown) => void,
): Promise<VerificationRequest> {
  const now = context.clock.now();
  const providerId = await context.knex.transaction(async (trx) => {
    const row = await trx('verification_requests').where({ id }).forUpdate().first<{ provider_id: string; status: VerificationStatus; insurance_expires_on: string; licence_number: string } | undefined>(
      'provider_id',
      'status',
      'licence_number',
      trx.raw(`to_char(insurance_expires_on, 'YYYY-MM-DD') AS insurance_expires_on`),
    );
    if (!row) throw verificationNotFound();
    if (row.status !== 'pending') throw new AppError('verification_already_decided', 'This request was decided already');
    const status: VerificationStatus = decision.approve ? 'approved' : 'rejected';
    await trx('verification_requests')
      .where({ id })
      .update({ status, reason: decision.approve ? null : decision.reason, decided_by: admin.userId, decided_at: now });
    if (decision.approve) {
      const insured = row.insurance_expires_on >= (await islandToday(trx, now));
      await trx('providers')
        .where({ id: row.provider_id })
        .update({ verified_at: now, insured, insurance_expires_on: row.insurance_expires_on, insurance_reminded_on: null, updated_at: now });
    }
    await recordAdminAction(trx, {
      adminId: admin.userId,
      action: decision.approve ? 'verification_approved' : 'verification_rejected',
      targetId: row.provider_id,
      details: { request_id: id, licence_number: row.licence_number, insurance_expires_on: row.insurance_expires_on, reason: decision.approve ? null : decision.reason },
      at: now,
    });
    return row.provider_id;
  });
  const answer = await requestById(context, id);
  // After the commit: the decision stands whether or not the message gets out.
  await sendDecisionNotice(context, providerId, answer).catch(onNoticeError);
  return answer;
}
