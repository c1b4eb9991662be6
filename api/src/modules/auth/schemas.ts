/** joi for the account routes, built from contract's rules (SPEC.md §5). */
import Joi from 'joi';
import { checkEmail, checkPassword, limits, locales, type Locale } from '@resuelve/contract';
import { fromCheck } from '../../lib/validation.ts';
import { profileSchema } from '../profiles/index.ts';
import type { SessionClient } from './repository.ts';

/** What the account routes are sent, once joi has admitted it (contract has no request types for them). */
export interface SignUpRequest {
  email: string;
  password: string;
  locale: Locale;
}
export interface EmailRequest {
  email: string;
}
export interface TokenRequest {
  token: string;
}
export interface SignInRequest {
  email: string;
  password: string;
  client: SessionClient;
}
export interface RefreshRequest {
  refresh_token?: string;
}
export interface ResetConfirmRequest {
  token: string;
  password: string;
}
export interface EmailChangeRequest {
  new_email: string;
  password: string;
}

/** An address as typed: trimmed and lowercased before the contract's pattern checks it. */
export const email = fromCheck(checkEmail, limits.emailMaxLength)
  .trim()
  .lowercase()
  // The contract's pattern is about shape; control characters (a NUL byte) are never an address.
  .pattern(/^[^\p{Cc}]*$/u);

/** A new password must meet every rule of SPEC.md §5. */
export const newPassword = fromCheck(checkPassword, limits.passwordMaxLength);

/** A password being checked is only bounded: rules can change after it was chosen. */
export const givenPassword = Joi.string().min(1).max(limits.passwordMaxLength);

/** A token from a link or a refresh token; any string is accepted and simply fails to match. */
export const token = Joi.string().min(1).max(512);

export const client = Joi.string().valid('web', 'desktop');

export const signUpPayload = Joi.object<SignUpRequest>({
  email: email.required(),
  password: newPassword.required(),
  locale: Joi.string().valid(...locales).default('es'),
}).label('SignUp');

export const signUpResponse = Joi.object({ id: Joi.string().required(), email: Joi.string().required() }).label('SignUpAnswer');

export const emailPayload = Joi.object<EmailRequest>({ email: email.required() }).label('EmailOnly');

export const tokenPayload = Joi.object<TokenRequest>({ token: token.required() }).label('LinkToken');

export const signInPayload = Joi.object<SignInRequest>({
  email: email.required(),
  password: givenPassword.required(),
  client: client.default('web'),
}).label('SignIn');

/** Web sends `{}` (or nothing) and the cookie; the desktop sends its token in the body. */
export const refreshPayload: Joi.Schema<RefreshRequest | null> = Joi.object<RefreshRequest>({ refresh_token: token }).allow(null).label('RefreshToken');

export const resetConfirmPayload = Joi.object<ResetConfirmRequest>({
  token: token.required(),
  password: newPassword.required(),
}).label('PasswordResetConfirm');

export const sessionResponse = Joi.object({
  access_token: Joi.string().required(),
  expires_in: Joi.number().integer().required(),
  user: profileSchema.required(),
  refresh_token: Joi.string(),
}).label('SignInResponse');

export const emailChangePayload = Joi.object<EmailChangeRequest>({
  new_email: email.required(),
  password: givenPassword.required(),
}).label('EmailChange');

export const acceptedResponse = Joi.object({}).label('Accepted');
