/**
 * Verified and insured providers (issue "trust and growth"): a provider asks with their Puerto
 * Rico licence or registration number, the board that issued it, and a certificate of insurance
 * with its expiry; an admin approves or rejects with a reason.
 */

/** Who issued the licence or registration: DACO, or the trade's examining board. */
export const licenceBoards = ['daco', 'plumbers', 'electricians', 'engineers', 'refrigeration', 'other'] as const;
export type LicenceBoard = (typeof licenceBoards)[number];

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const verificationLimits = {
  /** The certificate of insurance: a PDF or an image, at most 10 MB. */
  certificateMaxBytes: 10 * 1024 * 1024,
  licenceNumberMinLength: 3,
  licenceNumberMaxLength: 40,
  reasonMinLength: 3,
  reasonMaxLength: 500,
  /** The provider hears this many days before their certificate expires. */
  expiryNoticeDays: 30,
} as const;

/** Letters, digits, spaces, dashes, dots and slashes, starting and ending with a letter or digit. */
export const licenceNumberPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;

export interface VerificationRequest {
  id: string;
  provider_id: string;
  /** The provider's company name (the admin's queue shows it). */
  company_name: string | null;
  licence_number: string;
  licence_board: LicenceBoard;
  /** YYYY-MM-DD. */
  insurance_expires_on: string;
  certificate: { content_type: 'application/pdf' | 'image/webp'; size: number; url: string };
  status: VerificationStatus;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** GET /providers/me/verification: where the provider stands, and their latest request. */
export interface MyVerification {
  verified: boolean;
  insured: boolean;
  insurance_expires_on: string | null;
  request: VerificationRequest | null;
}

export interface VerificationQueue {
  items: VerificationRequest[];
  total: number;
}
