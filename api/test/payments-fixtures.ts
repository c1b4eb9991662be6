/**
 * Helpers for the payments tests (issue 29): the ATH Móvil emulator on a free port with its
 * notifications pointed at a listening api, a provider connected with a business of its own, a
 * job holding a deposit, and every answer kept so a test can say no token was ever in one.
 */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import { startAthMovilEmulator, type AthMovilEmulator } from '../src/emulators/athmovil/server.ts';
import { LocalEventBus } from '../src/lib/events.ts';
import { createAthMovilProcessor, type PaymentProcessor } from '../src/lib/payments/index.ts';
import { start } from '../src/server.ts';
import { useTestDatabase } from './database.ts';
import { jobWorld, type JobWorld } from './factories.ts';
import { jobIn } from './jobs-fixtures.ts';
import { call as callServer, testConfig, type CallOptions, type TestContext } from './server.ts';

export interface PaymentsTest extends TestContext {
  emulator: AthMovilEmulator;
  processor: PaymentProcessor;
  /** Every answer's raw body this file received. */
  answers: string[];
  /** payment.changed events heard, by payment id. */
  events: { payment_id: string; status: string; refunded_cents: number }[];
  notifyUrl: string;
}

export function emulatorProcessor(emulator: AthMovilEmulator): PaymentProcessor {
  return createAthMovilProcessor({ baseUrl: emulator.url, demo: true, phonePageUrl: `${emulator.url}/phone`, timeoutMs: 3000 });
}

/** A listening api on this file's database, its processor the emulator's, its notifications landing on it. */
export async function startPaymentsServer(knex: Knex, config: Config, processor: PaymentProcessor): Promise<Server> {
  return start(config, { knex, processor, events: new LocalEventBus() }, { backgroundJobs: false });
}

export function usePaymentsServer(env: Record<string, string> = {}, configure: (config: Config) => Config = (c) => c): PaymentsTest {
  const t = { answers: [], events: [] } as unknown as PaymentsTest;
  const database = useTestDatabase();
  beforeAll(async () => {
    t.emulator = await startAthMovilEmulator({ port: 0 });
    t.processor = emulatorProcessor(t.emulator);
    t.config = configure(testConfig(database.url, { PORT: '0', HOST: '127.0.0.1', ...env }));
    t.knex = database.knex;
    t.server = await startPaymentsServer(t.knex, t.config, t.processor);
    t.notifyUrl = `http://127.0.0.1:${t.server.info.port}/api/v1/payments/athmovil/notify`;
    t.emulator.state.notifyUrl = t.notifyUrl;
    t.server.app.context.events.subscribe('payment.changed', (event) => {
      t.events.push({ payment_id: event.payment_id, status: event.status, refunded_cents: event.refunded_cents });
    });
  });
  afterAll(async () => {
    await t.server?.stop({ timeout: 1000 });
    await t.emulator?.stop();
  });
  return t;
}

/** `call` that keeps the answer's body. */
export async function call(t: PaymentsTest, method: string, url: string, options: CallOptions = {}) {
  const answer = await callServer(t.server, method, url, options);
  t.answers.push(answer.raw);
  return answer;
}

/** Waits for the emulator's notifications and the api's work after answering them. */
export async function settle(t: PaymentsTest): Promise<void> {
  await t.emulator.state.settled();
  await t.server.app.context.afterAnswer.settled();
}

/** A control route of the emulator (approve, approve-declined, cancel, expire, tamper, notify). */
export async function emulate(t: PaymentsTest, ecommerceId: string, action: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${t.emulator.url}/emulator/payments/${ecommerceId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${action} at the emulator`).toBeLessThan(300);
  return response.json();
}

export async function emulated(t: PaymentsTest, ecommerceId: string) {
  return (await (await fetch(`${t.emulator.url}/emulator/payments/${ecommerceId}`)).json()) as {
    status: string;
    total_cents: number;
    refunded_cents: number;
    counters: { find: number; authorization: number; cancel: number; refund: number };
  };
}

export async function notificationsOn(t: PaymentsTest, enabled: boolean): Promise<void> {
  await fetch(`${t.emulator.url}/emulator/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled }) });
}

export interface PaidWorld extends JobWorld {
  tokens: { publicToken: string; privateToken: string };
}

/** A provider connected to a business of their own at the emulator, and their client. */
export async function connectedWorld(t: PaymentsTest): Promise<PaidWorld> {
  const world = await jobWorld(t, {}, null);
  const business = t.emulator.state.addBusiness({ name: `Negocio ${world.providerId.slice(0, 8)}` });
  const tokens = { publicToken: business.publicToken, privateToken: business.privateToken };
  const connected = await call(t, 'PUT', '/api/v1/providers/me/payment-account', {
    token: world.providerToken,
    body: { public_token: tokens.publicToken, private_token: tokens.privateToken },
  });
  expect(connected.status).toBe(200);
  return { ...world, tokens };
}

/** A pending job holding `cents` of deposit for 30 minutes. */
export async function jobWithDeposit(t: PaymentsTest, world: JobWorld, cents = 2500, title?: string, start = '2026-12-15T10:00:00-04:00'): Promise<string> {
  const job = await jobIn(t, world, 'pending', start);
  const now = t.server.app.context.clock.now();
  await t.knex('jobs')
    .where({ id: job })
    .update({ deposit_cents: cents, deposit_hold_until: new Date(now.getTime() + 30 * 60_000), ...(title ? { title } : {}) });
  return job;
}

/** The client starts the deposit's payment; answers the payment and its processor id. */
export async function startDeposit(t: PaymentsTest, world: JobWorld, jobId: string): Promise<{ id: string; ecommerceId: string; body: any }> {
  const started = await call(t, 'POST', `/api/v1/jobs/${jobId}/payments`, { token: world.clientToken, body: { purpose: 'deposit', phone: '(787) 555-0101' } });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const row = await t.knex('payments').where({ id: started.body.id }).first('ecommerce_id');
  return { id: started.body.id, ecommerceId: row.ecommerce_id, body: started.body };
}

export async function paymentStatus(t: PaymentsTest, id: string): Promise<{ status: string; refunded_cents: number; reference: string | null; failure_code: string | null }> {
  return t.knex('payments').where({ id }).first('status', 'refunded_cents', 'reference', 'failure_code');
}

/** The emulator's processor, but the process dies right after the processor moved the money, before recording it. */
export function crashingAfterAuthorize(real: PaymentProcessor): PaymentProcessor {
  return Object.assign(Object.create(real) as PaymentProcessor, {
    authorize: async (...args: Parameters<PaymentProcessor['authorize']>) => {
      await real.authorize(...args);
      throw new Error('the process died here');
    },
  });
}

/** A connected provider's job with a deposit, its payment waiting on the phone, and the emulator's notifications off until `notificationsOn(t, true)`. */
export async function unheardDeposit(t: PaymentsTest): Promise<{ world: PaidWorld; job: string; payment: Awaited<ReturnType<typeof startDeposit>> }> {
  const world = await connectedWorld(t);
  const job = await jobWithDeposit(t, world);
  const payment = await startDeposit(t, world, job);
  await notificationsOn(t, false);
  return { world, job, payment };
}
