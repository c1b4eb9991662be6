import { isLocale, limits } from '@resuelve/contract';
import type {
  NotifyPayload,
  OpenExternalPayload,
  SetLanguagePayload,
  SignInPayload,
  SignOutPayload,
} from '../shared/ipc.ts';
import { isAppPath } from './app-path.ts';
import { isRecord } from './api-call.ts';
import { isHttpUrl } from './security.ts';

/** A JWT is a few hundred characters; anything far larger is not one. */
const accessTokenMaxLength = 8192;
const notificationTitleMaxLength = 200;
const notificationBodyMaxLength = 1000;

function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

function isBoundedString(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

export function isSignInPayload(value: unknown): value is SignInPayload {
  return (
    isRecord(value) &&
    hasOnlyKeys(value, ['email', 'password']) &&
    isBoundedString(value.email, 1, limits.emailMaxLength) &&
    isBoundedString(value.password, 1, limits.passwordMaxLength)
  );
}

export function isSignOutPayload(value: unknown): value is SignOutPayload {
  return (
    isRecord(value) &&
    hasOnlyKeys(value, ['accessToken']) &&
    (value.accessToken === null || isBoundedString(value.accessToken, 1, accessTokenMaxLength))
  );
}

export function isNotifyPayload(value: unknown): value is NotifyPayload {
  return (
    isRecord(value) &&
    hasOnlyKeys(value, ['title', 'body', 'path']) &&
    isBoundedString(value.title, 1, notificationTitleMaxLength) &&
    isBoundedString(value.body, 0, notificationBodyMaxLength) &&
    (value.path === undefined || isAppPath(value.path))
  );
}

export function isOpenExternalPayload(value: unknown): value is OpenExternalPayload {
  return isRecord(value) && hasOnlyKeys(value, ['url']) && isHttpUrl(value.url);
}

export function isSetLanguagePayload(value: unknown): value is SetLanguagePayload {
  return isRecord(value) && hasOnlyKeys(value, ['language']) && isLocale(value.language);
}
