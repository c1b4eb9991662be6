import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locales, type Locale } from '@resuelve/contract';

/** locales/{lng}/desktop.json of every language, for the main process (bundled via `define`). */
export function readDesktopCatalogs(localesDir: string): Record<Locale, unknown> {
  const entries = locales.map((lng) => [lng, JSON.parse(readFileSync(join(localesDir, lng, 'desktop.json'), 'utf8'))]);
  return Object.fromEntries(entries) as Record<Locale, unknown>;
}
