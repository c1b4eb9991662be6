/**
 * Texts the server sends (emails, SMS, notifications) in the person's language, from
 * locales/{lng}/{namespace}.json (DESIGN.md §10), with i18next-style `{{name}}` placeholders.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { defaultLocale, type Locale } from '@resuelve/contract';

type Texts = Record<string, unknown>;

const cache = new Map<string, Promise<Texts>>();

function load(localesDir: string, locale: Locale, namespace: string): Promise<Texts> {
  const file = path.join(localesDir, locale, `${namespace}.json`);
  let texts = cache.get(file);
  if (!texts) {
    texts = fs.readFile(file, 'utf8').then((raw) => JSON.parse(raw) as Texts);
    // A failed read is not remembered, so a fixed file is picked up without a restart.
    texts.catch(() => cache.delete(file));
    cache.set(file, texts);
  }
  return texts;
}

/** A namespace's texts in `locale`, or in Spanish when that language lacks `key`. */
export async function textsWith(localesDir: string, locale: Locale, namespace: string, key: string): Promise<Texts> {
  const texts = await load(localesDir, locale, namespace);
  if (texts[key] === undefined && locale !== defaultLocale) return load(localesDir, defaultLocale, namespace);
  return texts;
}

export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
