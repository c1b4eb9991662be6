/**
 * How long the sitemap takes to make (decision record 0036), reading only (no migration, no write):
 *   npx tsx bench/sitemap.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench
 *   options: --per-page 10000 (SITEMAP_PROVIDERS_PER_PAGE) --runs 7
 * For the index (/sitemap.xml: one pass over the listed ids), the first, a middle and the last
 * provider page and the places (/sitemaps/places.xml) it times the service's statement and the XML
 * together, as the route does, and prints the median and the slowest run, the size and the URLs;
 * then the plans of the index and a middle page. Figures are printed, never asserted.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createKnex } from '../api/src/db/knex.ts';
import { placesWithProviders, providerPages, providersBetween, type ProviderPageBounds } from '../api/src/modules/seo/repository.ts';
import { sitemapIndex, urlset } from '../api/src/modules/seo/service/xml.ts';
import { ms, percentiles } from './measure.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench' },
    'per-page': { type: 'string', default: '10000' },
    runs: { type: 'string', default: '7' },
  },
});
const databaseUrl = values['database-url']!;
const perPage = Number(values['per-page']);
const runs = Number(values.runs);
const publicUrl = 'https://resuelve.pr';
const knex = createKnex(databaseUrl, { poolMax: 1 });

async function measure(label: string, make: () => Promise<string>) {
  const times: number[] = [];
  let body = '';
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    body = await make();
    times.push(performance.now() - started);
  }
  const p = percentiles(times);
  const urls = (body.match(/<(url|sitemap)>/g) ?? []).length;
  console.log(`${label}: median ${ms(p.p50)}, slowest ${ms(p.max)} (${runs} runs); ${urls} entries, ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MB`);
}

async function plan(label: string, sql: string, bindings: Record<string, unknown>) {
  const { rows } = (await knex.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] };
  const lines = rows.map((r) => r['QUERY PLAN']);
  console.log(`\n${label}:\n  ${lines.filter((l) => /Scan|Execution Time|Buffers: shared/.test(l)).slice(0, 8).join('\n  ')}`);
}

try {
  const { rows: counts } = (await knex.raw('SELECT count(*) FILTER (WHERE listed)::int AS listed, count(*)::int AS total FROM providers')) as {
    rows: { listed: number; total: number }[];
  };
  const { rows: indexes } = (await knex.raw("SELECT 1 FROM pg_indexes WHERE indexname = 'providers_sitemap'")) as { rows: unknown[] };
  console.log(
    `Database ${new URL(databaseUrl).pathname.slice(1)}: ${counts[0]!.listed} listed of ${counts[0]!.total} providers; ` +
      `index providers_sitemap ${indexes.length ? 'present' : 'ABSENT (migration 0030 not applied)'}; ${perPage} providers a page; ` +
      `node ${process.version}; ${os.cpus().length} CPUs; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`,
  );

  let pages: ProviderPageBounds[] = [];
  await measure('index /sitemap.xml', async () => {
    pages = await providerPages(knex, perPage);
    return sitemapIndex(pages.map((page) => ({ loc: `${publicUrl}/sitemaps/providers.xml?from=${page.from}&before=${page.before}`, lastmod: page.lastmod })));
  });
  const picks: [string, ProviderPageBounds][] = [
    ['first', pages[0]!],
    ['middle', pages[Math.floor(pages.length / 2)]!],
    ['last', pages.at(-1)!],
  ];
  for (const [name, bounds] of picks) {
    await measure(`providers page (${name} of ${pages.length})`, async () => {
      const providers = await providersBetween(knex, bounds);
      return urlset(providers.map((p) => ({ path: `/providers/${p.id}`, lastmod: p.updated_at })), publicUrl);
    });
  }
  await measure('places /sitemaps/places.xml', async () => {
    const places = await placesWithProviders(knex);
    return urlset(places.map((p) => ({ path: `/providers?${new URLSearchParams(Object.entries(p).filter(([, v]) => v) as [string, string][])}` })), publicUrl);
  });

  const middle = picks[1]![1];
  await plan(
    'plan of the index statement',
    `SELECT min(id::text COLLATE "C") AS id, max(updated_at) AS lastmod
       FROM (SELECT id, updated_at, (row_number() OVER (ORDER BY id) - 1) / :perPage AS page FROM providers WHERE listed) ordered
      GROUP BY page ORDER BY page`,
    { perPage },
  );
  await plan(
    'plan of a middle page',
    'SELECT id, updated_at FROM providers WHERE listed AND id >= :from AND id < :before ORDER BY id LIMIT 25000',
    { from: middle.from, before: middle.before },
  );
} finally {
  await knex.destroy();
}
