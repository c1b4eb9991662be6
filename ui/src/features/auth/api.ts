import { useMutation } from '@tanstack/react-query';
import type { Locale, SignInResponse } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { acceptSignIn, signIn } from '../../lib/session-actions.ts';
import type { SignInCredentials } from '../../platform/index.ts';

// The account calls are public: no bearer token, and a 401 here is an answer, not an expired session.
const publicCall = { method: 'POST', auth: false } as const;

export interface SignUpInput {
  email: string;
  password: string;
  locale: Locale;
}

export interface SignUpResult {
  id: string;
  email: string;
}

export function signUp(input: SignUpInput): Promise<SignUpResult> {
  return apiFetch<SignUpResult>('/auth/signup', { ...publicCall, body: input });
}

/** `session`: the link was opened in the browser that signed up, which is now signed in (api routes/signup-browser.ts). */
export interface VerifyEmailResult {
  verified: boolean;
  session?: SignInResponse;
}

export function verifyEmail(token: string): Promise<VerifyEmailResult> {
  return apiFetch<VerifyEmailResult>('/auth/verify-email', { ...publicCall, body: { token } });
}

export function resendVerification(email: string): Promise<void> {
  return apiFetch<void>('/auth/resend-verification', { ...publicCall, body: { email } });
}

export function requestPasswordReset(email: string): Promise<void> {
  return apiFetch<void>('/auth/password-reset', { ...publicCall, body: { email } });
}

export function confirmPasswordReset(input: { token: string; password: string }): Promise<void> {
  return apiFetch<void>('/auth/password-reset/confirm', { ...publicCall, body: input });
}

/**
 * Sign-in goes through the platform (cookie on the web, safeStorage on the desktop). Never
 * retried: each failed attempt counts toward the 30-second lock.
 */
export function useSignIn() {
  return useMutation({ mutationFn: (credentials: SignInCredentials) => signIn(credentials), retry: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

export function useVerifyEmail() {
  // A verification link works once: a retry after a lost answer would report a used link.
  return useMutation({
    mutationFn: verifyEmail,
    retry: false,
    onSuccess: (answer) => {
      if (answer.session) acceptSignIn(answer.session);
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset, retry: false });
}
