/**
 * Lighthouse (mobile, default simulated throttling) on the public pages, Spanish and English
 * (issue 15, bench/README.md):
 *   npx tsx bench/lighthouse.ts
 * Starts the real product (scripts/start.mjs, as `npm start`, in production mode) on a database of
 * its own with the demo island, or measures a running one with --url. Each of the six pages is
 * measured --runs times (3) in a fresh Chromium whose language is the page's (--accept-lang), the
 * run with the median performance score is kept, and a table is printed: the four scores, FCP,
 * LCP, TBT, CLS and bytes, then the failing audits of every category below its goal. Figures are
 * printed, never asserted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { loadConfig } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { islandExists, loadIsland } from '../api/src/db/demo-island.ts';
import { demoAccounts, seedDemo } from '../api/src/db/demo-seed.ts';
import { hashPassword } from '../api/src/modules/auth/service/secrets.ts';
import { createStorage } from '../api/src/server.ts';
import { ensureDatabase } from './measure.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    // A running product to measure instead of starting one.
    url: { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/resuelve_lighthouse' },
    // The island's size on a new database (the demo's 300 list no plumber in San Juan).
    providers: { type: 'string', default: '5000' },
    port: { type: 'string', default: process.env.PORT ?? '3450' },
    runs: { type: 'string', default: '3' },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    // Only pages whose name contains this (landing, search, profile; es, en).
    only: { type: 'string' },
    // Writes each kept run's full report (JSON) into this folder.
    'save-reports': { type: 'string' },
  },
});

const runs = Number(values.runs);
const goals = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof goals;
const categories = Object.keys(goals) as Category[];
const searchQuery = '?category=plumbing&municipality=san-juan';

interface Page {
  name: string;
  lang: 'es' | 'en';
  url: string;
}

/** The production server on its own database (a demo island of --providers and the demo accounts); stopped on exit. */
async function startProduct(): Promise<{ base: string; child: ChildProcess }> {
  const databaseUrl = values['database-url']!;
  await ensureDatabase(databaseUrl);
  const knex = createKnex(databaseUrl, { poolMax: 2 });
  try {
    if (!(await islandExists(knex))) {
      console.log(`Loading a demo island of ${values.providers} providers…`);
      const passwordHash = await hashPassword(demoAccounts[0]!.password);
      await knex.transaction((trx) => loadIsland(trx, { providers: Number(values.providers), now: new Date(), passwordHash, bulk: true }));
      await knex.raw('ANALYZE');
    }
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
    await seedDemo(knex, { storage: createStorage(config), config });
  } finally {
    await knex.destroy();
  }
  const port = values.port!;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: port,
      PUBLIC_URL: base,
      JWT_SECRET: 'lighthouse-secret-lighthouse-secret-0123',
      LOG_LEVEL: 'warn',
      // Eighteen page loads and their api requests from one address.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  const stop = () => child.kill('SIGTERM');
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
  const deadline = Date.now() + 300_000; // a first start builds the web app
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product stopped while starting (exit ${child.exitCode})`);
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the product did not answer /api/v1/health within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, child };
}

/** English pages at their own /en address when the product has them, else by the browser's language. */
async function pagesOf(base: string): Promise<Page[]> {
  const answer = await fetch(`${base}/api/v1/providers${searchQuery}&limit=1`);
  const search = (await answer.json()) as { items?: { id: string }[] };
  const provider = search.items?.[0]?.id;
  if (!provider) throw new Error(`no provider listed in plumbing / san-juan at ${base} (${answer.status} ${JSON.stringify(search).slice(0, 300)})`);
  const probe = await fetch(`${base}/en/providers/${provider}`, { headers: { 'accept-language': 'en-US' }, redirect: 'manual' });
  const englishAddress = probe.ok && /<html[^>]*\blang="en"/.test(await probe.text());
  const en = englishAddress ? '/en' : '';
  return [
    { name: 'landing', lang: 'es', url: `${base}/` },
    { name: 'landing', lang: 'en', url: `${base}${en || '/'}` },
    { name: 'search', lang: 'es', url: `${base}/providers${searchQuery}` },
    { name: 'search', lang: 'en', url: `${base}${en}/providers${searchQuery}` },
    { name: 'profile', lang: 'es', url: `${base}/providers/${provider}` },
    { name: 'profile', lang: 'en', url: `${base}${en}/providers/${provider}` },
  ];
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One Lighthouse run in a fresh browser speaking the page's language. */
async function measure(page: Page): Promise<Result> {
  const accept = page.lang === 'es' ? 'es-PR,es' : 'en-US,en';
  const chrome = await chromeLauncher.launch({
    chromePath: values.chrome!,
    chromeFlags: [...chromeFlags, `--accept-lang=${accept}`, `--lang=${page.lang === 'es' ? 'es-419' : 'en-US'}`],
  });
  try {
    const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** The audits that keep a category below its goal: every scored audit short of full marks. */
function failing(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const lines: string[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= (category === 'performance' ? 0.9 : 1)) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    const weight = ref.weight ? ` weight ${ref.weight}` : '';
    lines.push(`${ref.id}: score ${Math.round(audit.score * 100)}${value}${weight}`);
  }
  // Performance also names what it would save (opportunities and diagnostics are not weighted).
  if (category === 'performance') {
    for (const audit of Object.values(lhr.audits)) {
      if (audit.score === null || audit.score >= 0.9 || refs.some((ref) => ref.id === audit.id)) continue;
      if (audit.scoreDisplayMode !== 'metricSavings' && audit.scoreDisplayMode !== 'numeric' && audit.scoreDisplayMode !== 'binary') continue;
      lines.push(`${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return lines;
}

/** Why a run has no performance score (Lighthouse's runtime error, or the metric audits that failed), or ''. */
function unscored(lhr: Result): string {
  if (lhr.categories.performance?.score !== null && lhr.categories.performance?.score !== undefined) return '';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const errors = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit?.errorMessage)
    .map((audit) => `${audit!.id}: ${audit!.errorMessage}`);
  return errors.join('; ') || 'no reason given';
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

async function main() {
  const product = values.url ? null : await startProduct();
  const base = values.url?.replace(/\/$/, '') ?? product!.base;
  try {
    const pages = (await pagesOf(base)).filter((page) => !values.only || `${page.name} ${page.lang}`.includes(values.only));
    console.log(`Lighthouse 12 (mobile, simulated throttling), median of ${runs} by performance; ${base}; node ${process.version}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const kept: { page: Page; lhr: Result; performances: number[] }[] = [];
    for (const page of pages) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) results.push(await measure(page));
      const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      kept.push({ page, lhr: median, performances: results.map((lhr) => score(lhr, 'performance')) });
      console.log(`  ${page.name} ${page.lang} ${page.url}: performance ${results.map((lhr) => score(lhr, 'performance')).join(', ')}`);
      for (const [run, lhr] of results.entries()) {
        const why = unscored(lhr);
        if (why) console.log(`    run ${run + 1} has no performance score: ${why}`);
      }
      if (values['save-reports']) {
        mkdirSync(values['save-reports'], { recursive: true });
        writeFileSync(join(values['save-reports'], `${page.name}-${page.lang}.json`), JSON.stringify(median));
      }
    }

    const widths = [8, 4, 5, 5, 5, 5, 7, 7, 7, 6, 8];
    console.log();
    console.log(pad(['page', 'lang', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes'], widths));
    for (const { page, lhr } of kept) {
      console.log(
        pad(
          [
            page.name,
            page.lang,
            ...categories.map((category) => String(score(lhr, category))),
            seconds(numeric(lhr, 'first-contentful-paint')),
            seconds(numeric(lhr, 'largest-contentful-paint')),
            `${Math.round(numeric(lhr, 'total-blocking-time'))} ms`,
            numeric(lhr, 'cumulative-layout-shift').toFixed(3),
            `${Math.round(numeric(lhr, 'total-byte-weight') / 1024)} KiB`,
          ],
          widths,
        ),
      );
    }

    let allMet = true;
    for (const { page, lhr } of kept) {
      for (const category of categories) {
        if (score(lhr, category) >= goals[category]) continue;
        allMet = false;
        console.log(`\n${page.name} ${page.lang}: ${category} ${score(lhr, category)} < ${goals[category]}`);
        for (const line of failing(lhr, category)) console.log(`  - ${line}`);
      }
      const errors = lhr.audits['errors-in-console']?.details as { items?: { description?: string; source?: string }[] } | undefined;
      for (const item of errors?.items ?? []) console.log(`  console (${page.name} ${page.lang}): ${item.source ?? ''} ${item.description ?? ''}`.trimEnd());
    }
    console.log(allMet ? '\nEvery page meets the goal (performance >= 95; accessibility, best practices, SEO = 100).' : '\nNot every page meets the goal (see above).');
  } finally {
    product?.child.kill('SIGTERM');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
