import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '@resuelve/contract';

const root = import.meta.dirname;
const pluralSuffix = /_(ordinal_)?(zero|one|two|few|many|other)$/;

/** Every leaf key of a namespace, dotted; plural forms (key_one, key_other, ...) count as one key. */
function keysOf(value: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    keys.add(prefix.replace(pluralSuffix, ''));
    return keys;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const k of keysOf(child, prefix ? `${prefix}.${key}` : key)) keys.add(k);
  }
  return keys;
}

function namespaces(lng: string): string[] {
  return readdirSync(join(root, lng))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

function load(lng: string, ns: string): unknown {
  const text = readFileSync(join(root, lng, `${ns}.json`), 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`locales/${lng}/${ns}.json does not parse: ${(error as Error).message}`);
  }
}

describe('locales', () => {
  it('counts plural forms as one key', () => {
    expect([...keysOf({ a: { item_one: 'x', item_other: 'y' }, b: 'z' })]).toEqual(['a.item', 'b']);
  });

  it('has the same namespaces in every language', () => {
    const [first, ...rest] = locales;
    for (const lng of rest) expect(namespaces(lng), `namespaces of ${lng} vs ${first}`).toEqual(namespaces(first));
  });

  const all = [...new Set(locales.flatMap((lng) => namespaces(lng)))];
  it.each(all)('namespace %s parses and has the same keys in every language', (ns) => {
    const byLanguage = locales.map((lng) => ({ lng, keys: keysOf(load(lng, ns)) }));
    const union = new Set(byLanguage.flatMap(({ keys }) => [...keys]));
    for (const { lng, keys } of byLanguage) {
      const missing = [...union].filter((k) => !keys.has(k)).sort();
      expect(missing, `keys missing in locales/${lng}/${ns}.json`).toEqual([]);
    }
  });

  it('has no empty strings', () => {
    for (const lng of locales) {
      for (const ns of namespaces(lng)) {
        const empty = JSON.stringify(load(lng, ns)).match(/"[^"]+":""/g) ?? [];
        expect(empty, `empty strings in locales/${lng}/${ns}.json`).toEqual([]);
      }
    }
  });
});
