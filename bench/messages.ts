/**
 * Messaging speed (bench/README.md):
 *   npx tsx bench/messages.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench_messages
 * Creates and migrates the database when missing; makes `--pairs` clients and providers and one
 * conversation per pair straight in SQL (kept between runs; the bench's messages are removed
 * first, so the senders start within their limits). Starts the real server on a free port (as in
 * production: answers not re-validated, silent logs) and measures, printing figures it never
 * asserts:
 *
 * 1. send: POST /conversations/{id}/messages with an Idempotency-Key over `--connections`
 *    keep-alive connections (closed loop, or `--send-rate` a second on a schedule), each message from a client of another pair in turn, so
 *    no sender comes near 20 an hour; n, p50, p95, p99, max, req/s (target p95 ≤ 30 ms at 50);
 * 2. delivery: 2 × pairs sockets open and subscribed (both sides of every conversation, in a worker
 *    thread, bench/live-sockets.mjs), then `--live-messages` sends at `--rate` a second from the
 *    load worker; the time from a send leaving the client to the message.created reaching the
 *    other participant's socket: n, p50, p95, p99, max (target p99 ≤ 100 ms with 2,000 sockets);
 * 3. catch-up: GET /conversations/{id}/messages?after=<id>&limit=500 answering 500 messages, one
 *    connection, `--catchup-requests` times: p50, p95, p99 (target ≤ 50 ms).
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { benchConfig, ensureDatabase, ms, percentiles, report, sendLoad, statusLine, type LoadRequest } from './measure.ts';
import { benchToken, ensureBenchSessions } from './sessions.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench_messages' },
    pairs: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '3000' },
    'live-messages': { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    // 0: closed (each connection sends again when answered); > 0: sends per second on a schedule.
    'send-rate': { type: 'string', default: '0' },
    'catchup-requests': { type: 'string', default: '200' },
  },
});

const databaseUrl = values['database-url']!;
const pairCount = Number(values.pairs);
const connections = Number(values.connections);
const requests = Number(values.requests);
const liveMessages = Number(values['live-messages']);
const rate = Number(values.rate);
const sendRate = Number(values['send-rate']);
const catchupRequests = Number(values['catchup-requests']);
type Knex = ReturnType<typeof createKnex>;

const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

interface Pair {
  clientId: string;
  providerId: string;
  conversationId: string;
}

/** `count` pairs marked bench-msg-*, made once and reused, each with its conversation. */
async function benchPairs(knex: Knex, count: number): Promise<Pair[]> {
  const have = Number((await knex('users').whereLike('email', 'bench-msg-client-%@example.pr').count({ n: '*' }).first())!.n);
  for (let start = have; start < count; start += 500) {
    const size = Math.min(500, count - start);
    const people = (role: 'client' | 'provider') =>
      Array.from({ length: size }, (_, i) => ({ email: `bench-msg-${role}-${String(start + i).padStart(6, '0')}@example.pr`, password_hash: 'not-a-password', email_confirmed_at: new Date() }));
    await knex.transaction(async (trx) => {
      const clients: { id: string }[] = await trx('users').insert(people('client')).returning('id');
      const providers: { id: string }[] = await trx('users').insert(people('provider')).returning('id');
      await trx('profiles').insert(clients.map(({ id }, i) => ({ id, is_email_verified: true, is_onboarded: true, first_name: 'Cliente', last_name: `Bench ${start + i}` })));
      await trx('profiles').insert(providers.map(({ id }) => ({ id, is_email_verified: true, is_onboarded: true, is_contractor: true, first_name: 'Proveedor' })));
      await trx('providers').insert(providers.map(({ id }, i) => ({ id, company_name: `Bench Servicios ${start + i}`, city: 'Ponce', state: 'PR', zip_code: '00716' })));
      const conversations: { id: string }[] = await trx('conversations')
        .insert(clients.map(({ id }, i) => ({ client_id: id, provider_id: providers[i]!.id, subject: 'Bench' })))
        .returning('id');
      await trx('conversation_participants').insert(
        conversations.flatMap(({ id }, i) => [
          { conversation_id: id, user_id: clients[i]!.id, role: 'client' },
          { conversation_id: id, user_id: providers[i]!.id, role: 'provider' },
        ]),
      );
    });
  }
  const rows: { client_id: string; provider_id: string; id: string }[] = await knex('conversations as c')
    .join('users as u', 'u.id', 'c.client_id')
    .whereLike('u.email', 'bench-msg-client-%@example.pr')
    .orderBy('u.email')
    .limit(count)
    .select('c.id', 'c.client_id', 'c.provider_id');
  return rows.map((row) => ({ clientId: row.client_id, providerId: row.provider_id, conversationId: row.id }));
}

/** Removes the bench's messages, so every sender starts the run within the limits. */
async function clearMessages(knex: Knex, pairs: Pair[]): Promise<void> {
  const ids = pairs.map((pair) => pair.conversationId);
  await knex('conversations').whereIn('id', ids).update({ last_message_id: null, last_message_at: null, auto_replied_at: null });
  await knex('conversation_participants').whereIn('conversation_id', ids).update({ unread_count: 0, last_read_id: 0, notified_at: null });
  await knex('messages').whereIn('conversation_id', ids).delete();
  await knex('idempotency_keys').whereIn('user_id', pairs.map((pair) => pair.clientId)).delete();
}

/** One conversation holding `count` messages, for the catch-up; answers the id to ask after. */
async function catchupConversation(knex: Knex, pair: Pair, count: number, missed: number): Promise<string> {
  const base = Date.now() - 3 * 86_400_000;
  const rows = Array.from({ length: count }, (_, i) => ({
    conversation_id: pair.conversationId,
    sender_id: i % 2 ? pair.providerId : pair.clientId,
    text: `Mensaje de relleno número ${i}: ¿a qué hora llega mañana? `.repeat(3).slice(0, 160),
    created_at: new Date(base + i * 60_000),
  }));
  const ids: { id: string }[] = await knex('messages').insert(rows).returning('id');
  return String(ids[count - missed - 1]!.id);
}

async function main() {
  await ensureDatabase(databaseUrl);
  const config = benchConfig(databaseUrl);
  const knex = createKnex(databaseUrl, { poolMax: connections });
  const pairs = await benchPairs(knex, pairCount);
  await clearMessages(knex, pairs);
  await ensureBenchSessions(knex, pairs.flatMap((pair) => [pair.clientId, pair.providerId]));
  const token = (id: string, contractor: boolean) => benchToken(config.jwtSecret, id, contractor);
  const clientTokens = pairs.map((pair) => token(pair.clientId, false));
  const server = await start(config, { knex }, { backgroundJobs: false });
  const port = server.info.port as number;
  console.log(`node ${process.version}; ${os.cpus().length} CPUs; ${pairs.length} conversations; load average before ${loadAverage()}`);

  // 1. Sending at 50 connections.
  const sendRequest = (i: number, text: string): LoadRequest => {
    const pair = pairs[i % pairs.length]!;
    return {
      path: `/api/v1/conversations/${pair.conversationId}/messages`,
      method: 'POST',
      body: { text },
      headers: { authorization: `Bearer ${clientTokens[i % pairs.length]}`, 'idempotency-key': randomUUID() },
    };
  };
  const warm = Array.from({ length: 200 }, (_, i) => sendRequest(i, `Calentando ${i}`));
  await sendLoad(port, warm, connections);
  const work = Array.from({ length: requests }, (_, i) => sendRequest(i + 200, `Hola, ¿está disponible el jueves? (${i})`));
  const sent = await sendLoad(port, work, connections, { ratePerSecond: sendRate });
  const pace = sendRate > 0 ? `, ${sendRate} a second on a schedule` : '';
  const sendP = report(`POST /conversations/{id}/messages, ${connections} connections${pace}`, sent.samples, sent.seconds);
  console.log(`answers: ${statusLine(sent.statuses)}; load average after ${loadAverage()}`);
  const perSender = Math.ceil((requests + 200) / pairs.length);
  console.log(`(${perSender} messages per sender at most, under the 20 an hour)`);
  await clearMessages(knex, pairs);

  // 2. Delivery to the other participant's socket, with every participant connected.
  const users = pairs.flatMap((pair) => [
    { userId: pair.clientId, token: token(pair.clientId, false) },
    { userId: pair.providerId, token: token(pair.providerId, true) },
  ]);
  const opening = performance.now();
  const worker = new Worker(new URL('./live-sockets.mjs', import.meta.url), { workerData: { url: `ws://127.0.0.1:${port}/api/v1/live`, users, openConcurrency: 50 } });
  const [opened] = (await once(worker, 'message')) as [{ ready: number; failed: number }];
  console.log(`sockets: ${opened.ready} open and subscribed (${opened.failed} failed) in ${ms(performance.now() - opening)}`);
  const liveWork = Array.from({ length: liveMessages }, (_, i) => sendRequest(i, `En vivo ${i}`));
  const liveSent = await sendLoad(port, liveWork, 20, { ratePerSecond: rate, keepBodies: true });
  await sleep(2000); // the last ones arrive
  worker.postMessage('collect');
  const [{ receipts }] = (await once(worker, 'message')) as [{ receipts: [string, string, number][] }];
  const sentAt = new Map<string, { at: number; answeredAt: number; recipient: string }>();
  (liveSent.answers ?? []).forEach(([index, at, body], k) => {
    const message = JSON.parse(body) as { id?: string };
    // samples and answers are recorded together, in the same order.
    if (message.id) sentAt.set(message.id, { at, answeredAt: at + liveSent.samples[k]!, recipient: pairs[index % pairs.length]!.providerId });
  });
  const delivered = receipts.filter(([id, userId]) => sentAt.get(id)?.recipient === userId);
  const latencies = delivered.map(([id, , at]) => at - sentAt.get(id)!.at);
  const afterAnswer = percentiles(delivered.map(([id, , at]) => at - sentAt.get(id)!.answeredAt));
  const delivery = percentiles(latencies);
  console.log(`sends: ${statusLine(liveSent.statuses)} at ${rate}/s; ${sentAt.size} stored, ${latencies.length} reached the other participant's socket`);
  console.log(
    `send → other participant's socket, ${opened.ready} sockets: n=${delivery.n} p50=${ms(delivery.p50)} p95=${ms(delivery.p95)} p99=${ms(delivery.p99)} max=${ms(delivery.max)}  (target p99 ≤ 100 ms)`,
  );
  console.log(`  of which after the sender's answer (the event's own way, negative when it came first): p50=${ms(afterAnswer.p50)} p95=${ms(afterAnswer.p95)} p99=${ms(afterAnswer.p99)}`);
  console.log(`load average after ${loadAverage()}`);
  await worker.terminate();
  await clearMessages(knex, pairs);

  // 3. Catching up on 500 missed messages in one request.
  const pair = pairs[0]!;
  const after = await catchupConversation(knex, pair, 600, 500);
  const catchup = Array.from({ length: catchupRequests }, () => ({
    path: `/api/v1/conversations/${pair.conversationId}/messages?after=${after}&limit=500`,
    headers: { authorization: `Bearer ${clientTokens[0]}` },
  }));
  await sendLoad(port, catchup.slice(0, 20), 1);
  const caught = await sendLoad(port, catchup, 1);
  const catchP = report('GET /conversations/{id}/messages?after=…&limit=500 (500 messages), 1 connection', caught.samples, caught.seconds);
  console.log(`answers: ${statusLine(caught.statuses)}`);
  await clearMessages(knex, pairs);

  console.log(
    `Targets: send p95 ≤ 30 ms (${sendP.p95 <= 30 ? 'met' : 'missed'}); delivery p99 ≤ 100 ms (${delivery.p99 <= 100 ? 'met' : 'missed'}); catch-up of 500 ≤ 50 ms at p95 (${catchP.p95 <= 50 ? 'met' : 'missed'})`,
  );
  await server.stop({ timeout: 2000 });
  await knex.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
