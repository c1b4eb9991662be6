/**
 * Account emails in the person's language, from locales/{lng}/email.json (DESIGN.md §10), with
 * i18next-style `{{name}}` placeholders. Sending never fails the request that caused it: the
 * person can ask again (resend, reset), and the failure is logged.
 */
import type { Locale } from '@resuelve/contract';
import type { Mailer } from '../../lib/senders.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';

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

export async function composeEmail(
  localesDir: string,
  locale: Locale,
  kind: AccountEmail,
  values: Record<string, string | number>,
): Promise<{ subject: string; text: string }> {
  const texts = (await textsWith(localesDir, locale, 'email', kind)) as EmailTexts;
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
