/**
 * Account emails in the person's language, from locales/{lng}/email.json (DESIGN.md §10), with
 * i18next-style `{{name}}` placeholders. Sending never fails the request that caused it: the
 * person can ask again (resend, reset), and the failure is logged.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { defaultLocale, type Locale } from '@resuelve/contract';
import type { Mailer } from '../../lib/senders.ts';

export type AccountEmail =
  | 'verify_email'
  | 'signup_attempt'
  | 'password_reset'
  | 'password_changed'
  | 'email_change_link'
  | 'email_change_requested'
  | 'email_change_taken';

interface EmailTexts {
  signature: string;
  [kind: string]: { subject: string; body: string } | string;
}

const cache = new Map<string, Promise<EmailTexts>>();

function textsFor(localesDir: string, locale: Locale): Promise<EmailTexts> {
  const file = path.join(localesDir, locale, 'email.json');
  let texts = cache.get(file);
  if (!texts) {
    texts = fs.readFile(file, 'utf8').then((raw) => JSON.parse(raw) as EmailTexts);
    // A failed read is not remembered, so a fixed file is picked up without a restart.
    texts.catch(() => cache.delete(file));
    cache.set(file, texts);
  }
  return texts;
}

function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export async function composeEmail(
  localesDir: string,
  locale: Locale,
  kind: AccountEmail,
  values: Record<string, string | number>,
): Promise<{ subject: string; text: string }> {
  let texts = await textsFor(localesDir, locale);
  if (typeof texts[kind] !== 'object' && locale !== defaultLocale) texts = await textsFor(localesDir, defaultLocale);
  const entry = texts[kind];
  if (typeof entry !== 'object') throw new Error(`No email text ${kind} in ${locale}`);
  return {
    subject: interpolate(entry.subject, values),
    text: `${interpolate(entry.body, values)}\n\n${texts.signature}\n`,
  };
}

export interface EmailSender {
  mailer: Mailer;
  localesDir: string;
  onError: (error: unknown) => void;
}

export async function sendAccountEmail(
  sender: EmailSender,
  to: string,
  locale: Locale,
  kind: AccountEmail,
  values: Record<string, string | number>,
): Promise<void> {
  try {
    const { subject, text } = await composeEmail(sender.localesDir, locale, kind, values);
    await sender.mailer.send({ to, subject, text });
  } catch (error) {
    sender.onError(error);
  }
}
