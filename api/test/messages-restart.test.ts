/**
 * Delivery that loses nothing (DESIGN.md §8): a client and a provider exchange 200 messages while
 * the api process is killed (SIGKILL, no drain) and started again. Each side sends as the ui does:
 * one Idempotency-Key per message made before the first try, retried on no answer (a third of the
 * first tries give up after 1 ms, as after a timeout), 5xx or 429 until answered 201. Afterwards every acknowledged message is stored exactly once, in one order
 * both sides' lists agree on, and none is missing.
 *
 * 200 messages are more than the limits allow a sender in a day (SPEC.md §9), so the exchange
 * runs in rounds of 10 per side and moves the development server's clock a day and an hour after
 * each; the restarted process is put back on the same time before the exchange goes on (until
 * then the retries meet 429 and wait, as the ui's would).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { useTestDatabase } from './database.ts';
import { newClient, newConversation, newProvider, tokenFor } from './factories.ts';

const secret = 'restart-messages-secret-restart-messages';
const rounds = 10;
const perSideEachRound = 10;
const dayAndHourSeconds = 25 * 3600;

const database = useTestDatabase({ poolMax: 2 });
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-messages-restart-'));
const running: ApiProcess[] = [];
let env: Record<string, string>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/api/v1`;
  env = {
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: secret,
    UPLOADS_DIR: path.join(folder, 'uploads'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  running.push(await startApiProcess(env));
}, 120_000);

afterAll(async () => {
  for (const api of running) {
    if (api.child.exitCode === null && api.child.signalCode === null) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function moveClock(seconds: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${base}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: seconds }) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(50);
  }
}

interface Tally {
  /** Attempts that got no answer, a 5xx or a 429 and were tried again. */
  retries: number;
  /** Answers marked as the replay of a first answer. */
  replays: number;
}

/**
 * Sends one message as the ui does, trying again with its key until it is answered 201; answers
 * its id. An impatient sender gives up on its first try after 1 ms, as a client whose request
 * timed out: the server usually stores that message anyway, and the retry must answer it again.
 */
async function deliver(token: string, conversationId: string, text: string, tally: Tally, impatient = false): Promise<string> {
  const key = randomUUID();
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      const res = await fetch(`${base}/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(impatient && attempt === 0 ? 1 : 5000),
      });
      const body = (await res.json()) as { id?: string; text?: string; code?: string };
      if (res.status === 201) {
        if (body.text !== text) throw new Error(`answered another message: ${JSON.stringify(body)}`);
        if (res.headers.get('idempotent-replayed') === 'true') tally.replays += 1;
        return body.id!;
      }
      if (res.status !== 429 && res.status < 500) throw new Error(`refused ${res.status} ${JSON.stringify(body)}`);
    } catch (error) {
      if (error instanceof Error && /^(refused|answered)/.test(error.message)) throw error;
    }
    tally.retries += 1;
    await sleep(25);
  }
  throw new Error(`"${text}" was never answered`);
}

async function list(token: string, conversationId: string): Promise<{ id: string; text: string; sender_id: string }[]> {
  const res = await fetch(`${base}/conversations/${conversationId}/messages?limit=500`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string; text: string; sender_id: string }[] }).items;
}

describe('a restart while two people exchange 200 messages', () => {
  it('stores every acknowledged message exactly once, and both sides list all of them in one order', async () => {
    const providerId = await newProvider(database.knex);
    const clientId = await newClient(database.knex);
    const conversationId = await newConversation(database.knex, { clientId, providerId });
    const config = { config: { jwtSecret: secret } };
    const sides = [
      { name: 'cliente', token: tokenFor(config, clientId), acknowledged: new Map<string, string>() },
      { name: 'proveedor', token: tokenFor(config, providerId, true), acknowledged: new Map<string, string>() },
    ];
    const tally: Tally = { retries: 0, replays: 0 };
    let offsetSeconds = 0;
    let restarted = false;

    for (let round = 0; round < rounds; round += 1) {
      const exchange = sides.map(async (side) => {
        for (let i = 0; i < perSideEachRound; i += 1) {
          const text = `${side.name} ${round}-${i}`;
          side.acknowledged.set(await deliver(side.token, conversationId, text, tally, i % 3 === 0), text);
        }
      });
      if (round === Math.floor(rounds / 2)) {
        // Killed mid-round, with both sides sending; started again on the same port and time.
        await sleep(150);
        const current = running.at(-1)!;
        current.child.kill('SIGKILL');
        await current.exited;
        running.push(await startApiProcess(env));
        await moveClock(offsetSeconds);
        restarted = true;
      }
      await Promise.all(exchange);
      offsetSeconds += dayAndHourSeconds;
      await moveClock(dayAndHourSeconds);
    }

    expect(restarted).toBe(true);
    console.info(`messages-restart: ${tally.retries} tries again after no answer, 5xx or 429; ${tally.replays} answered as replays`);
    expect(tally.retries).toBeGreaterThan(0);
    // Some first tries were stored though their sender had stopped waiting: the retry got that message.
    expect(tally.replays).toBeGreaterThan(0);
    const acknowledged = new Map([...sides[0]!.acknowledged, ...sides[1]!.acknowledged]);
    expect(acknowledged.size).toBe(rounds * perSideEachRound * 2);

    const stored: { id: string; text: string }[] = await database.knex('messages').where({ conversation_id: conversationId }).orderBy('id').select('id', 'text');
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((row) => row.text)).size).toBe(200);
    for (const row of stored) expect(acknowledged.get(String(row.id)), `message ${row.id}`).toBe(row.text);

    const views = await Promise.all(sides.map((side) => list(side.token, conversationId)));
    const [clientView, providerView] = [views[0]!, views[1]!];
    expect(clientView.map((m) => m.id)).toEqual(stored.map((row) => String(row.id)));
    expect(providerView).toEqual(clientView);
    // Each side's own messages are in the order it sent them.
    for (const side of sides) {
      const own = clientView.filter((m) => m.text.startsWith(`${side.name} `)).map((m) => m.text);
      expect(own).toEqual([...side.acknowledged.values()]);
    }
  }, 240_000);
});
