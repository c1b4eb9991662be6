/**
 * Drill 3: the PostgreSQL primary is lost under load (docs/operations.md, "Drill 3").
 *
 *   npx tsx scripts/cluster/postgres.ts up                   # the pair and the write address 5439
 *   # an api node on the write address (from a snapshot checkout), e.g.
 *   #   DATABASE_URL=postgres://postgres@127.0.0.1:5439/resuelve PORT=3700 JWT_SECRET=… node --import tsx api/src/main.ts
 *   npx tsx scripts/cluster/drill-failover.ts --api http://127.0.0.1:3700 --jwt-secret … --repeat 20
 *
 * Each round, under a steady load of bookings, message sends and searches through the api: a
 * booking is sent and answered 201, and at once every process of the primary is killed (kill -9,
 * the machine lost). Once the proxy has marked it down, the standby is promoted and the proxy's
 * write address follows it. Writes that fail meanwhile are sent again with the same
 * Idempotency-Key until answered, as the console does. Then it counts, on the new primary:
 * the marker booking (present?), bookings and messages answered 201 but absent (lost), and ones
 * present twice (doubled); the time without writes (RTO: from the kill to the first write answered
 * after it) and the reads answered meanwhile. The lost node is then rebuilt as the new primary's
 * synchronous standby (pg_basebackup -R), and the next round starts.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { issueAccessToken } from '../../api/src/plugins/auth.ts';
import { printReport, startLoad, type Load } from './load.ts';
import { clusterDatabaseUrl, currentPrimary, haproxyStates, killNode, other, promote, rebuildStandby, roleOf, waitForWriteAddress, type NodeName } from './postgres.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = () => new Date().toISOString().slice(11, 23);
export const say = (line: string) => console.log(`${stamp()} ${line}`);

// --- the load ---

export interface DrillWorld {
  clients: { id: string; token: string }[];
  pairs: { clientId: string; token: string; conversationId: string }[];
  slots: { provider_id: string; category_id: number; scheduled_start: string }[];
  searchPaths: string[];
  /** The next free slot to book: shared by every load on this world, so no slot is asked twice. */
  nextSlot: number;
}

const drillEmail = (kind: string, i: number) => `drill-${kind}-${String(i).padStart(4, '0')}@example.invalid`;

/**
 * The drill's accounts, made once straight in SQL and kept (clients with a session each, client and
 * provider pairs with a conversation), and free one-hour slots of the island's listed providers.
 */
export async function prepareWorld(databaseUrl: string, jwtSecret: string, options: { clients?: number; pairs?: number; slots?: number } = {}): Promise<DrillWorld> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const clientCount = options.clients ?? 40;
    const pairCount = options.pairs ?? 200;
    const person = async (email: string, contractor: boolean, name: string): Promise<string> => {
      const found = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      if (found.rows[0]) return found.rows[0].id;
      const { rows } = await db.query<{ id: string }>("INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, 'not-a-password', now()) RETURNING id", [email]);
      const id = rows[0]!.id;
      await db.query('INSERT INTO profiles (id, is_email_verified, is_onboarded, is_contractor, first_name, last_name) VALUES ($1, true, true, $2, $3, $4)', [id, contractor, name, 'Drill']);
      if (contractor) await db.query("INSERT INTO providers (id, company_name, city, state, zip_code) VALUES ($1, $2, 'Ponce', 'PR', '00716')", [id, `Drill ${name}`]);
      return id;
    };
    const session = async (id: string) => {
      await db.query(
        "INSERT INTO refresh_tokens (user_id, family_id, token_hash, client, expires_at) VALUES ($1, $1, $2, 'web', now() + interval '365 days') ON CONFLICT (token_hash) DO NOTHING",
        [id, `drill:${id}`],
      );
      return issueAccessToken(jwtSecret, { id, is_admin: false, is_contractor: false }, id).token;
    };
    const clients: DrillWorld['clients'] = [];
    for (let i = 0; i < clientCount; i += 1) {
      const id = await person(drillEmail('client', i), false, `Cliente ${i}`);
      clients.push({ id, token: await session(id) });
    }
    const pairs: DrillWorld['pairs'] = [];
    for (let i = 0; i < pairCount; i += 1) {
      const clientId = await person(drillEmail('msg-client', i), false, `Remitente ${i}`);
      const providerId = await person(drillEmail('msg-provider', i), true, `Proveedor ${i}`);
      let conversation = (await db.query<{ id: string }>('SELECT id FROM conversations WHERE client_id = $1 AND provider_id = $2', [clientId, providerId])).rows[0];
      if (!conversation) {
        conversation = (await db.query<{ id: string }>("INSERT INTO conversations (client_id, provider_id, subject) VALUES ($1, $2, 'Drill') RETURNING id", [clientId, providerId])).rows[0]!;
        await db.query("INSERT INTO conversation_participants (conversation_id, user_id, role) VALUES ($1, $2, 'client'), ($1, $3, 'provider')", [conversation.id, clientId, providerId]);
      }
      pairs.push({ clientId, token: await session(clientId), conversationId: conversation.id });
    }
    // The drill's earlier messages and bookings go, so every sender starts within its hourly limit.
    const conversationIds = pairs.map((p) => p.conversationId);
    await db.query('UPDATE conversations SET last_message_id = NULL, last_message_at = NULL, auto_replied_at = NULL WHERE id = ANY($1)', [conversationIds]);
    await db.query('UPDATE conversation_participants SET unread_count = 0, last_read_id = 0, notified_at = NULL WHERE conversation_id = ANY($1)', [conversationIds]);
    await db.query('DELETE FROM messages WHERE conversation_id = ANY($1)', [conversationIds]);
    await db.query('DELETE FROM jobs WHERE client_id = ANY($1)', [clients.map((c) => c.id)]);
    await db.query('DELETE FROM idempotency_keys WHERE user_id = ANY($1)', [[...clients.map((c) => c.id), ...pairs.map((p) => p.clientId)]]);

    // Free one-hour slots, apart from each other, of many listed providers, 8 to 20 weeks ahead:
    // past the days the shared load (load.ts, 21 to 45 days ahead) books, so the two never collide.
    const wanted = options.slots ?? 3000;
    const { rows: providers } = await db.query<{ id: string; category_id: number }>(
      `SELECT pr.id, (SELECT min(pc.category_id) FROM provider_categories pc WHERE pc.provider_id = pr.id) AS category_id
       FROM providers pr WHERE pr.listed ORDER BY md5(pr.id::text)`,
    );
    const perProvider = new Map<string, DrillWorld['slots']>();
    let found = 0;
    for (let week = 8; week <= 20 && found < wanted; week += 1) {
      for (const day of [1, 2, 3]) {
        const date = new Date(Date.now() + (week * 7 + day) * 86_400_000).toISOString().slice(0, 10);
        for (const provider of providers) {
          if (!provider.category_id || found >= wanted) continue;
          const { rows } = await db.query<{ slot_start: Date }>('SELECT slot_start FROM provider_free_slots($1, $2::date, 60, now())', [provider.id, date]);
          let lastEnd = 0;
          for (const { slot_start: start } of rows) {
            if (start.getTime() < lastEnd) continue;
            const list = perProvider.get(provider.id) ?? [];
            list.push({ provider_id: provider.id, category_id: provider.category_id, scheduled_start: start.toISOString() });
            perProvider.set(provider.id, list);
            found += 1;
            lastEnd = start.getTime() + 3_600_000;
          }
        }
      }
    }
    // Round robin over providers: bookings in a row go to different providers.
    const queues = [...perProvider.values()];
    const slots: DrillWorld['slots'] = [];
    for (let round = 0; slots.length < found; round += 1) for (const queue of queues) if (queue[round]) slots.push(queue[round]!);
    const { rows: categories } = await db.query<{ slug: string }>('SELECT slug FROM categories ORDER BY id LIMIT 8');
    const searchPaths = categories.map((c) => `/api/v1/providers?category=${c.slug}&lat=18.2011&lng=-67.1396&radius_km=40&limit=20`);
    return { clients, pairs, slots, searchPaths, nextSlot: 0 };
  } finally {
    await db.end();
  }
}

export interface Sent {
  kind: 'booking' | 'message';
  key: string;
  id: string | null;
  status: number;
  attempts: number;
  /** When the attempt that was answered left (after a failure, the last retry). */
  attemptAt: number;
  answeredAt: number;
  /** The error code of an answer other than 201. */
  code?: string;
}

/**
 * A steady, small load through the api: `bookingsPerSecond` bookings, `messagesPerSecond` sends and
 * `readsPerSecond` searches, each write with its own Idempotency-Key and sent again (same key) after
 * a failure until answered or `retryForMs` passed.
 */
export class DrillLoad {
  readonly sent: Sent[] = [];
  readonly reads: { at: number; ok: boolean }[] = [];
  readonly failures: { at: number; kind: string; status: number | string }[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private message = 0;
  private read = 0;

  constructor(
    private readonly api: string,
    private readonly world: DrillWorld,
    private readonly options: { bookingsPerSecond: number; messagesPerSecond: number; readsPerSecond: number; retryForMs?: number },
  ) {}

  start(): void {
    this.running = true;
    const every = (perSecond: number, work: () => Promise<unknown>) =>
      (async () => {
        if (perSecond <= 0) return;
        const inFlight = new Set<Promise<unknown>>();
        while (this.running) {
          const job = work().finally(() => inFlight.delete(job));
          inFlight.add(job);
          await sleep(1000 / perSecond);
        }
        await Promise.all(inFlight);
      })();
    this.loops = [every(this.options.bookingsPerSecond, () => this.book()), every(this.options.messagesPerSecond, () => this.send()), every(this.options.readsPerSecond, () => this.search())];
  }

  /** Stops sending new requests; resolves once every one under way (retries included) has ended. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** One booking at the next free slot; resolves to what it was answered (after retries). */
  async book(): Promise<Sent> {
    const slot = this.world.nextSlot++;
    if (slot >= this.world.slots.length) throw new Error('the drill ran out of free slots');
    const target = this.world.slots[slot]!;
    const client = this.world.clients[slot % this.world.clients.length]!;
    const key = randomUUID();
    const body = { ...target, title: `Drill ${key}`, description: '', duration_hours: 1, location_type: 'on_site' };
    return this.write('booking', '/api/v1/jobs', client.token, key, body);
  }

  async send(): Promise<Sent> {
    const pair = this.world.pairs[this.message++ % this.world.pairs.length]!;
    const key = randomUUID();
    return this.write('message', `/api/v1/conversations/${pair.conversationId}/messages`, pair.token, key, { text: `Drill ${key}` });
  }

  private async write(kind: Sent['kind'], path: string, token: string, key: string, body: unknown): Promise<Sent> {
    const until = Date.now() + (this.options.retryForMs ?? 120_000);
    for (let attempts = 1; ; attempts += 1) {
      let status: number | string;
      const attemptAt = Date.now();
      try {
        const response = await fetch(`${this.api}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        status = response.status;
        const answer = (await response.json().catch(() => ({}))) as { id?: string | number; code?: string; error?: string | { code?: string } };
        if (status < 500) {
          const code = status === 201 ? undefined : (answer.code ?? (typeof answer.error === 'object' ? answer.error.code : answer.error));
          const sent: Sent = { kind, key, id: answer.id === undefined ? null : String(answer.id), status, attempts, attemptAt, answeredAt: Date.now(), ...(code ? { code } : {}) };
          this.sent.push(sent);
          return sent;
        }
      } catch (error) {
        status = (error as Error).name;
      }
      this.failures.push({ at: Date.now(), kind, status });
      if (Date.now() > until) {
        const sent: Sent = { kind, key, id: null, status: 0, attempts, attemptAt, answeredAt: Date.now() };
        this.sent.push(sent);
        return sent;
      }
      await sleep(250);
    }
  }

  private async search(): Promise<void> {
    const path = this.world.searchPaths[this.read++ % this.world.searchPaths.length]!;
    let ok = false;
    try {
      const response = await fetch(`${this.api}${path}`, { signal: AbortSignal.timeout(10_000) });
      ok = response.status === 200;
      await response.arrayBuffer();
    } catch {
      ok = false;
    }
    this.reads.push({ at: Date.now(), ok });
  }
}

/** Bookings and messages answered 201 but absent, and ones present more than once, on `databaseUrl`. */
export async function checkWrites(databaseUrl: string, sent: Sent[]): Promise<{ bookings: number; messages: number; lostBookings: string[]; lostMessages: string[]; doubledBookings: number; doubledMessages: number; unanswered: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const booked = sent.filter((s) => s.kind === 'booking' && s.status === 201);
    const messaged = sent.filter((s) => s.kind === 'message' && s.status === 201);
    const titles = booked.map((s) => `Drill ${s.key}`);
    const texts = messaged.map((s) => `Drill ${s.key}`);
    const jobs = await db.query<{ title: string; n: number }>('SELECT title, count(*)::int AS n FROM jobs WHERE title = ANY($1) GROUP BY title', [titles]);
    const messages = await db.query<{ text: string; n: number }>('SELECT text, count(*)::int AS n FROM messages WHERE text = ANY($1) GROUP BY text', [texts]);
    // Doubles among everything the drill ever sent, answered or not.
    const allKeys = sent.map((s) => `Drill ${s.key}`);
    const doubledJobs = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT title FROM jobs WHERE title = ANY($1) GROUP BY title HAVING count(*) > 1) d', [allKeys]);
    const doubledMessages = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT text FROM messages WHERE text = ANY($1) GROUP BY text HAVING count(*) > 1) d', [allKeys]);
    const haveJobs = new Set(jobs.rows.map((r) => r.title));
    const haveMessages = new Set(messages.rows.map((r) => r.text));
    return {
      bookings: booked.length,
      messages: messaged.length,
      lostBookings: titles.filter((t) => !haveJobs.has(t)),
      lostMessages: texts.filter((t) => !haveMessages.has(t)),
      doubledBookings: doubledJobs.rows[0]!.n,
      doubledMessages: doubledMessages.rows[0]!.n,
      unanswered: sent.filter((s) => s.status === 0).length,
    };
  } finally {
    await db.end();
  }
}

// --- the drill ---

interface RoundResult {
  round: number;
  killed: NodeName;
  markerPresent: boolean;
  bookings: number;
  messages: number;
  lost: number;
  doubled: number;
  unanswered: number;
  other: string;
  detectMs: number;
  promotedMs: number;
  rtoMs: number;
  failedAttempts: number;
  readsDuring: string;
  rebuildMs: number;
}

async function round(n: number, api: string, world: DrillWorld, rates: { bookings: number; messages: number; reads: number }, warmMs: number, afterMs: number): Promise<RoundResult> {
  const primary = currentPrimary();
  if (!primary) throw new Error('no primary: run `npx tsx scripts/cluster/postgres.ts up`');
  const standby = other(primary);
  if (roleOf(standby) !== 'standby') await rebuildStandby(standby, primary);
  const load = new DrillLoad(api, world, { bookingsPerSecond: rates.bookings, messagesPerSecond: rates.messages, readsPerSecond: rates.reads });
  load.start();
  await sleep(warmMs);

  // The marker: answered 201, then at once the primary is gone.
  let marker = await load.book();
  for (let tries = 1; marker.status !== 201 && tries < 10; tries += 1) marker = await load.book();
  if (marker.status !== 201) throw new Error(`the marker booking was answered ${marker.status} ${marker.code ?? ''}`);
  const killedAt = Date.now();
  killNode(primary);
  // Detection: the proxy's check marks it down (fall 2 × 300 ms); then the standby is promoted.
  while (haproxyStates()[`pg_primary/pg_${primary}`]?.startsWith('RUNNING') && Date.now() - killedAt < 10_000) await sleep(20);
  const detectMs = Date.now() - killedAt;
  await promote(standby);
  const promotedMs = Date.now() - killedAt;
  await waitForWriteAddress();
  // RTO: from the kill to the first write answered 201 whose (last) attempt left after the kill.
  let firstWrite = 0;
  const since = Date.now();
  while (!firstWrite && Date.now() - since < 60_000) {
    firstWrite = load.sent.find((s) => s.status === 201 && s.attemptAt >= killedAt)?.answeredAt ?? 0;
    if (!firstWrite) await sleep(20);
  }
  await sleep(afterMs);
  await load.stop();
  const rtoMs = firstWrite ? firstWrite - killedAt : -1;
  const during = load.reads.filter((r) => r.at >= killedAt && r.at <= (firstWrite || Date.now()));
  const readsDuring = `${during.filter((r) => r.ok).length}/${during.length}`;

  const check = await checkWrites(clusterDatabaseUrl, load.sent);
  const markerPresent = !check.lostBookings.includes(`Drill ${marker.key}`);
  const statuses = new Map<string, number>();
  for (const s of load.sent) if (s.status !== 201) statuses.set(`${s.kind} ${s.status} ${s.code ?? ''}`, (statuses.get(`${s.kind} ${s.status} ${s.code ?? ''}`) ?? 0) + 1);
  const retried = load.sent.filter((s) => s.attempts > 1).length;

  const rebuildStart = Date.now();
  await rebuildStandby(primary, standby);
  const rebuildMs = Date.now() - rebuildStart;
  return {
    round: n,
    killed: primary,
    markerPresent,
    bookings: check.bookings,
    messages: check.messages,
    lost: check.lostBookings.length + check.lostMessages.length,
    doubled: check.doubledBookings + check.doubledMessages,
    unanswered: check.unanswered,
    other: [...statuses].map(([k, v]) => `${k}×${v}`).join(' ') + (retried ? ` retried×${retried}` : ''),
    detectMs,
    promotedMs,
    rtoMs,
    failedAttempts: load.failures.length,
    readsDuring,
    rebuildMs,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: process.env.DRILL_API ?? 'http://127.0.0.1:3700' },
      'jwt-secret': { type: 'string', default: process.env.JWT_SECRET ?? '' },
      repeat: { type: 'string', default: '1' },
      bookings: { type: 'string', default: '3' },
      messages: { type: 'string', default: '3' },
      reads: { type: 'string', default: '3' },
      'warm-seconds': { type: 'string', default: '4' },
      'after-seconds': { type: 'string', default: '3' },
      // The api side's shared load (load.ts: bookings, messages, searches, live sockets) across
      // every round as well, at this rate a second (0: off), with --sockets live sockets.
      'cluster-load': { type: 'string', default: '0' },
      sockets: { type: 'string', default: '20' },
    },
  });
  if (!values['jwt-secret']) throw new Error('--jwt-secret: the api nodes’ JWT_SECRET (the drill signs its accounts’ tokens)');
  const repeat = Number(values.repeat);
  const rates = { bookings: Number(values.bookings), messages: Number(values.messages), reads: Number(values.reads) };
  say(`drill 3 (loss of the primary): ${repeat} round(s); load ${rates.bookings} bookings/s, ${rates.messages} messages/s, ${rates.reads} searches/s via ${values.api}; node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const perRound = Math.ceil((Number(values['warm-seconds']) + Number(values['after-seconds']) + 8) * rates.bookings);
  const world = await prepareWorld(clusterDatabaseUrl, values['jwt-secret'], { slots: Math.max(500, perRound * repeat + 100) });
  say(`${world.clients.length} clients, ${world.pairs.length} conversations, ${world.slots.length} free slots`);
  let shared: Load | null = null;
  if (Number(values['cluster-load']) > 0) {
    // load.ts's own pool has no 'error' listener: an idle connection of it cut by the primary's
    // loss would end this process. Those errors (and only those) are the drill's point.
    process.on('uncaughtException', (error: Error & { code?: string }) => {
      if (/Connection terminated unexpectedly|terminating connection|Connection ended/.test(error.message) || error.code === '57P01') return;
      console.error(error);
      process.exit(1);
    });
    shared = await startLoad({ baseUrl: values.api!, databaseUrl: clusterDatabaseUrl, jwtSecret: values['jwt-secret'], rate: Number(values['cluster-load']), sockets: Number(values.sockets) });
    say(`shared load (scripts/cluster/load.ts) started: ${values['cluster-load']} operations/s, ${values.sockets} live sockets`);
  }
  const results: RoundResult[] = [];
  for (let n = 1; n <= repeat; n += 1) {
    const r = await round(n, values.api!, world, rates, Number(values['warm-seconds']) * 1000, Number(values['after-seconds']) * 1000);
    results.push(r);
    say(
      `round ${String(n).padStart(2)}: killed ${r.killed}, marker booking ${r.markerPresent ? 'present' : 'MISSING'}; committed ${r.bookings} bookings + ${r.messages} messages, lost ${r.lost}, doubled ${r.doubled}, unanswered ${r.unanswered}; detected ${r.detectMs} ms, promoted ${r.promotedMs} ms, RTO ${r.rtoMs} ms, failed attempts (sent again) ${r.failedAttempts}, reads answered during ${r.readsDuring}; standby rebuilt in ${r.rebuildMs} ms${r.other ? `; other answers: ${r.other}` : ''}`,
    );
  }
  const sum = (f: (r: RoundResult) => number) => results.reduce((a, r) => a + f(r), 0);
  const rtos = results.map((r) => r.rtoMs).sort((a, b) => a - b);
  say(
    `TOTAL ${results.length} rounds: marker present ${results.filter((r) => r.markerPresent).length}/${results.length}; committed ${sum((r) => r.bookings)} bookings + ${sum((r) => r.messages)} messages; lost ${sum((r) => r.lost)}, doubled ${sum((r) => r.doubled)}, unanswered ${sum((r) => r.unanswered)}; RTO min ${rtos[0]} ms, median ${rtos[Math.floor(rtos.length / 2)]} ms, max ${rtos[rtos.length - 1]} ms; reads answered during the gaps ${sum((r) => Number(r.readsDuring.split('/')[0]))}/${sum((r) => Number(r.readsDuring.split('/')[1]))}`,
  );
  let sharedBad = 0;
  if (shared) {
    say('shared load (scripts/cluster/load.ts) over all the rounds:');
    const report = await shared.stop();
    printReport(report);
    sharedBad = report.bad;
  }
  if (sharedBad || results.some((r) => !r.markerPresent || r.lost || r.doubled)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
