/**
 * Every write path through the api and, in the same run, the same statements through plain `pg`
 * (issue 31, "write paths measured against PostgreSQL"; bench/README.md):
 *   npx tsx bench/writes.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench_writes
 * The database is an island from bench/generate.ts (`--providers 5000` is enough). For each path
 * (booking POST /jobs, message POST /conversations/{id}/messages, like POST /projects/{id}/like,
 * review POST /providers/{id}/reviews):
 *
 * 1. capture: one request through an in-process server (server.inject) whose knex reports every
 *    statement it sends ('query', 'query-response'): the SQL, its bindings, its transaction
 *    (BEGIN … COMMIT on one connection) and what it answered;
 * 2. api: `--requests` such requests (after `--warmup` ones) over `--connections` keep-alive
 *    connections, closed loop, against the api as a child process (bench/api-cluster.ts, pool of
 *    `--connections`), its CPU read from /proc/<pid>/stat before and after;
 * 3. plain pg: the captured statements of each request, in order, with the request's own values
 *    put in place of the captured one's (ids, times, keys, texts; values an earlier statement
 *    answered, such as a new row's id, are carried to the later ones), through a `pg.Pool` of the
 *    same size at the same concurrency and count; statements the api ran in a transaction run in
 *    one here (BEGIN … COMMIT on one client), the others on any client of the pool. What the api
 *    runs after answering (its event bus acting on the NOTIFY: notifications, outbox) is replayed
 *    too, not waited for and not in the latency, as the api does.
 *
 * Prints per path: req/s, p50/p95/p99 of both, the ratios (api/pg p95, pg/api throughput), and CPU
 * per request read from /proc: the api process(es), PostgreSQL's backends of this database in each
 * phase, and this process (the HTTP load worker, or the pg client) in each phase. Figures are
 * printed, never asserted. The bench's rows are removed before each path.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { newClient, newProject } from '../api/test/factories.ts';
import { startApiCluster } from './api-cluster.ts';
import { benchConfig, ensureDatabase, ms, percentiles, processCpuSeconds, sendLoad, statusLine, type LoadRequest, type Percentiles } from './measure.ts';
import { benchToken, ensureBenchSessions } from './sessions.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench_writes' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '100' },
    processes: { type: 'string', default: '1' },
    port: { type: 'string', default: '3850' },
    paths: { type: 'string', default: 'booking,message,like,review' },
    'show-statements': { type: 'boolean', default: false },
  },
});

const databaseUrl = values['database-url']!;
const connections = Number(values.connections);
const requests = Number(values.requests);
const warmup = Number(values.warmup);
const total = requests + warmup;
const port = Number(values.port);
if (port < 3800 || port > 3899) throw new Error('--port must be within 3800-3899');
type Knex = ReturnType<typeof createKnex>;
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** One statement the api sent for the captured request. */
interface Statement {
  sql: string;
  bindings: unknown[];
  /** The knex transaction it ran in, or null. */
  tx: string | null;
  /** The rows it answered (for values later statements reuse). */
  rows: Record<string, unknown>[];
  afterAnswer: boolean;
}

/** What one request of a path is: its HTTP form and the values that stand in for the captured request's. */
interface Item {
  request: LoadRequest;
  /** Captured value -> this request's value (strings are also replaced inside longer strings, e.g. JSON). */
  values: Map<string, unknown>;
}

interface Path {
  name: string;
  route: string;
  /** total + 1 items: the first is captured; then `total` for the api, then `total` for plain pg. */
  items: Item[];
}

// ---------------------------------------------------------------------------------------------
// Capture: one request through an in-process server whose knex reports each statement.

function rowsOf(response: unknown): Record<string, unknown>[] {
  if (response && typeof response === 'object' && 'rows' in response) return (response as { rows: Record<string, unknown>[] }).rows ?? [];
  if (Array.isArray(response)) return response.filter((r) => r && typeof r === 'object') as Record<string, unknown>[];
  if (response && typeof response === 'object') return [response as Record<string, unknown>];
  return [];
}

async function capture(config: ReturnType<typeof benchConfig>, item: Item): Promise<{ statements: Statement[]; status: number }> {
  const knex = createKnex(databaseUrl, { poolMax: 4 });
  const server = await start({ ...config, port: port + 1 }, { knex }, { backgroundJobs: false });
  const statements: Statement[] = [];
  const byUid = new Map<string, Statement>();
  let recording = false;
  let answered = false;
  knex.on('query', (q: { __knexQueryUid: string; __knexTxId?: string; sql: string; bindings?: unknown[] }) => {
    if (!recording) return;
    const statement: Statement = { sql: q.sql, bindings: q.bindings ?? [], tx: q.__knexTxId ?? null, rows: [], afterAnswer: answered };
    statements.push(statement);
    byUid.set(q.__knexQueryUid, statement);
  });
  knex.on('query-response', (response: unknown, q: { __knexQueryUid: string }) => {
    const statement = byUid.get(q.__knexQueryUid);
    if (statement) statement.rows = rowsOf(response);
  });
  try {
    recording = true;
    const { request } = item;
    const answer = await server.inject({ method: request.method ?? 'GET', url: request.path, payload: request.body as object, headers: request.headers });
    answered = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
    recording = false;
    return { statements, status: answer.statusCode };
  } finally {
    await server.stop();
    await knex.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Plain pg: the captured statements with one request's values.

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

function substitute(value: unknown, values: Map<string, unknown>, capturedAt: number, now: Date): unknown {
  if (value instanceof Date) {
    const mapped = values.get(value.toISOString());
    if (mapped !== undefined) return mapped;
    // The request's clock (`now`): every other time within a minute of the capture.
    if (Math.abs(value.getTime() - capturedAt) < 60_000) return new Date(now.getTime() + (value.getTime() - capturedAt));
    return value;
  }
  if (typeof value === 'string') {
    const mapped = values.get(value);
    if (mapped !== undefined) return mapped;
    let text = value;
    for (const [from, to] of values) {
      if (from.length >= 8 && text.includes(from)) text = text.split(from).join(to instanceof Date ? to.toISOString() : String(to));
    }
    return text;
  }
  if (typeof value === 'number' && value > 1000) {
    const mapped = values.get(`#${value}`);
    if (mapped !== undefined) return mapped;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, values, capturedAt, now));
  return value;
}

/** knex hands pg `$n` placeholders already for raw and built statements; '?' ones are numbered here. */
function positional(sql: string): string {
  if (/\$\d/.test(sql)) return sql;
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
}

/**
 * The captured statements of one phase (the request's own, or those the api ran after answering,
 * when its event bus acted on the NOTIFY) with one request's values; `values` gathers what the
 * statements answer (a new row's id) for the statements after them.
 */
async function replayPhase(
  pool: pg.Pool,
  statements: Statement[],
  values: Map<string, unknown>,
  capturedAt: number,
  now: Date,
  after: boolean,
  spent?: number[],
): Promise<void> {
  let client: pg.PoolClient | null = null;
  try {
    for (const [index, statement] of statements.entries()) {
      if (statement.afterAnswer !== after) continue;
      const t0 = performance.now();
      const text = statement.sql.trim().replace(/;$/, '');
      const upper = text.toUpperCase();
      if (upper === 'BEGIN' || upper.startsWith('BEGIN ')) {
        client = await pool.connect();
        await client.query(text);
        if (spent) spent[index] = (spent[index] ?? 0) + performance.now() - t0;
        continue;
      }
      if (upper === 'COMMIT' || upper === 'ROLLBACK') {
        await client!.query(text);
        client!.release();
        client = null;
        if (spent) spent[index] = (spent[index] ?? 0) + performance.now() - t0;
        continue;
      }
      const bindings = statement.bindings.map((b) => substitute(b, values, capturedAt, now));
      const sql = positional(statement.sql);
      const result = statement.tx && client ? await client.query(sql, bindings) : await pool.query(sql, bindings);
      if (spent) spent[index] = (spent[index] ?? 0) + performance.now() - t0;
      const captured = statement.rows[0];
      const got = result.rows[0] as Record<string, unknown> | undefined;
      if (captured && got) {
        for (const [key, was] of Object.entries(captured)) {
          const is = got[key];
          if (typeof was === 'string' && was.length >= 8 && was !== is) values.set(was, is);
          else if (typeof was === 'number' && was > 1000 && was !== is) values.set(`#${was}`, is);
          else if (was instanceof Date && is instanceof Date && was.getTime() !== is.getTime()) values.set(isoOf(was)!, is);
        }
      }
    }
  } catch (error) {
    if (client) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
    throw error;
  }
}

/**
 * Each item's request statements timed, at `connections` at once; the after-answer statements of
 * each are sent without waiting, as the api's event bus does, and the run ends when all are done.
 */
async function replay(pool: pg.Pool, statements: Statement[], items: Item[], capturedAt: number) {
  const samples: number[] = [];
  let errors = 0;
  let firstError = '';
  const fail = (error: unknown) => {
    errors += 1;
    firstError ||= (error as Error).message;
  };
  const background: Promise<void>[] = [];
  /** Milliseconds spent in each statement (waiting for a connection, a lock or a CPU included), summed over the items. */
  const spent: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < items.length) {
        const item = items[(next += 1) - 1]!;
        const values = new Map(item.values);
        const now = new Date();
        const t0 = performance.now();
        try {
          await replayPhase(pool, statements, values, capturedAt, now, false, spent);
          samples.push(performance.now() - t0);
          background.push(replayPhase(pool, statements, values, capturedAt, now, true).catch(fail));
        } catch (error) {
          fail(error);
        }
      }
    }),
  );
  await Promise.all(background);
  return { samples, seconds: (performance.now() - began) / 1000, errors, firstError, spent };
}

// ---------------------------------------------------------------------------------------------
// The paths' data: made straight in SQL (kept between runs), the bench's writes removed first.

const benchEmail = (i: number) => `bench-writes-client-${i}@example.invalid`;

async function benchClients(knex: Knex, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const existing = (await knex('users').where({ email: benchEmail(i) }).first('id')) as { id: string } | undefined;
    ids.push(existing?.id ?? (await newClient(knex, { email: benchEmail(i), first_name: 'Bench', last_name: `Escritura ${i}` })));
  }
  return ids;
}

function keyed(path: string, body: unknown, token: string, key = true): LoadRequest {
  return { path, method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': randomUUID() } : {}) } };
}

/** Bookings: free one-hour slots of many listed providers, mutually apart, round robin over providers. */
async function bookingPath(knex: Knex, secret: string, clients: string[]): Promise<Path> {
  await knex('jobs').whereIn('client_id', clients).whereNot('status', 'completed').delete();
  await knex('idempotency_keys').whereIn('user_id', clients).delete();
  const wanted = 2 * total + 1;
  const { rows: providers } = await knex.raw<{ rows: { id: string; category_id: number }[] }>(
    `SELECT pr.id, (SELECT min(pc.category_id) FROM provider_categories pc WHERE pc.provider_id = pr.id) AS category_id
     FROM providers pr WHERE pr.listed ORDER BY md5(pr.id::text) LIMIT 2000`,
  );
  const byProvider = new Map<string, { provider_id: string; category_id: number; start: Date }[]>();
  const now = new Date();
  let found = 0;
  for (let week = 3; week <= 6 && found < wanted; week += 1) {
    const date = new Date(now.getTime() + week * 7 * 86_400_000).toISOString().slice(0, 10);
    for (const provider of providers) {
      if (!provider.category_id) continue;
      const { rows } = await knex.raw<{ rows: { slot_start: Date }[] }>('SELECT slot_start FROM provider_free_slots(?, ?::date, 60, ?)', [provider.id, date, now]);
      let lastEnd = 0;
      for (const { slot_start: slot } of rows) {
        if (slot.getTime() < lastEnd) continue;
        byProvider.set(provider.id, [...(byProvider.get(provider.id) ?? []), { provider_id: provider.id, category_id: provider.category_id, start: slot }]);
        lastEnd = slot.getTime() + 3_600_000;
        found += 1;
      }
      if (found >= wanted) break;
    }
  }
  const queues = [...byProvider.values()];
  const targets: { provider_id: string; category_id: number; start: Date }[] = [];
  for (let round = 0; targets.length < Math.min(wanted, found); round += 1) for (const queue of queues) if (queue[round]) targets.push(queue[round]!);
  if (targets.length < wanted) throw new Error(`only ${targets.length} free slots, ${wanted} wanted`);
  // The first item is captured; api and pg items alternate over the slots so both get the same mix.
  const items = targets.slice(0, wanted).map((target, i): Item => {
    const client = clients[i % clients.length]!;
    const request = keyed(
      '/api/v1/jobs',
      { provider_id: target.provider_id, category_id: target.category_id, scheduled_start: target.start.toISOString(), title: 'Reparación (bench)', description: '', duration_hours: 1, location_type: 'on_site' },
      benchToken(secret, client),
    );
    return { request, values: new Map<string, unknown>([['client', client], ['provider', target.provider_id], ['start', target.start], ['end', new Date(target.start.getTime() + 3_600_000)], ['key', request.headers!['idempotency-key']!]]) };
  });
  return { name: 'booking', route: 'POST /api/v1/jobs', items: [items[0]!, ...items.slice(1).filter((_, i) => i % 2 === 0), ...items.slice(1).filter((_, i) => i % 2 === 1)] };
}

/** Messages: one conversation per pair (a client of its own and an island provider), each sender well under 20 an hour. */
async function messagePath(knex: Knex, secret: string): Promise<Path> {
  const pairCount = Math.min(1000, 2 * total + 1);
  const have = Number((await knex('users').whereLike('email', 'bench-writes-msg-%@example.pr').count({ n: '*' }).first())!.n);
  if (have < pairCount) {
    const people = Array.from({ length: pairCount - have }, (_, i) => ({ email: `bench-writes-msg-${String(have + i).padStart(6, '0')}@example.pr`, password_hash: 'not-a-password', email_confirmed_at: new Date() }));
    const providers: { id: string }[] = await knex('providers').where('listed', true).orderBy('id').limit(people.length).select('id');
    await knex.transaction(async (trx) => {
      const clients: { id: string }[] = await trx('users').insert(people).returning('id');
      await trx('profiles').insert(clients.map(({ id }, i) => ({ id, is_email_verified: true, is_onboarded: true, first_name: 'Cliente', last_name: `Bench ${have + i}` })));
      const conversations: { id: string }[] = await trx('conversations')
        .insert(clients.map(({ id }, i) => ({ client_id: id, provider_id: providers[i % providers.length]!.id, subject: 'Bench' })))
        .returning('id');
      await trx('conversation_participants').insert(
        conversations.flatMap(({ id }, i) => [
          { conversation_id: id, user_id: clients[i]!.id, role: 'client' },
          { conversation_id: id, user_id: providers[i % providers.length]!.id, role: 'provider' },
        ]),
      );
    });
  }
  const pairs: { id: string; client_id: string; provider_id: string }[] = await knex('conversations as c')
    .join('users as u', 'u.id', 'c.client_id')
    .whereLike('u.email', 'bench-writes-msg-%@example.pr')
    .orderBy('u.email')
    .limit(pairCount)
    .select('c.id', 'c.client_id', 'c.provider_id');
  const ids = pairs.map((p) => p.id);
  await knex('conversations').whereIn('id', ids).update({ last_message_id: null, last_message_at: null, auto_replied_at: null });
  await knex('conversation_participants').whereIn('conversation_id', ids).update({ unread_count: 0, last_read_id: 0, notified_at: null });
  await knex('messages').whereIn('conversation_id', ids).delete();
  await knex('idempotency_keys').whereIn('user_id', pairs.map((p) => p.client_id)).delete();
  await ensureBenchSessions(knex, pairs.map((p) => p.client_id));
  const items = Array.from({ length: 2 * total + 1 }, (_, i): Item => {
    const pair = pairs[i % pairs.length]!;
    const text = `Hola, ¿está disponible el jueves? (bench ${i})`;
    const request = keyed(`/api/v1/conversations/${pair.id}/messages`, { text }, benchToken(secret, pair.client_id));
    return {
      request,
      values: new Map<string, unknown>([['conversation', pair.id], ['client', pair.client_id], ['provider', pair.provider_id], ['text', text], ['key', request.headers!['idempotency-key']!]]),
    };
  });
  return { name: 'message', route: 'POST /api/v1/conversations/{id}/messages', items };
}

/** Likes: the bench clients × public projects of their own, each pair liked once, 50 at a time spread over the projects. */
async function likePath(knex: Knex, secret: string, clients: string[]): Promise<Path> {
  const wanted = 2 * total + 1;
  const projectCount = Math.ceil(wanted / clients.length);
  let projects: string[] = (await knex('projects').where('title', 'Bench writes').orderBy('id').pluck('id')) as string[];
  if (projects.length < projectCount) {
    const providers: string[] = (await knex('providers').where('listed', true).orderBy('id').offset(1000).limit(projectCount - projects.length).pluck('id')) as string[];
    for (const providerId of providers) await newProject(knex, { providerId, title: 'Bench writes' });
    projects = (await knex('projects').where('title', 'Bench writes').orderBy('id').pluck('id')) as string[];
  }
  await knex('project_likes').whereIn('client_id', clients).delete();
  await knex('projects').whereIn('id', projects).update({ likes: 0 });
  const items = Array.from({ length: wanted }, (_, i): Item => {
    const project = projects[i % projects.length]!;
    const client = clients[Math.floor(i / projects.length) % clients.length]!;
    return { request: keyed(`/api/v1/projects/${project}/like`, undefined, benchToken(secret, client), false), values: new Map<string, unknown>([['project', project], ['client', client]]) };
  });
  return { name: 'like', route: 'POST /api/v1/projects/{id}/like', items };
}

/** Reviews: island client k and provider k with a completed job of the bench between them, no review yet. */
async function reviewPath(knex: Knex, secret: string): Promise<Path> {
  const wanted = 2 * total + 1;
  const { rows: pairs } = await knex.raw<{ rows: { client_id: string; provider_id: string; category_id: number | null }[] }>(
    `WITH c AS (SELECT p.id, row_number() OVER (ORDER BY p.id) AS n FROM profiles p JOIN users u ON u.id = p.id
                 WHERE NOT p.is_contractor AND p.is_onboarded AND u.email NOT LIKE 'bench-%'),
          v AS (SELECT pr.id, row_number() OVER (ORDER BY md5(pr.id::text)) AS n FROM providers pr WHERE pr.listed)
     SELECT c.id AS client_id, v.id AS provider_id,
            (SELECT min(pc.category_id) FROM provider_categories pc WHERE pc.provider_id = v.id) AS category_id
     FROM c JOIN v ON v.n = c.n ORDER BY c.n LIMIT ?`,
    [wanted],
  );
  if (pairs.length < wanted) throw new Error(`only ${pairs.length} client-provider pairs for reviews, ${wanted} wanted`);
  const clientIds = pairs.map((p) => p.client_id);
  await knex('reviews').whereIn('client_id', clientIds).delete();
  await knex('jobs').whereIn('client_id', clientIds).where('title', 'Bench writes review').delete();
  await knex('jobs').insert(
    pairs.map((p, i) => ({
      client_id: p.client_id,
      provider_id: p.provider_id,
      category_id: p.category_id,
      title: 'Bench writes review',
      status: 'completed',
      scheduled_start: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
      scheduled_end: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + 3_600_000),
      duration_hours: 1,
      created_by: p.client_id,
    })),
  );
  await ensureBenchSessions(knex, clientIds);
  const items = pairs.map((p, i): Item => ({
    request: keyed(`/api/v1/providers/${p.provider_id}/reviews`, { rating: 5, comment: `Muy buen trabajo, puntual y limpio (bench ${i}).` }, benchToken(secret, p.client_id), false),
    values: new Map<string, unknown>([['client', p.client_id], ['provider', p.provider_id], ['comment', `Muy buen trabajo, puntual y limpio (bench ${i}).`]]),
  }));
  return { name: 'review', route: 'POST /api/v1/providers/{id}/reviews', items };
}

// ---------------------------------------------------------------------------------------------

/** The captured request's values (by role) -> the item's values (by role), as substitute() reads them. */
function valueMap(captured: Item, item: Item): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [role, was] of captured.values) {
    const is = item.values.get(role);
    if (was instanceof Date) map.set(was.toISOString(), is);
    else map.set(String(was), is);
  }
  return map;
}

/** CPU seconds of this database's client backends (PostgreSQL's processes serving the connections; /proc). */
async function backendCpu(knex: Knex): Promise<Map<number, number>> {
  const pids = (await knex('pg_stat_activity').whereRaw('datname = current_database()').where('backend_type', 'client backend').pluck('pid')) as number[];
  return processCpuSeconds(pids);
}

/** CPU seconds between two readings, over the processes of the second (a process new since the first counts from 0). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/** WAL flushes to disk so far (pg_stat_wal.wal_sync: the whole PostgreSQL cluster, other databases included). */
async function walSyncs(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>('SELECT wal_sync AS n FROM pg_stat_wal');
  return Number(rows[0]!.n);
}

/** CPU seconds this process (the load generator's thread included) used so far. */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

interface Line {
  name: string;
  api: Percentiles & { rate: number };
  pg: Percentiles & { rate: number };
  /** CPU ms a request: the api process(es); PostgreSQL's backends in each phase; this process in each phase (HTTP load, or the pg client). */
  apiCpuMs: number;
  pgCpuApiMs: number;
  pgCpuPgMs: number;
  benchApiMs: number;
  benchPgMs: number;
  /** WAL flushes a request (whole cluster) in each phase. */
  syncApi: number;
  syncPg: number;
}

async function measurePath(path: Path, config: ReturnType<typeof benchConfig>, pool: pg.Pool, knex: Knex): Promise<Line> {
  const [first, ...rest] = path.items;
  const apiItems = rest.slice(0, total);
  const pgItems = rest.slice(total, 2 * total);
  const capturedAt = Date.now();
  const { statements, status } = await capture(config, first!);
  const inTx = statements.filter((s) => s.tx).length;
  const after = statements.filter((s) => s.afterAnswer).length;
  console.log(`\n== ${path.name}: ${path.route}`);
  console.log(`captured request answered ${status}; ${statements.length - after} statements (${inTx} in a transaction, BEGIN/COMMIT included), ${after} more after the answer (the event bus acting on the NOTIFY; replayed without waiting)`);
  if (values['show-statements']) for (const s of statements) console.log(`  ${s.tx ? 'tx ' : '   '}${s.afterAnswer ? '(after) ' : ''}${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);

  const cluster = await startApiCluster({ processes: Number(values.processes), databaseUrl, overrides: { PORT: String(port) }, poolPerProcess: connections, profile: false });
  let apiResult;
  let cpu = 0;
  let pgCpuApi = 0;
  let benchApi = 0;
  let syncApi = 0;
  try {
    await sendLoad(cluster.port, apiItems.slice(0, warmup).map((i) => i.request), connections);
    await sleep(1000);
    const [cpu0, backends0, own0, sync0] = [processCpuSeconds(cluster.pids), await backendCpu(knex), ownCpu(), await walSyncs(knex)];
    apiResult = await sendLoad(cluster.port, apiItems.slice(warmup).map((i) => i.request), connections);
    // What the api does after answering (its event bus acting on the NOTIFY) finishes first.
    await sleep(1000);
    const [cpu1, backends1, own1, sync1] = [processCpuSeconds(cluster.pids), await backendCpu(knex), ownCpu(), await walSyncs(knex)];
    syncApi = sync1 - sync0;
    cpu = cpuBetween(cpu0, cpu1);
    pgCpuApi = cpuBetween(backends0, backends1);
    benchApi = own1 - own0;
  } finally {
    await cluster.stop();
  }
  console.log(`api answers: ${statusLine(apiResult.statuses)}`);

  const pgMapped = pgItems.map((item) => ({ ...item, values: valueMap(first!, item) }));
  await replay(pool, statements, pgMapped.slice(0, warmup), capturedAt);
  const [backends0, own0, sync0] = [await backendCpu(knex), ownCpu(), await walSyncs(knex)];
  const pgResult = await replay(pool, statements, pgMapped.slice(warmup), capturedAt);
  const [backends1, own1, sync1] = [await backendCpu(knex), ownCpu(), await walSyncs(knex)];
  console.log(`plain pg: ${pgResult.samples.length} done, ${pgResult.errors} failed${pgResult.errors ? ` (first: ${pgResult.firstError})` : ''}`);
  // Where a plain-pg request's time went, statement by statement (mean ms; at this concurrency it includes waiting).
  const n = Math.max(1, pgResult.samples.length);
  const sum = pgResult.spent.reduce((a, b) => a + (b ?? 0), 0);
  console.log('  plain pg, mean ms a request in each statement (waits for a connection, lock or CPU included):');
  for (const [index, statement] of statements.entries()) {
    if (statement.afterAnswer) continue;
    const each = (pgResult.spent[index] ?? 0) / n;
    console.log(`    ${each.toFixed(1).padStart(6)} ms ${((100 * (pgResult.spent[index] ?? 0)) / sum).toFixed(0).padStart(3)}%  ${statement.tx ? 'tx ' : '   '}${statement.sql.replace(/\s+/g, ' ').slice(0, 110)}`);
  }

  const line: Line = {
    name: path.name,
    api: { ...percentiles(apiResult.samples), rate: apiResult.samples.length / apiResult.seconds },
    pg: { ...percentiles(pgResult.samples), rate: pgResult.samples.length / pgResult.seconds },
    apiCpuMs: (cpu * 1000) / apiResult.samples.length,
    pgCpuApiMs: (pgCpuApi * 1000) / apiResult.samples.length,
    benchApiMs: (benchApi * 1000) / apiResult.samples.length,
    pgCpuPgMs: (cpuBetween(backends0, backends1) * 1000) / Math.max(1, pgResult.samples.length),
    benchPgMs: ((own1 - own0) * 1000) / Math.max(1, pgResult.samples.length),
    syncApi: syncApi / apiResult.samples.length,
    syncPg: (sync1 - sync0) / Math.max(1, pgResult.samples.length),
  };
  const show = (label: string, p: Percentiles & { rate: number }) =>
    console.log(`  ${label}: n=${p.n} ${p.rate.toFixed(0)} req/s p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} max=${ms(p.max)}`);
  show('api     ', line.api);
  show('plain pg', line.pg);
  console.log(`  api/pg p95 x${(line.api.p95 / line.pg.p95).toFixed(2)}, pg/api req/s x${(line.pg.rate / line.api.rate).toFixed(2)}`);
  console.log(
    `  CPU ms a request: api process ${line.apiCpuMs.toFixed(2)}, PostgreSQL backends ${line.pgCpuApiMs.toFixed(2)} (api run) vs ${line.pgCpuPgMs.toFixed(2)} (plain pg run), bench process ${line.benchApiMs.toFixed(2)} (HTTP load) vs ${line.benchPgMs.toFixed(2)} (pg client)`,
  );
  console.log(
    `  WAL flushes a request (pg_stat_wal, whole cluster): ${line.syncApi.toFixed(2)} (api run, ${(line.syncApi * line.api.rate).toFixed(0)}/s) vs ${line.syncPg.toFixed(2)} (plain pg run, ${(line.syncPg * line.pg.rate).toFixed(0)}/s)`,
  );
  return line;
}

async function main() {
  await ensureDatabase(databaseUrl);
  const config = benchConfig(databaseUrl);
  const knex = createKnex(databaseUrl, { poolMax: 10 });
  // jit off, as the api's connections (api/src/db/knex.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: '-c jit=off' });
  const lines: Line[] = [];
  try {
    const clients = await benchClients(knex, connections);
    await ensureBenchSessions(knex, clients);
    const counts = await knex.raw<{ rows: { providers: number; jobs: number }[] }>('SELECT (SELECT count(*) FROM providers)::int AS providers, (SELECT count(*) FROM jobs)::int AS jobs');
    console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: ${counts.rows[0]!.providers} providers, ${counts.rows[0]!.jobs} jobs; node ${process.version}; ${os.cpus().length} CPUs`);
    console.log(`${connections} connections, closed loop, ${requests} requests per side after ${warmup} warm-up; api: ${values.processes} process(es), pool ${connections} each; plain pg: pg.Pool max ${connections}`);
    console.log(`load average before: ${loadAverage()}`);
    const wanted = new Set(values.paths!.split(','));
    const makers: [string, () => Promise<Path>][] = [
      ['booking', () => bookingPath(knex, config.jwtSecret, clients)],
      ['message', () => messagePath(knex, config.jwtSecret)],
      ['like', () => likePath(knex, config.jwtSecret, clients)],
      ['review', () => reviewPath(knex, config.jwtSecret)],
    ];
    for (const [name, make] of makers) {
      if (!wanted.has(name)) continue;
      lines.push(await measurePath(await make(), config, pool, knex));
      console.log(`  load average: ${loadAverage()}`);
    }
    console.log('\npath      api req/s  pg req/s  pg/api   api p95  pg p95  api/pg p95  api p99  pg p99  CPU ms/req: api  PG(api)  PG(pg)');
    for (const l of lines) {
      console.log(
        `${l.name.padEnd(9)} ${l.api.rate.toFixed(0).padStart(9)} ${l.pg.rate.toFixed(0).padStart(9)} ${('x' + (l.pg.rate / l.api.rate).toFixed(2)).padStart(7)} ${l.api.p95.toFixed(1).padStart(8)} ${l.pg.p95.toFixed(1).padStart(7)} ${('x' + (l.api.p95 / l.pg.p95).toFixed(2)).padStart(11)} ${l.api.p99.toFixed(1).padStart(8)} ${l.pg.p99.toFixed(1).padStart(7)} ${l.apiCpuMs.toFixed(2).padStart(16)} ${l.pgCpuApiMs.toFixed(2).padStart(8)} ${l.pgCpuPgMs.toFixed(2).padStart(7)}`,
      );
    }
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await pool.end();
    await knex.destroy();
  }
}

await main();
