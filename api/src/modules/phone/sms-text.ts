/**
 * SMS texts in the person's language, from locales/{lng}/sms.json (DESIGN.md §10), with
 * i18next-style `{{name}}` placeholders; Spanish when a language lacks the text.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { defaultLocale, type Locale } from '@resuelve/contract';

export type SmsText = 'verification_code';

const cache = new Map<string, Promise<Record<string, string>>>();

function textsFor(localesDir: string, locale: Locale): Promise<Record<string, string>> {
  const file = path.join(localesDir, locale, 'sms.json');
  let texts = cache.get(file);
  if (!texts) {
    texts = fs.readFile(file, 'utf8').then((raw) => JSON.parse(raw) as Record<string, string>);
    // A failed read is not remembered, so a fixed file is picked up without a restart.
    texts.catch(() => cache.delete(file));
    cache.set(file, texts);
  }
  return texts;
}

export async function composeSms(localesDir: string, locale: Locale, kind: SmsText, values: Record<string, string | number>): Promise<string> {
  let texts = await textsFor(localesDir, locale);
  if (typeof texts[kind] !== 'string' && locale !== defaultLocale) texts = await textsFor(localesDir, defaultLocale);
  const template = texts[kind];
  if (typeof template !== 'string') throw new Error(`No SMS text ${kind} in ${locale}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
