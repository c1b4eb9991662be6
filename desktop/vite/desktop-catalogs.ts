import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * locales/{lng}/desktop.json of every language folder, for the main process (bundled via `define`).
 * Languages are found on disk: this file runs while the config loads, before TypeScript packages can.
 */
export function readDesktopCatalogs(localesDir: string): { es: unknown; en: unknown } {
  const languages = readdirSync(localesDir).filter((name) => /^[a-z]{2}$/.test(name));
  const entries = languages.map((lng) => [lng, JSON.parse(readFileSync(join(localesDir, lng, 'desktop.json'), 'utf8'))]);
  const catalogs = Object.fromEntries(entries) as Record<string, unknown>;
  if (catalogs.es === undefined || catalogs.en === undefined) throw new Error('locales/{es,en}/desktop.json are required');
  return { es: catalogs.es, en: catalogs.en };
}
