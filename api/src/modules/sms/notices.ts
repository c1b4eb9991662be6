/**
 * The texts of the SMS domain, in the person's language (locales/{lng}/sms.json): the one answer
 * to STOP and to START. And the consent statement shown at phone verification
 * (locales/{lng}/phone.json `sms_consent`), recorded word for word with each consent.
 */
import type { Locale } from '@resuelve/contract';
import { textsWith } from '../../lib/texts.ts';

async function text(localesDir: string, locale: Locale, namespace: string, key: string): Promise<string> {
  const found = (await textsWith(localesDir, locale, namespace, key))[key];
  if (typeof found !== 'string') throw new Error(`No text ${namespace}:${key} in ${locale}`);
  return found;
}

export function keywordAnswer(localesDir: string, locale: Locale, keyword: 'stop' | 'start'): Promise<string> {
  return text(localesDir, locale, 'sms', keyword === 'stop' ? 'sms_stopped' : 'sms_started');
}

export function consentWording(localesDir: string, locale: Locale): Promise<string> {
  return text(localesDir, locale, 'phone', 'sms_consent');
}
