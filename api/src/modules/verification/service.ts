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
import { hasValidSignature, type PrivateFile, type SignedFileRequest } from '../../lib/file-routes.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { newKey, privatePrefix } from '../../lib/storage.ts';
import {
  certificateFile,
  certificatePurpose,
  hasPendingRequest,
  insertRequest,
  islandToday,
  latestRequestRow,
  lockRequest,
  markVerified,
  providerOf,
  queueRows,
  requestRow,
  saveDecision,
  toVerificationRequest,
  verificationNotFound,
  type RequestRow,
} from './repository.ts';
import type { QueueFilters } from './schemas.ts';
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
  if (await hasPendingRequest(knex, caller.userId)) throw pendingAlready();
  if (input.bytes.length > verificationLimits.certificateMaxBytes) throw certificateTooLarge();
  const document = await readDocument(input.bytes, imageMaxSide);
  if (!document) throw notSupported();
  const key = `${newKey(`${privatePrefix}certificates`, now)}.${document.extension}`;
  await context.storage.put(key, document.body, document.contentType);
  try {
    const id = await insertRequest(knex, {
      provider_id: caller.userId,
      licence_number: input.licence_number,
      licence_board: input.licence_board,
      insurance_expires_on: input.insurance_expires_on,
      certificate_path: key,
      certificate_type: document.contentType as RequestRow['certificate_type'],
      certificate_size: document.body.length,
      created_at: now,
    });
    return await requestById(context, id);
  } catch (error) {
    // Two requests at once: the one-pending index refused this one (errors plugin: verification_pending).
    await context.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

const pendingAlready = () => new AppError('verification_pending', 'A verification request is waiting for review');

async function requestById(context: VerificationContext, id: string): Promise<VerificationRequest> {
  const row = await requestRow(context.knex, id);
  if (!row) throw verificationNotFound();
  return toVerificationRequest(row, context.config.jwtSecret, context.clock.now());
}

/** GET /providers/me/verification: the badges the provider has and their latest request. */
export async function myVerification(context: VerificationContext, caller: Caller): Promise<MyVerification> {
  const provider = await providerOf(context.knex, caller.userId);
  if (!provider) throw forbidden();
  const latest = await latestRequestRow(context.knex, caller.userId);
  return {
    verified: provider.verified_at !== null,
    insured: provider.insured,
    insurance_expires_on: provider.insurance_expires_on,
    request: latest ? toVerificationRequest(latest, context.config.jwtSecret, context.clock.now()) : null,
  };
}

/** The certificate file: for its provider and admins (or a signed address one of them was given); 404 for anyone else. */
export async function readCertificate(context: VerificationContext, request: SignedFileRequest): Promise<PrivateFile> {
  const row = await certificateFile(context.knex, request.id);
  if (!row) throw verificationNotFound();
  const signed = hasValidSignature(certificatePurpose, request, context.config.jwtSecret, context.clock.now());
  const allowed = signed || request.caller?.isAdmin === true || request.caller?.userId === row.provider_id;
  if (!allowed) throw verificationNotFound();
  const body = await context.storage.read(row.certificate_path);
  if (!body) throw verificationNotFound();
  const disposition = `inline; filename="certificado.${row.certificate_type === 'application/pdf' ? 'pdf' : 'webp'}"`;
  return { body, contentType: row.certificate_type, disposition };
}

/** GET /admin/verification-requests: the queue (oldest waiting first), or the decided ones (newest first). */
export async function verificationQueue(context: VerificationContext, filters: QueueFilters): Promise<VerificationQueue> {
  const { rows, total } = await queueRows(context.knex, filters);
  const now = context.clock.now();
  return { items: rows.map((row) => toVerificationRequest(row, context.config.jwtSecret, now)), total };
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
    const row = await lockRequest(trx, id);
    if (!row) throw verificationNotFound();
    if (row.status !== 'pending') throw new AppError('verification_already_decided', 'This request was decided already');
    const status: VerificationStatus = decision.approve ? 'approved' : 'rejected';
    await saveDecision(trx, id, { status, reason: decision.approve ? null : decision.reason, decided_by: admin.userId, decided_at: now });
    if (decision.approve) {
      const insured = row.insurance_expires_on >= (await islandToday(trx, now));
      await markVerified(trx, row.provider_id, insured, row.insurance_expires_on, now);
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
