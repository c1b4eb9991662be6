import { isLocale, limits } from '@resuelve/contract';
import { notificationKinds } from '../shared/ipc.ts';
import type {
  BadgePayload,
  DismissPayload,
  OfflineActionInput,
  UnsavedPayload,
  NotificationKind,
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
    hasOnlyKeys(value, ['title', 'body', 'path', 'kind']) &&
    (value.kind === undefined || notificationKinds.includes(value.kind as NotificationKind)) &&
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

const jobIdPattern = /^[0-9a-fA-F-]{1,64}$/;
/** A note is a message to the client: the messages' own limit. */
const noteMaxLength = 500;

export function isOfflineActionInput(value: unknown): value is OfflineActionInput {
  if (!isRecord(value) || !hasOnlyKeys(value, ['kind', 'job_id', 'text'])) return false;
  if (typeof value.job_id !== 'string' || !jobIdPattern.test(value.job_id)) return false;
  if (value.kind === 'note') return isBoundedString(value.text, 1, noteMaxLength) && value.text.trim().length > 0;
  return (value.kind === 'start' || value.kind === 'end') && value.text === undefined;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000;

export function isBadgePayload(value: unknown): value is BadgePayload {
  return isRecord(value) && hasOnlyKeys(value, ['pendingRequests', 'unreadMessages']) && isCount(value.pendingRequests) && isCount(value.unreadMessages);
}

export function isUnsavedPayload(value: unknown): value is UnsavedPayload {
  return isRecord(value) && hasOnlyKeys(value, ['unsaved']) && typeof value.unsaved === 'boolean';
}

export function isDismissPayload(value: unknown): value is DismissPayload {
  return isRecord(value) && hasOnlyKeys(value, ['id']) && isBoundedString(value.id, 1, 64);
}
