/**
 * Search and availability latency against a generated island (bench/README.md):
 *   npx tsx bench/search.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench
 * Starts the real server on a free port, then prints
 *   1. GET /providers (text + category + distance + sort) at 50 concurrent connections: p50/p95/p99;
 *   2. 30 days of one provider's availability: p50/p95/p99;
 *   3. the same search statement through plain `pg` (no hapi, no knex) and the ratio;
 *   4. EXPLAIN (ANALYZE, BUFFERS) of the statement, and whether it scans providers sequentially.
 * Figures are printed, never asserted. Each connection comes from its own loopback address
 * (127.0.0.x), as 50 visitors would: the api's per-address rate limit counts per address.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { searchStatement, type ResolvedSearch } from '../api/src/modules/search/repository/query.ts';
import { resolveText } from '../api/src/modules/search/service/search.ts';
import { tokenFor } from '../api/test/factories.ts';
import { ensureBenchSessions } from './sessions.ts';
import { startApiCluster } from './api-cluster.ts';
import { benchConfig, machineBusySeconds, machineStealSeconds, percentiles, processCpuSeconds, report, sendLoad, statusLine } from './measure.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '5000' },
    'availability-requests': { type: 'string', default: '500' },
    q: { type: 'string', default: 'plomero' },
    category: { type: 'string', default: 'plumbing' },
    lat: { type: 'string', default: '18.2011' },
    lng: { type: 'string', default: '-67.1396' },
    'radius-km': { type: 'string', default: '25' },
    sort: { type: 'string', default: 'rating' },
    'cache-seconds': { type: 'string', default: '10' },
    // on: searches of a category near a point pick their page in memory (decision 0035); off: the statement alone.
    'search-index': { type: 'string', default: 'on' },
    'varied-requests': { type: 'string', default: '2000' },
    'varied-warmup': { type: 'string', default: '2500' },
    // 0: closed (each connection sends when answered); > 0: requests per second on a fixed schedule.
    rate: { type: 'string', default: '0' },
    // A file to write the first api process's CPU profile of the varied mix to (open it in Chrome's DevTools).
    'cpu-profile': { type: 'string' },
    // The api processes measured without the answer cache (DESIGN.md §11: one per CPU).
    processes: { type: 'string', default: String(os.cpus().length) },
  },
});

const databaseUrl = values['database-url']!;
const connections = Number(values.connections);
const requests = Number(values.requests);
const rate = Number(values.rate);
const searchPath =
  `/api/v1/providers?q=${encodeURIComponent(values.q!)}&category=${values.category}` +
  `&lat=${values.lat}&lng=${values.lng}&radius_km=${values['radius-km']}&sort=${values.sort}&limit=20`;

/** `count` requests over `concurrency` keep-alive connections, each from its own 127.0.0.x. */
function load(port: number, path: string, count: number, concurrency: number, headers: Record<string, string> = {}) {
  return loadPaths(port, Array.from({ length: count }, () => path), concurrency, headers);
}

/** Each path once over `concurrency` connections (bench/measure.ts), saying what was not a 200. */
async function loadPaths(port: number, paths: string[], concurrency: number, headers: Record<string, string> = {}) {
  // Connections opened (and handed to an api process) before the clock starts.
  const result = await sendLoad(port, paths.map((path) => ({ path })), concurrency, { headers, ratePerSecond: rate, connectWith: '/api/v1/health' });
  const failures = Object.fromEntries(Object.entries(result.statuses).filter(([status]) => status !== '200'));
  if (Object.keys(failures).length) console.log(`  (answers other than 200: ${statusLine(failures)})`);
  return { samples: result.samples, seconds: result.seconds, cpuSeconds: result.cpuSeconds };
}

async function getJson(port: number, path: string, headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function main() {
  const index = values['search-index']!;
  const config = benchConfig(databaseUrl, { SEARCH_CACHE_SECONDS: values['cache-seconds']!, SEARCH_INDEX: index });
  const knex = createKnex(databaseUrl, { poolMax: connections });
  const server = await start(config, { knex });
  const port = server.info.port as number;
  const loading = performance.now();
  await server.app.context.searchPlaces?.sync();
  const loaded = performance.now();
  const { rows: counts } = await knex.raw<{ rows: { providers: number }[] }>('SELECT count(*)::int AS providers FROM providers');
  console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: ${counts[0]!.providers} providers; node ${process.version}; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`Search answers reused for ${config.searchCacheSeconds} s (SEARCH_CACHE_SECONDS) on the first server, 0 s on the second; responses validated: ${config.responseValidationPercent}%`);
  // One server in the process at a time, as in production: the first (answer cache on) measures the
  // named search and the availability, then stops; the second (cache off) measures the searches
  // answered afresh with nothing else holding an index in the same heap.
  const describeIndex = (places: typeof server.app.context.searchPlaces, readyMs: number) =>
    places
      ? `Place index (SEARCH_INDEX=on): ${places.size} rows in memory, ready after ${readyMs.toFixed(0)} ms${places.ready ? '' : ' (NOT ready)'} (relevance from each provider's quality, kept with its places: decision 0054)`
      : 'Place index off (SEARCH_INDEX=off): every search runs the full statement';
  console.log(describeIndex(server.app.context.searchPlaces, loaded - loading));

  // 1. The named search through the whole server with the answer cache.
  const first = await getJson(port, searchPath);
  console.log(`\nGET ${searchPath}\n  -> ${first.items.length} cards on the first page, next_cursor ${first.next_cursor ? 'set' : 'null'}`);
  await load(port, searchPath, Math.min(500, requests), connections); // warm up
  const viaApi = await load(port, searchPath, requests, connections);
  const api = report(`search via the api, answers reused for ${config.searchCacheSeconds} s, ${connections} connections`, viaApi.samples, viaApi.seconds);

  // 2. Thirty days of availability of one provider from the results.
  const provider = first.items[0]?.id as string;
  const client = (await knex('profiles').where({ is_contractor: false }).first('id')) as { id: string };
  await ensureBenchSessions(knex, [client.id]);
  const token = tokenFor({ config }, client.id);
  const availabilityPath = `/api/v1/providers/${provider}/availability/days?days=30`;
  const month = await getJson(port, availabilityPath, { authorization: `Bearer ${token}` });
  const slots = month.items.reduce((sum: number, day: { slots: unknown[] }) => sum + day.slots.length, 0);
  console.log(`\nGET ${availabilityPath}\n  -> ${month.items.length} days, ${slots} free slots`);
  const availabilityCount = Number(values['availability-requests']);
  await load(port, availabilityPath, 50, 1, { authorization: `Bearer ${token}` });
  const oneAtATime = await load(port, availabilityPath, availabilityCount, 1, { authorization: `Bearer ${token}` });
  report('availability (30 days), 1 connection', oneAtATime.samples, oneAtATime.seconds);
  const busy = await load(port, availabilityPath, availabilityCount, 10, { authorization: `Bearer ${token}` });
  report('availability (30 days), 10 connections', busy.samples, busy.seconds);
  const resolved = await resolve(knex);
  await server.stop();

  // 1 again. The api as production runs it on this machine (DESIGN.md §11, decision record 0042):
  // one process per CPU behind one port, without the answer cache: what a search costs afresh.
  // The first server's pool closes: the processes' pools and this small one stay within PostgreSQL's 100 connections.
  await knex.destroy();
  const db = createKnex(databaseUrl, { poolMax: 2 });
  const processes = Number(values.processes);
  const apiProcesses = await startApiCluster({
    processes,
    databaseUrl,
    overrides: { SEARCH_CACHE_SECONDS: '0', SEARCH_INDEX: index },
    poolPerProcess: Math.ceil(connections / processes),
    profile: Boolean(values['cpu-profile']),
  });
  const uncachedPort = apiProcesses.port;
  const firstReady = apiProcesses.ready[0]!;
  console.log(
    `\nThe api as ${processes} processes sharing port ${uncachedPort} (node:cluster), answers not reused (SEARCH_CACHE_SECONDS=0); ` +
      (index === 'on'
        ? `each process's place index: ${firstReady.rows} rows, ready after ${(Math.max(...apiProcesses.ready.map((r) => r.loadedMs)) / 1000).toFixed(1)} s, ` +
          `next free times computed ahead after ${(Math.max(...apiProcesses.ready.map((r) => r.rolledMs)) / 1000).toFixed(1)} s`
        : 'place index off (SEARCH_INDEX=off): every search runs the full statement'),
  );
  // Warm-up, for both measurements below, as servers that have been running: 2,500 varied searches
  // (every municipality x category) at radii the measured mix never asks (15–45 km), so no measured
  // answer is ever reused, while the processes compile their code paths and resolve each
  // category's names once; then 2,000 of the named search (about 1,000 per process).
  const warmup = Number(values['varied-warmup']);
  if (warmup > 0) await loadPaths(uncachedPort, await variedSearches(db, warmup, 5), connections);
  await load(uncachedPort, searchPath, 2000, connections);
  const namedBefore = await apiProcesses.counts();
  apiProcesses.measure();
  const afresh = await load(uncachedPort, searchPath, requests, connections);
  const namedPauses = await apiProcesses.measured();
  const namedAfter = await apiProcesses.counts();
  const named = report(`search via the api, cache off (SEARCH_CACHE_SECONDS=0), ${connections} connections`, afresh.samples, afresh.seconds);
  namedPauses.forEach((m, i) =>
    console.log(
      `  api process ${i + 1}: ${(namedAfter.each[i]?.picked ?? 0) - (namedBefore.each[i]?.picked ?? 0)} searches; garbage collection meanwhile ${m.gc}; heap ${m.heapMb.toFixed(0)} MB used; ${m.loopDelay}`,
    ),
  );

  // 1b. Every request a search never asked before (a municipality's centre x category x sort x
  // text), so none is answered from the cache: what the database and the server do on their own.
  const countsBefore = await apiProcesses.counts();
  const variedPaths = await variedSearches(db, Number(values['varied-requests']));
  const backends = async () =>
    (await db.raw<{ rows: { pid: number }[] }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
  const pidsBefore = await backends();
  const pgBefore = processCpuSeconds(pidsBefore);
  const apiBefore = processCpuSeconds(apiProcesses.pids);
  const machineBefore = machineBusySeconds();
  const stealBefore = machineStealSeconds();
  const benchBefore = process.cpuUsage();
  apiProcesses.measure();
  const varied = await loadPaths(uncachedPort, variedPaths, connections);
  const measured = await apiProcesses.measured(values['cpu-profile']);
  const benchUsage = process.cpuUsage(benchBefore);
  const apiAfter = processCpuSeconds(apiProcesses.pids);
  const machineSeconds = machineBusySeconds() - machineBefore;
  const stealSeconds = machineStealSeconds() - stealBefore;
  const pgAfter = processCpuSeconds([...new Set([...pidsBefore, ...(await backends())])]);
  const countsAfter = await apiProcesses.counts();
  const mix = report(`varied searches via the api (no answer reused), ${connections} connections`, varied.samples, varied.seconds);
  // Where the CPU went during that run, per search (Linux /proc; 10 ms resolution per process).
  let apiSeconds = 0;
  for (const [pid, after] of apiAfter) apiSeconds += after - (apiBefore.get(pid) ?? 0);
  const generatorSeconds = varied.cpuSeconds ?? 0;
  const benchSeconds = (benchUsage.user + benchUsage.system) / 1e6;
  let pgSeconds = 0;
  for (const [pid, after] of pgAfter) pgSeconds += after - (pgBefore.get(pid) ?? 0);
  const perSearch = (cpuSeconds: number) => `${((cpuSeconds * 1000) / variedPaths.length).toFixed(2)} ms`;
  const ownSeconds = apiSeconds + pgSeconds;
  console.log(
    `  CPU per varied search over ${varied.seconds.toFixed(1)} s (${os.cpus().length} CPUs = ${(os.cpus().length * varied.seconds).toFixed(1)} CPU-seconds): ` +
      `api processes ${perSearch(apiSeconds)}, PostgreSQL backends ${perSearch(pgSeconds)}, ` +
      `load generator ${perSearch(generatorSeconds)} (the benchmark's process in all ${perSearch(benchSeconds)}), ` +
      `rest of the machine (other work) ${perSearch(Math.max(0, machineSeconds - stealSeconds - apiSeconds - benchSeconds - pgSeconds))}, ` +
      `taken by the hypervisor (steal) ${stealSeconds.toFixed(1)} CPU-seconds; ` +
      `api + database alone would allow ${(os.cpus().length / (ownSeconds / variedPaths.length)).toFixed(0)} searches a second on all CPUs`,
  );
  measured.forEach((m, i) =>
    console.log(
      `  api process ${i + 1}: ${(countsAfter.each[i]?.picked ?? 0) - (countsBefore.each[i]?.picked ?? 0)} searches; garbage collection meanwhile ${m.gc}; heap ${m.heapMb.toFixed(0)} MB used; ${m.loopDelay}`,
    ),
  );
  if (values['cpu-profile']) console.log(`  CPU profile of api process 1 during the varied mix: ${values['cpu-profile']}`);
  if (index === 'on') {
    const delta = (key: string) => (countsAfter[key] ?? 0) - (countsBefore[key] ?? 0);
    console.log(`  pages chosen in the place index: ${delta('picked')} of ${variedPaths.length}; rechecks that fell back to the full statement: ${delta('rechecked')}`);
    console.log(
      `  answered with cards from memory (no statement): ${delta('cards')} of ${variedPaths.length}; ` +
        `next free times computed meanwhile (time passing, changes): ${delta('nextFreeComputed')}`,
    );
  }
  const goal = (p: { p95: number; p99: number }, perSecond: number) =>
    `p95 ${p.p95.toFixed(1)} ms <= 50 ${p.p95 <= 50 ? 'met' : 'MISSED'}, p99 ${p.p99.toFixed(1)} ms <= 100 ${p.p99 <= 100 ? 'met' : 'MISSED'}, ${perSecond.toFixed(0)}/s >= 1000 ${perSecond >= 1000 ? 'met' : 'MISSED'}`;
  const searchGoals = [
    `varied mix: ${goal(mix, mix.n / varied.seconds)}`,
    `named search, cache off: ${goal(named, named.n / afresh.seconds)}`,
  ];
  await apiProcesses.stop();

  // 3. The same statement in plain pg, once the servers and their pools are gone (the machine's
  //    PostgreSQL allows 100 connections in all).
  await db.destroy();
  const statement = searchStatement(resolved);
  const positional = toPositional(statement.sql);
  // Connected as the api connects (no just-in-time compilation: api/src/db/knex.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: '-c jit=off' });
  const plainSamples: number[] = [];
  let issued = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (issued < requests) {
        issued += 1;
        const t0 = performance.now();
        await pool.query(positional, statement.bindings as unknown[]);
        plainSamples.push(performance.now() - t0);
      }
    }),
  );
  const plain = report(`search statement via plain pg, ${connections} connections`, plainSamples, (performance.now() - began) / 1000);
  console.log(`api / plain pg: p50 x${(api.p50 / plain.p50).toFixed(2)}, p95 x${(api.p95 / plain.p95).toFixed(2)}, p99 x${(api.p99 / plain.p99).toFixed(2)}`);

  // 4. The plan.
  const { rows: plan } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${positional}`, statement.bindings as unknown[]);
  const lines = plan.map((row: Record<string, string>) => row['QUERY PLAN']!);
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the search statement:\n${lines.join('\n')}`);
  const seqScan = lines.some((line: string) => /Seq Scan on providers\b/.test(line));
  console.log(`\nSequential scan over providers: ${seqScan ? 'YES' : 'no'}`);
  console.log(`Issue 15 targets: ${searchGoals.join('; ')}`);
  console.log(`Targets: search p95 <= 50 ms (${api.p95 <= 50 ? 'met' : 'missed'}), p99 <= 100 ms (${api.p99 <= 100 ? 'met' : 'missed'}); availability p95 <= 20 ms (${percentiles(oneAtATime.samples).p95 <= 20 ? 'met' : 'missed'}, 1 connection)`);

  await pool.end();
}

/** `count` different searches: municipality centres x categories (with their own name as text) x sorts x radius. */
async function variedSearches(knex: ReturnType<typeof createKnex>, count: number, radiusOffsetKm = 0): Promise<string[]> {
  const places = (await knex('municipalities').select('lat', 'lng')) as { lat: number; lng: number }[];
  const categories = (await knex('categories').select('slug', 'name_es')) as { slug: string; name_es: string }[];
  const sorts = ['rating', 'distance', 'relevance', 'reviews', 'experience'];
  const paths: string[] = [];
  for (let i = 0; paths.length < count; i += 1) {
    const place = places[i % places.length]!;
    const category = categories[Math.floor(i / places.length) % categories.length]!;
    const sort = sorts[i % sorts.length]!;
    const radius = 10 + (i % 4) * 10 + radiusOffsetKm;
    const text = i % 2 === 0 ? category.name_es.split(' ')[0]!.toLowerCase() : '';
    paths.push(
      `/api/v1/providers?q=${encodeURIComponent(text)}&category=${category.slug}&lat=${place.lat}&lng=${place.lng}` +
        `&radius_km=${radius}&sort=${sort}&limit=20`,
    );
  }
  return paths;
}

/** The bench's search with its names resolved, as the service resolves them. */
async function resolve(knex: ReturnType<typeof createKnex>): Promise<ResolvedSearch> {
  const text = await resolveText(knex, values.q!);
  const category = (await knex('categories').where({ slug: values.category }).first('id')) as { id: number };
  return {
    term: text.term,
    termCategoryIds: text.categoryIds,
    namesTrade: text.namesTrade,
    categoryId: category.id,
    municipalitySlug: null,
    origin: { lat: Number(values.lat), lng: Number(values.lng) },
    radiusKm: Number(values['radius-km']),
    minRating: null,
    insured: null,
    verified: null,
    availableOn: null,
    sort: values.sort as ResolvedSearch['sort'],
    limit: 20,
    cursor: null,
    locale: 'es',
    now: new Date(),
  };
}

/** knex's `?` placeholders as pg's $n (the statement has no literal question marks). */
function toPositional(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
