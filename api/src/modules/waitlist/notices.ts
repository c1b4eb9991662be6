/**
 * The waitlist's confirmation email, in the signer's language (locales/{lng}/waitlist.json, key
 * `email`, with the signature of email.json), through the senders (the outbox when none is set up).
 */
import type { Locale } from '@resuelve/contract';
import type { Mailer } from '../../lib/senders.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';

export async function sendConfirmation(
  sender: { mailer: Mailer; localesDir: string },
  to: string,
  locale: Locale,
  values: { link: string; hours: number },
): Promise<void> {
  const texts = (await textsWith(sender.localesDir, locale, 'waitlist', 'email')) as { email: { subject: string; body: string } };
  const { signature } = (await textsWith(sender.localesDir, locale, 'email', 'signature')) as { signature: string };
  await sender.mailer.send({ to, subject: texts.email.subject, text: `${interpolate(texts.email.body, values)}\n\n${signature}\n` });
}
