/**
 * The private token and the auth tokens never reach a log line (issue 29, acceptance 3): the api
 * logs at trace level as JSON (what production writes) while every payment path runs (connect,
 * refused tokens, paid, declined, cancelled, expired, refunded and over-refunded, a lost
 * notification, 20 duplicates, forged and junk notifications, a tampered payment, a crash after
 * authorizing, a processor that does not answer), and everything written to stdout, stderr and the
 * console is read afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundProblem } from '../src/lib/errors.ts';
import { createAthMovilProcessor } from '../src/lib/payments/index.ts';
import { reconcilePayments } from '../src/modules/payments/index.ts';
import { setClock } from './factories.ts';
import {
  call,
  connectedWorld,
  emulate,
  emulatorProcessor,
  jobWithDeposit,
  notificationsOn,
  paymentStatus,
  settle,
  startDeposit,
  startPaymentsServer,
  usePaymentsServer,
  crashingAfterAuthorize,
} from './payments-fixtures.ts';

let written = '';
const restores: (() => void)[] = [];

/** Everything the process writes from now on, kept (and not shown: trace level is loud). */
function capture(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      written += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
    restores.push(() => {
      stream.write = original;
    });
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method];
    console[method] = (...args: unknown[]) => {
      written += `${args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')}\n`;
    };
    restores.push(() => {
      console[method] = original;
    });
  }
}

beforeAll(() => capture());
const t = usePaymentsServer({}, (config) => ({ ...config, logLevel: 'trace', logFormat: 'json' }));
afterAll(() => {
  for (const restore of restores.reverse()) restore();
});

describe('a full run of the payment paths', () => {
  it('writes log lines that hold no private token and no auth token', async () => {
    const context = t.server.app.context;
    // Refused and connected.
    const refusedWorld = await connectedWorld(t);
    await call(t, 'PUT', '/api/v1/providers/me/payment-account', { token: refusedWorld.providerToken, body: { public_token: refusedWorld.tokens.publicToken, private_token: 'wrong-private-token-1234' } });
    const world = await connectedWorld(t);
    await call(t, 'POST', '/api/v1/providers/me/payment-account/test', { token: world.providerToken });

    // Paid, then refunded in part, over-refunded, and in full.
    const jobs = [] as string[];
    for (let i = 0; i < 9; i++) jobs.push(await jobWithDeposit(t, world, 2500, undefined, `2026-12-${String(10 + i).padStart(2, '0')}T10:00:00-04:00`));
    const paid = await startDeposit(t, world, jobs[0]!);
    await emulate(t, paid.ecommerceId, 'approve');
    await settle(t);
    await call(t, 'POST', `/api/v1/payments/${paid.id}/refunds`, { token: world.providerToken, body: { amount_cents: 500 } });
    await call(t, 'POST', `/api/v1/payments/${paid.id}/refunds`, { token: world.providerToken, body: { amount_cents: 5000 } });
    await call(t, 'POST', `/api/v1/payments/${paid.id}/refunds`, { token: world.providerToken, body: { amount_cents: 2000 } });
    expect((await paymentStatus(t, paid.id)).refunded_cents).toBe(2500);

    // Declined; cancelled here and on the phone.
    const declined = await startDeposit(t, world, jobs[1]!);
    await emulate(t, declined.ecommerceId, 'approve-declined');
    const cancelledHere = await startDeposit(t, world, jobs[2]!);
    await call(t, 'POST', `/api/v1/payments/${cancelledHere.id}/cancel`, { token: world.clientToken });
    const cancelledOnPhone = await startDeposit(t, world, jobs[3]!);
    await emulate(t, cancelledOnPhone.ecommerceId, 'cancel');
    await settle(t);

    // Forged, junk and 20 duplicate notifications; a tampered payment; a lost notification.
    const tampered = await startDeposit(t, world, jobs[4]!);
    await emulate(t, tampered.ecommerceId, 'tamper', { total: '1.00' });
    await emulate(t, tampered.ecommerceId, 'approve');
    await call(t, 'POST', '/api/v1/payments/athmovil/notify', { body: { ecommerceId: 'forged-id', ecommerceStatus: 'COMPLETED' } });
    await call(t, 'POST', '/api/v1/payments/athmovil/notify', { raw: '{"ecommerceId": ' });
    const duplicated = await startDeposit(t, world, jobs[5]!);
    await notificationsOn(t, false);
    await emulate(t, duplicated.ecommerceId, 'approve');
    await Promise.all(Array.from({ length: 20 }, () => fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ecommerceId: duplicated.ecommerceId }) })));
    const lost = await startDeposit(t, world, jobs[6]!);
    await emulate(t, lost.ecommerceId, 'approve');
    await settle(t);
    await reconcilePayments(context);
    await notificationsOn(t, true);

    // Expired by the reconciler.
    const clock = setClock(t, new Date().toISOString());
    const expired = await startDeposit(t, world, jobs[7]!);
    clock.advance(12 * 60_000);
    await reconcilePayments(context);
    setClock(t, new Date().toISOString());

    // A crash after authorizing, logged as the background work logs it, then finished by another server.
    const crashedPayment = await startDeposit(t, world, jobs[8]!);
    await notificationsOn(t, false);
    await emulate(t, crashedPayment.ecommerceId, 'approve');
    const real = emulatorProcessor(t.emulator);
    const crashing = crashingAfterAuthorize(real);
    const crashed = await startPaymentsServer(t.knex, t.config, crashing);
    await reconcilePayments(crashed.app.context, (error) => {
      const { tags, data } = backgroundProblem(error); // as server.ts logs the background work's failures
      crashed.log([...tags, 'jobs'], { ...data, job: 'payments-reconcile' });
    });
    await crashed.stop({ timeout: 1000 });
    await reconcilePayments(context);
    await notificationsOn(t, true);

    // A processor that does not answer.
    const nowhere = createAthMovilProcessor({ baseUrl: 'http://127.0.0.1:9', demo: true, timeoutMs: 500 });
    const unreachable = await startPaymentsServer(t.knex, t.config, nowhere);
    const down = await call({ ...t, server: unreachable }, 'PUT', '/api/v1/providers/me/payment-account', { token: world.providerToken, body: { public_token: world.tokens.publicToken, private_token: world.tokens.privateToken } });
    expect(down.body.code).toBe('payment_processor_unavailable');
    await call({ ...t, server: unreachable }, 'POST', `/api/v1/payments/${expired.id}/check`, { token: world.clientToken });
    await unreachable.stop({ timeout: 1000 });
    await settle(t);

    const statuses = await t.knex('payments').whereIn('id', [paid.id, declined.id, cancelledHere.id, cancelledOnPhone.id, tampered.id, duplicated.id, lost.id, expired.id, crashedPayment.id]).select('id', 'status');
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [paid.id]: 'paid',
      [declined.id]: 'declined',
      [cancelledHere.id]: 'cancelled',
      [cancelledOnPhone.id]: 'cancelled',
      [tampered.id]: 'refused',
      [duplicated.id]: 'paid',
      [lost.id]: 'paid',
      [expired.id]: 'expired',
      [crashedPayment.id]: 'paid',
    });

    // The capture did see the api's log lines: the requests, and the crash logged as an error.
    expect(written).toContain('/api/v1/payments/athmovil/notify');
    expect(written).toContain('the process died here');
    const secrets = [
      ...t.emulator.state.businesses.map((business) => business.privateToken),
      'wrong-private-token-1234',
      ...[...t.emulator.state.payments.values()].map((payment) => payment.authToken),
    ];
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(written.includes(secret), 'a token in the logs').toBe(false);
    for (const answer of t.answers) for (const secret of secrets) expect(answer.includes(secret), 'a token in an answer').toBe(false);
  });
});
