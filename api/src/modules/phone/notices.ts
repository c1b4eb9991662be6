/**
 * SMS texts in the person's language, from locales/{lng}/sms.json (DESIGN.md §10), with
 * i18next-style `{{name}}` placeholders; Spanish when a language lacks the text.
 */
import type { Locale } from '@resuelve/contract';
import { interpolate, textsWith } from '../../lib/texts.ts';

export type SmsText = 'verification_code';

export async function composeSms(localesDir: string, locale: Locale, kind: SmsText, values: Record<string, string | number>): Promise<string> {
  const template = (await textsWith(localesDir, locale, 'sms', kind))[kind];
  if (typeof template !== 'string') throw new Error(`No SMS text ${kind} in ${locale}`);
  return interpolate(template, values);
}
