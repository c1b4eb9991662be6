import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shellNamespaces } from '../lib/i18n.ts';

/*
 * A screen's words load before it shows. A part that appears later (a quote card once its answer
 * comes, the days of the booking form, a review dialog) asking for a namespace nobody loaded yet
 * suspends the whole screen to its loading state: what the person was typing loses its field and
 * its focus, and the keys typed meanwhile are gone (the offline journey lost a booking's title that
 * way). So each routed screen's module asks, in its own `useTranslation` calls, for every namespace
 * its parts use; this test reads the sources and follows each screen's imports to say which are missing.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Rendered by the server whole, with the words they used (decision 0034): none of their parts come later. */
const serverRendered = new Set(['ProviderSearchPage', 'ProviderProfilePage']);
/** Read without suspending (`useSuspense: false`): the document's title, never a screen's body. */
const neverSuspending = new Set<string>(['seo']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The namespaces of a module's `useTranslation` calls (none named: the default, common). */
function namespacesOf(source: string): Set<string> {
  const found = new Set<string>();
  for (const call of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const args = call[1]!.trim();
    const names = [...args.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    if (names.length === 0) found.add('common');
    else if (args.startsWith('[')) names.forEach((name) => found.add(name));
    else found.add(names[0]!);
  }
  return found;
}

/** The modules a module imports by a relative path, statically or on demand. */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(/(?:from |import\()'(\.[^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), match[1]!))
    .filter((target) => /\.tsx?$/.test(target) && !/\.test\.tsx?$/.test(target) && fs.existsSync(target));
}

/** Every namespace used by the module and everything it imports, with one module asking for each. */
function namespacesOfTree(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const namespace of namespacesOf(source)) if (!used.has(namespace)) used.set(namespace, path.relative(src, file));
    queue.push(...importsOf(file, source));
  }
  return used;
}

/** The routed screens: each component routes.tsx loads on demand, with the module that defines it. */
function routedScreens(): { name: string; file: string }[] {
  const routes = fs.readFileSync(path.join(src, 'app', 'routes.tsx'), 'utf8');
  const names = [...new Set([...routes.matchAll(/\)\)\.([A-Z]\w+) \}/g)].map((match) => match[1]!))];
  const files = sourceFiles(src);
  const sources = files.map((file) => ({ file, source: fs.readFileSync(file, 'utf8') }));
  const definedAt = (name: string) => sources.find(({ source }) => source.includes(`export function ${name}(`))?.file;
  return names.map((name) => {
    // Exported under another name (`export { ProviderDashboardPage as ProviderHomePage }`): the original.
    const original = sources.map(({ source }) => source.match(new RegExp(`export \\{ (\\w+) as ${name} \\}`))?.[1]).find(Boolean);
    const file = definedAt(name) ?? (original ? definedAt(original) : undefined);
    if (!file) throw new Error(`routes.tsx names ${name}, defined nowhere`);
    return { name, file };
  });
}

describe('the words of each screen', () => {
  const screens = routedScreens();

  it('finds the routed screens', () => {
    expect(screens.map((screen) => screen.name)).toEqual(expect.arrayContaining(['BookingPage', 'ClientJobPage', 'ProviderJobPage', 'MessagesPage', 'ReceiptPage', 'SettingsPage']));
  });

  it.each(screens.filter((screen) => !serverRendered.has(screen.name)).map((screen) => [screen.name, screen.file] as const))(
    '%s loads every namespace its parts use before it shows',
    (_name, file) => {
      const loaded = namespacesOf(fs.readFileSync(file, 'utf8'));
      const missing = [...namespacesOfTree(file)]
        .filter(([namespace]) => !loaded.has(namespace) && !(shellNamespaces as readonly string[]).includes(namespace) && !neverSuspending.has(namespace))
        .map(([namespace, user]) => `${namespace} (${user})`);
      expect(missing).toEqual([]);
    },
  );
});
