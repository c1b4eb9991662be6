/**
 * A steady load for the drills (docs/operations.md §4), as real clients make it, and its count of
 * what went wrong, checked against the database itself.
 *
 * API (small and stable; the PostgreSQL drills import it too):
 *
 *   const load = await startLoad({ baseUrl, databaseUrl, jwtSecret, rate: 15, sockets: 50 });
 *   ...                                  // restart, kill, fail over under it
 *   load.sockets()                       // { open, down, lastBackAt } now, e.g. to time the sockets' return
 *   const report = await load.stop();    // stops sending, lets the answers land, counts
 *   printReport(report);                 // the lines a drill prints
 *   report.bad                           // failed requests + lost + doubled + missed messages: 0 is a pass
 *
 * What it sends, at `rate` operations a second on a fixed schedule (open loop), 30 % bookings,
 * 30 % messages, 40 % searches:
 * - a booking, POST /api/v1/jobs, at a free one-hour slot of an island provider, with an
 *   Idempotency-Key made before the first try; a try without an answer (network error, 5xx, 408,
 *   429) is sent again with the SAME key after 0.25, 0.5, 1, 2… s, for up to 60 s, as the ui's
 *   query client does;
 * - a message, POST /api/v1/conversations/{id}/messages, from one of `pairs` clients to its
 *   provider, the same way;
 * - a search, GET /api/v1/providers, retried likewise;
 * and it keeps `sockets` live sockets (nes, /api/v1/live) of the first providers, subscribed to
 * their events, reconnecting as the ui does (0.25 s, growing to 2 s); after each reconnection it
 * catches up with GET /conversations/{id}/messages?after=<the last id it has>, as the ui does.
 *
 * At the end it counts: requests that failed after every retry, and tries that failed (which the
 * proxy or the client's retry absorbed); bookings and messages answered 2xx but absent from the
 * database (lost); keys with two rows (doubled: each try's title or text carries its key); rows of
 * requests that never got an answer (committed unanswered: not lost, the client's retry would have
 * found them); sockets that reconnected, whether each caught up, and the messages of the socket's
 * conversation in the database that it never received (missed).
 *
 * The accounts (`cluster-load-client-N` / `cluster-load-provider-N` with one conversation each,
 * sessions as the bench makes them) are made once in the database and kept; their messages, jobs
 * and keys are removed at each start, so every run starts within the messaging limits.
 * The database must hold an island (bench/generate.ts) whose listed providers are booked.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import nes from '@hapi/nes/lib/client.js';
import pg from 'pg';
import WebSocket from 'ws';
import { issueAccessToken } from '../../api/src/plugins/auth.ts';

export interface LoadOptions {
  /** The proxy, e.g. http://127.0.0.1:3610 */
  baseUrl: string;
  /** The database the nodes write to (for the accounts, the free slots and the final count). */
  databaseUrl: string;
  /** The nodes' JWT_SECRET, to sign the accounts' tokens. */
  jwtSecret: string;
  /** Operations a second (bookings, messages, searches), default 15. */
  rate?: number;
  /** Live sockets, default 50. */
  sockets?: number;
  /** Client/provider pairs sending messages, default 200 (each sender stays under 20 an hour). */
  pairs?: number;
}

export interface SocketState {
  open: number;
  down: number;
  /** When (Date.now()) the last socket that had dropped was connected again; null if none dropped. */
  lastBackAt: number | null;
}

export interface LoadReport {
  seconds: number;
  rate: number;
  operations: { bookings: number; messages: number; searches: number };
  /** Tries that got no usable answer (network error, 5xx, 408, 429), each retried. */
  triesFailed: number;
  triesFailedBy: Record<string, number>;
  /** Operations that failed after every retry, or got an answer no retry helps (4xx). */
  failed: number;
  failedBy: Record<string, number>;
  bookings: Tally;
  messages: Tally;
  sockets: {
    count: number;
    disconnects: number;
    reconnected: number;
    caughtUp: number;
    catchUpsFailed: number;
    missedMessages: number;
    checkedMessages: number;
    /** Longest time a socket was away (ms). */
    longestAwayMs: number;
    stillDown: number;
  };
  /** failed + lost + doubled + missed messages + sockets still down: 0 is a pass. */
  bad: number;
}

export interface Tally {
  answered: number;
  inDatabase: number;
  lost: number;
  doubled: number;
  committedUnanswered: number;
}

export interface Load {
  sockets(): SocketState;
  progress(): string;
  stop(): Promise<LoadReport>;
}

const { Client } = nes;
(Client as unknown as { WebSocket: unknown }).WebSocket ??= WebSocket;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emailOf = (role: 'client' | 'provider', i: number) => `cluster-load-${role}-${String(i).padStart(5, '0')}@example.pr`;

interface Pair {
  clientId: string;
  providerId: string;
  conversationId: string;
}

interface Slot {
  provider_id: string;
  category_id: number;
  scheduled_start: string;
}

interface Operation {
  kind: 'booking' | 'message' | 'search';
  key: string;
  tries: number;
  /** The final status (0: no answer). */
  status: number;
  id: string | null;
}

async function ensurePairs(db: pg.Pool, count: number): Promise<Pair[]> {
  const { rows: have } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'cluster-load-client-%'`);
  for (let i = have[0]!.n; i < count; i += 1) {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const person = async (role: 'client' | 'provider') =>
        (
          await client.query<{ id: string }>(`INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, 'not-a-password', now()) RETURNING id`, [
            emailOf(role, i),
          ])
        ).rows[0]!.id;
      const clientId = await person('client');
      const providerId = await person('provider');
      await client.query(`INSERT INTO profiles (id, is_email_verified, is_onboarded, first_name, last_name) VALUES ($1, true, true, 'Cliente', $2)`, [clientId, `Carga ${i}`]);
      await client.query(`INSERT INTO profiles (id, is_email_verified, is_onboarded, is_contractor, first_name) VALUES ($1, true, true, true, 'Proveedor')`, [providerId]);
      await client.query(`INSERT INTO providers (id, company_name, city, state, zip_code) VALUES ($1, $2, 'Ponce', 'PR', '00716')`, [providerId, `Carga Servicios ${i}`]);
      const conversation = await client.query<{ id: string }>(`INSERT INTO conversations (client_id, provider_id, subject) VALUES ($1, $2, 'Carga') RETURNING id`, [
        clientId,
        providerId,
      ]);
      await client.query(`INSERT INTO conversation_participants (conversation_id, user_id, role) VALUES ($1, $2, 'client'), ($1, $3, 'provider')`, [
        conversation.rows[0]!.id,
        clientId,
        providerId,
      ]);
      // A session per account (the api refuses a token whose session it never issued, decision 0046).
      for (const id of [clientId, providerId]) {
        await client.query(
          `INSERT INTO refresh_tokens (user_id, family_id, token_hash, client, expires_at) VALUES ($1, $1, $2, 'web', now() + interval '1 year') ON CONFLICT (token_hash) DO NOTHING`,
          [id, `cluster-load:${id}`],
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  const { rows } = await db.query<{ id: string; client_id: string; provider_id: string }>(
    `SELECT c.id, c.client_id, c.provider_id FROM conversations c JOIN users u ON u.id = c.client_id
     WHERE u.email LIKE 'cluster-load-client-%' ORDER BY u.email LIMIT $1`,
    [count],
  );
  return rows.map((row) => ({ clientId: row.client_id, providerId: row.provider_id, conversationId: row.id }));
}

/** Removes the load's earlier messages, jobs and keys: each run starts within the limits, and counts only its own rows. */
async function clearEarlierRuns(db: pg.Pool, pairs: Pair[]): Promise<void> {
  const conversations = pairs.map((p) => p.conversationId);
  const people = pairs.flatMap((p) => [p.clientId, p.providerId]);
  await db.query('UPDATE conversations SET last_message_id = NULL, last_message_at = NULL, auto_replied_at = NULL WHERE id = ANY($1)', [conversations]);
  await db.query('UPDATE conversation_participants SET unread_count = 0, last_read_id = 0, notified_at = NULL WHERE conversation_id = ANY($1)', [conversations]);
  await db.query('DELETE FROM messages WHERE conversation_id = ANY($1)', [conversations]);
  await db.query('DELETE FROM jobs WHERE client_id = ANY($1)', [people]);
  await db.query('DELETE FROM idempotency_keys WHERE user_id = ANY($1)', [people]);
}

/** Free one-hour slots, apart, of the island's listed providers 3 to 6 weeks ahead (bench/booking.ts). */
async function freeSlots(db: pg.Pool, wanted: number): Promise<Slot[]> {
  const { rows: providers } = await db.query<{ id: string; category_id: number | null }>(
    `SELECT pr.id, (SELECT min(pc.category_id) FROM provider_categories pc WHERE pc.provider_id = pr.id) AS category_id
     FROM providers pr WHERE pr.listed ORDER BY md5(pr.id::text) LIMIT 400`,
  );
  const slots: Slot[] = [];
  const now = new Date();
  for (let day = 21; day <= 45 && slots.length < wanted; day += 1) {
    const date = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (const provider of providers) {
      if (!provider.category_id) continue;
      const { rows } = await db.query<{ slot_start: Date }>('SELECT slot_start FROM provider_free_slots($1, $2::date, 60, $3)', [provider.id, date, now]);
      let lastEnd = 0;
      for (const { slot_start: start } of rows) {
        if (start.getTime() < lastEnd) continue;
        slots.push({ provider_id: provider.id, category_id: provider.category_id, scheduled_start: start.toISOString() });
        lastEnd = start.getTime() + 3_600_000;
        break;
      }
      if (slots.length >= wanted) break;
    }
  }
  return slots;
}

const searches = [
  'q=plomero&limit=20',
  'category=plumbing&lat=18.2011&lng=-67.1396&radius_km=25&sort=rating&limit=20',
  'q=electricista&limit=10',
  'category=cleaning&lat=18.4655&lng=-66.1057&radius_km=20&limit=20',
  'q=fotografo&sort=rating&limit=20',
];

/** A try is sent again (same key) on no answer, a 5xx, 408 or 429: what the ui's query client retries. */
const retryable = (status: number) => status === 0 || status >= 500 || status === 408 || status === 429;

export async function startLoad(options: LoadOptions): Promise<Load> {
  const rate = options.rate ?? 15;
  const socketCount = options.sockets ?? 50;
  const db = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  // An idle connection cut by the database (a failover, a restart) is replaced at the next query;
  // without a listener the pool's 'error' would end the process.
  db.on('error', () => undefined);
  const pairs = await ensurePairs(db, Math.max(options.pairs ?? 200, socketCount));
  await clearEarlierRuns(db, pairs);
  const slots = await freeSlots(db, 2000);
  if (slots.length < 50) throw new Error(`only ${slots.length} free slots: does ${options.databaseUrl} hold an island (bench/generate.ts)?`);
  const token = (id: string, contractor: boolean) => issueAccessToken(options.jwtSecret, { id, is_admin: false, is_contractor: contractor }, id).token;
  const clientTokens = pairs.map((p) => token(p.clientId, false));

  const operations: Operation[] = [];
  const triesFailedBy: Record<string, number> = {};
  let inFlight = 0;

  /** One try: the status (0 on a network error or timeout) and the parsed body. */
  async function send(path: string, init: { method?: string; body?: unknown; headers: Record<string, string> }): Promise<{ status: number; body: unknown; why: string }> {
    try {
      const answer = await fetch(`${options.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await answer.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: answer.status, body, why: String(answer.status) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return { status: 0, body: null, why: `network ${cause}` };
    }
  }

  /** An operation as a client makes it: tries until an answer that is not retryable, the same key each time, for up to 60 s. */
  async function operate(operation: Operation, path: string, init: { method?: string; body?: unknown; headers: Record<string, string> }): Promise<void> {
    inFlight += 1;
    const began = Date.now();
    try {
      for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
        operation.tries += 1;
        const { status, body, why } = await send(path, init);
        operation.status = status;
        if (!retryable(status)) {
          operation.id = (body as { id?: unknown } | null)?.id != null ? String((body as { id: unknown }).id) : null;
          return;
        }
        triesFailedBy[`${operation.kind} ${why}`] = (triesFailedBy[`${operation.kind} ${why}`] ?? 0) + 1;
        if (Date.now() - began > 60_000) return;
        await sleep(wait);
      }
    } finally {
      inFlight -= 1;
    }
  }

  const next = { booking: 0, message: 0, search: 0 };
  function launch(i: number): void {
    const roll = i % 10;
    const key = randomUUID();
    if (roll < 3 && next.booking < slots.length) {
      const slot = slots[next.booking]!;
      const clientIndex = next.booking % pairs.length;
      next.booking += 1;
      const operation: Operation = { kind: 'booking', key, tries: 0, status: 0, id: null };
      operations.push(operation);
      void operate(operation, '/api/v1/jobs', {
        method: 'POST',
        body: { ...slot, title: `Carga ${key}`, description: '', duration_hours: 1, location_type: 'on_site' },
        headers: { authorization: `Bearer ${clientTokens[clientIndex]}`, 'idempotency-key': key },
      });
    } else if (roll < 6) {
      const pairIndex = next.message % pairs.length;
      next.message += 1;
      const operation: Operation = { kind: 'message', key, tries: 0, status: 0, id: null };
      operations.push(operation);
      void operate(operation, `/api/v1/conversations/${pairs[pairIndex]!.conversationId}/messages`, {
        method: 'POST',
        body: { text: `carga ${key}` },
        headers: { authorization: `Bearer ${clientTokens[pairIndex]}`, 'idempotency-key': key },
      });
    } else {
      const query = searches[next.search % searches.length]!;
      next.search += 1;
      const operation: Operation = { kind: 'search', key, tries: 0, status: 0, id: null };
      operations.push(operation);
      void operate(operation, `/api/v1/providers?${query}`, { headers: {} });
    }
  }

  // The live sockets: the first providers, each subscribed to its events.
  interface LiveSocket {
    pair: Pair;
    token: string;
    client: InstanceType<typeof Client>;
    received: Set<string>;
    lastId: bigint;
    connects: number;
    up: boolean;
    downAt: number;
    caughtUp: number;
    catchUpsFailed: number;
  }
  const lives: LiveSocket[] = [];
  let disconnects = 0;
  let longestAwayMs = 0;
  let lastBackAt: number | null = null;
  const wsUrl = `ws://${options.baseUrl.replace(/^https?:\/\//, '')}/api/v1/live` as const;
  const note = (live: LiveSocket, id: string) => {
    live.received.add(id);
    if (BigInt(id) > live.lastId) live.lastId = BigInt(id);
  };
  async function catchUp(live: LiveSocket): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      let after = live.lastId;
      let complete = true;
      for (;;) {
        const { status, body } = await send(`/api/v1/conversations/${live.pair.conversationId}/messages?limit=500${after > 0n ? `&after=${after}` : ''}`, {
          headers: { authorization: `Bearer ${live.token}` },
        });
        if (status !== 200) {
          complete = false;
          break;
        }
        const page = body as { items: { id: string | number }[]; next_cursor: string | null };
        for (const item of page.items) note(live, String(item.id));
        if (!page.next_cursor || after === 0n) break;
        after = live.lastId;
      }
      if (complete) {
        live.caughtUp += 1;
        return;
      }
      await sleep(500);
    }
    live.catchUpsFailed += 1;
  }
  await Promise.all(
    pairs.slice(0, socketCount).map(async (pair) => {
      const client = new Client(wsUrl);
      const live: LiveSocket = { pair, token: token(pair.providerId, true), client, received: new Set(), lastId: 0n, connects: 0, up: false, downAt: 0, caughtUp: 0, catchUpsFailed: 0 };
      lives.push(live);
      client.onError = () => undefined;
      client.onConnect = () => {
        live.connects += 1;
        live.up = true;
        if (live.connects > 1) {
          const away = Date.now() - live.downAt;
          longestAwayMs = Math.max(longestAwayMs, away);
          lastBackAt = Date.now();
          void catchUp(live);
        }
      };
      client.onDisconnect = () => {
        if (!live.up) return;
        live.up = false;
        live.downAt = Date.now();
        disconnects += 1;
      };
      await client.connect({ auth: { headers: { authorization: `Bearer ${live.token}` } }, delay: 250, maxDelay: 2000 });
      await client.subscribe(`/users/${pair.providerId}/events`, (message: unknown) => {
        const event = message as { type?: string; message?: { id: string | number } };
        if (event.type === 'message.created' && event.message) note(live, String(event.message.id));
      });
    }),
  );

  // The schedule: operation i is due at i / rate seconds.
  const began = performance.now();
  let launched = 0;
  let stopping = false;
  const ticker = setInterval(() => {
    const due = Math.floor(((performance.now() - began) / 1000) * rate);
    while (!stopping && launched < due) launch(launched++);
  }, 20);

  const socketState = (): SocketState => ({ open: lives.filter((l) => l.up).length, down: lives.filter((l) => !l.up).length, lastBackAt });

  return {
    sockets: socketState,
    progress() {
      const done = operations.filter((o) => o.status && !retryable(o.status)).length;
      const failedTries = Object.values(triesFailedBy).reduce((a, b) => a + b, 0);
      const s = socketState();
      return `${launched} sent, ${done} answered, ${inFlight} in flight, ${failedTries} tries failed; sockets ${s.open} open ${s.down} down`;
    },
    async stop(): Promise<LoadReport> {
      stopping = true;
      clearInterval(ticker);
      const seconds = (performance.now() - began) / 1000;
      for (let i = 0; i < 700 && inFlight > 0; i += 1) await sleep(100);
      // Deliveries of the last sends, and catch-ups of the last reconnections.
      await sleep(3000);
      for (let i = 0; i < 100 && lives.some((l) => !l.up); i += 1) await sleep(100);
      await sleep(1000);
      const stillDown = lives.filter((l) => !l.up).length;
      const dropped = disconnects;
      await Promise.all(lives.map((l) => l.client.disconnect().catch(() => undefined)));

      const failedBy: Record<string, number> = {};
      for (const o of operations) {
        const ok = o.status >= 200 && o.status < 300;
        if (!ok) failedBy[`${o.kind} ${o.status || 'no answer'}`] = (failedBy[`${o.kind} ${o.status || 'no answer'}`] ?? 0) + 1;
      }
      // The count runs again for up to a minute while the database does not answer (a failover under way).
      const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> => {
        for (let attempt = 0; ; attempt += 1) {
          try {
            return await db.query<R>(text, values);
          } catch (error) {
            if (attempt >= 60) throw error;
            await sleep(1000);
          }
        }
      };
      const tally = async (kind: 'booking' | 'message'): Promise<Tally> => {
        const mine = operations.filter((o) => o.kind === kind);
        const { rows } =
          kind === 'booking'
            ? await query<{ key: string; n: number }>(`SELECT substr(title, 7) AS key, count(*)::int AS n FROM jobs WHERE title LIKE 'Carga %' GROUP BY 1`)
            : await query<{ key: string; n: number }>(
                `SELECT substr(text, 7) AS key, count(*)::int AS n FROM messages WHERE text LIKE 'carga %' AND conversation_id = ANY($1) GROUP BY 1`,
                [pairs.map((p) => p.conversationId)],
              );
        const rowsByKey = new Map(rows.map((r) => [r.key, r.n]));
        const answered = mine.filter((o) => o.status >= 200 && o.status < 300);
        return {
          answered: answered.length,
          inDatabase: rows.reduce((sum, r) => sum + r.n, 0),
          lost: answered.filter((o) => !rowsByKey.get(o.key)).length,
          doubled: [...rowsByKey.values()].filter((n) => n > 1).length,
          committedUnanswered: mine.filter((o) => !(o.status >= 200 && o.status < 300) && rowsByKey.get(o.key)).length,
        };
      };
      const bookings = await tally('booking');
      const messages = await tally('message');
      // Every message of a socket's conversation must have reached it, live or by its catch-up.
      let missedMessages = 0;
      let checkedMessages = 0;
      for (const live of lives) {
        const { rows } = await query<{ id: string }>('SELECT id::text AS id FROM messages WHERE conversation_id = $1', [live.pair.conversationId]);
        checkedMessages += rows.length;
        missedMessages += rows.filter((r) => !live.received.has(r.id)).length;
      }
      await db.end();
      const failed = Object.values(failedBy).reduce((a, b) => a + b, 0);
      const reconnected = lives.reduce((sum, l) => sum + Math.max(0, l.connects - 1), 0);
      const report: LoadReport = {
        seconds,
        rate,
        operations: {
          bookings: operations.filter((o) => o.kind === 'booking').length,
          messages: operations.filter((o) => o.kind === 'message').length,
          searches: operations.filter((o) => o.kind === 'search').length,
        },
        triesFailed: Object.values(triesFailedBy).reduce((a, b) => a + b, 0),
        triesFailedBy,
        failed,
        failedBy,
        bookings,
        messages,
        sockets: {
          count: lives.length,
          disconnects: dropped,
          reconnected,
          caughtUp: lives.reduce((sum, l) => sum + l.caughtUp, 0),
          catchUpsFailed: lives.reduce((sum, l) => sum + l.catchUpsFailed, 0),
          missedMessages,
          checkedMessages,
          longestAwayMs,
          stillDown,
        },
        bad: 0,
      };
      report.bad = failed + bookings.lost + bookings.doubled + messages.lost + messages.doubled + missedMessages + stillDown + report.sockets.catchUpsFailed;
      return report;
    },
  };
}

export function printReport(report: LoadReport): void {
  const o = report.operations;
  const line = (name: string, t: Tally) =>
    `${name}: answered 2xx ${t.answered}, rows ${t.inDatabase}, LOST ${t.lost}, DOUBLED ${t.doubled}, committed but unanswered ${t.committedUnanswered}`;
  const by = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || 'none';
  const s = report.sockets;
  console.log(`load: ${report.seconds.toFixed(0)} s at ${report.rate}/s: ${o.bookings} bookings, ${o.messages} messages, ${o.searches} searches; ${s.count} live sockets`);
  console.log(`FAILED requests (after the client's retries): ${report.failed} (${by(report.failedBy)})`);
  console.log(`tries that failed and were retried: ${report.triesFailed} (${by(report.triesFailedBy)})`);
  console.log(line('bookings', report.bookings));
  console.log(line('messages', report.messages));
  console.log(
    `sockets: ${s.disconnects} dropped, ${s.reconnected} moved (reconnected through the proxy to a node in rotation), ${s.caughtUp} catch-ups done, ${s.catchUpsFailed} catch-ups failed, still down ${s.stillDown}; longest away ${(s.longestAwayMs / 1000).toFixed(2)} s`,
  );
  console.log(`messages of the sockets' conversations: ${s.checkedMessages}, MISSED by their socket (live or catch-up): ${s.missedMessages}`);
  console.log(report.bad === 0 ? 'RESULT: 0 failed, 0 lost, 0 doubled, 0 missed' : `RESULT: ${report.bad} bad`);
}
