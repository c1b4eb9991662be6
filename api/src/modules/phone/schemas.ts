/** joi for the phone routes, built from contract's rules (SPEC.md §5: phone, 6-digit code). */
import Joi from 'joi';
import { checkPhone, checkVerificationCode, limits } from '@resuelve/contract';
import { fromCheck } from '../../lib/validation.ts';

// Room for typed separators: "+1 (787) 555-0123".
const phoneNumber = fromCheck(checkPhone, 32);
const code = fromCheck(checkVerificationCode, limits.verificationCodeLength);
const digits = Joi.string().pattern(/^\d+$/);
const isoDate = Joi.string().isoDate();

export const sendVerificationPayload = Joi.object<{ phoneNumber: string }>({ phoneNumber: phoneNumber.required() }).label('PhoneSendVerification');

export const verifyPayload = Joi.object<{ phoneNumber: string; code: string }>({ phoneNumber: phoneNumber.required(), code: code.required() }).label('PhoneVerify');

export const codeSentResponse = Joi.object({
  phone_number: digits.required(),
  expires_in: Joi.number().integer().required(),
  resend_in: Joi.number().integer().required(),
  attempts: Joi.number().integer().required(),
}).label('PhoneCodeSent');

export const verifiedResponse = Joi.object({
  verified: Joi.boolean().valid(true).required(),
  phone_number: digits.required(),
}).label('PhoneVerified');

export const statusResponse = Joi.object({
  phone_number: digits.allow(null).required(),
  verified: Joi.boolean().required(),
  pending: Joi.object({
    phone_number: digits.required(),
    expires_at: isoDate.required(),
    resend_at: isoDate.required(),
    attempts_remaining: Joi.number().integer().min(0).required(),
  })
    .allow(null)
    .required()
    .label('PhonePendingCode'),
}).label('PhoneVerificationStatus');
