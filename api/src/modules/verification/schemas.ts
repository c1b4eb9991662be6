/** joi for verification, from contract's limits and lists. */
import Joi from 'joi';
import { licenceBoards, licenceNumberPattern, verificationLimits, verificationStatuses, type LicenceBoard, type VerificationStatus } from '@resuelve/contract';
import { fileField, type FilePart } from '../../lib/multipart.ts';
import { idParams, withinBounds } from '../../lib/validation.ts';

export const requestIdParams = idParams;

/** The multipart body of a request to be verified. */
export interface VerificationForm {
  licence_number: string;
  licence_board: LicenceBoard;
  insurance_expires_on: string;
  certificate: FilePart;
}

export interface QueueFilters {
  status: VerificationStatus;
  limit: number;
  offset: number;
}

const isoDay = withinBounds(
  Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .custom((value: string, helpers) => {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? helpers.error('any.invalid') : value;
    }),
);

export const verificationPayload = Joi.object<VerificationForm>({
  licence_number: Joi.string()
    .trim()
    .min(verificationLimits.licenceNumberMinLength)
    .max(verificationLimits.licenceNumberMaxLength)
    .pattern(licenceNumberPattern)
    .required(),
  licence_board: Joi.string().valid(...licenceBoards).required(),
  insurance_expires_on: isoDay.required(),
  certificate: fileField.required().description('The certificate of insurance: a PDF or an image (checked by content), at most 10 MB'),
}).label('VerificationInput');

export const verificationRequestSchema = Joi.object({
  id: Joi.string().required(),
  provider_id: Joi.string().required(),
  company_name: Joi.string().allow(null).required(),
  licence_number: Joi.string().required(),
  licence_board: Joi.string().valid(...licenceBoards).required(),
  insurance_expires_on: Joi.string().required(),
  certificate: Joi.object({
    content_type: Joi.string().valid('application/pdf', 'image/webp').required(),
    size: Joi.number().integer().required(),
    url: Joi.string().required(),
  }).required(),
  status: Joi.string().valid(...verificationStatuses).required(),
  reason: Joi.string().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
  decided_at: Joi.string().isoDate().allow(null).required(),
}).label('VerificationRequest');

export const myVerificationSchema = Joi.object({
  verified: Joi.boolean().required(),
  insured: Joi.boolean().required(),
  insurance_expires_on: Joi.string().allow(null).required(),
  request: verificationRequestSchema.allow(null).required(),
}).label('MyVerification');

export const queueQuery = Joi.object<QueueFilters>({
  status: Joi.string().valid(...verificationStatuses).default('pending'),
  limit: Joi.number().integer().min(1).max(100).default(20),
  offset: Joi.number().integer().min(0).max(1_000_000).default(0),
});

export const queueSchema = Joi.object({ items: Joi.array().items(verificationRequestSchema).required(), total: Joi.number().integer().required() }).label(
  'VerificationQueue',
);

export const rejectPayload = Joi.object<{ reason: string }>({
  reason: Joi.string().trim().min(verificationLimits.reasonMinLength).max(verificationLimits.reasonMaxLength).required(),
}).label('VerificationRejection');
