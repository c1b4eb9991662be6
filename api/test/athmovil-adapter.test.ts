/**
 * The ATH Móvil adapter (lib/payments/athmovil.ts) against the emulator (emulators/athmovil/),
 * started here on a free port: every path a payment takes, the refusals, the connection test,
 * the notifications, and exact cents both ways.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars, createAthMovilProcessor, dollarsToCents, ProcessorError, type PaymentProcessor, type ProcessorCredentials, type ProcessorPaymentRequest } from '../src/lib/payments/index.ts';
import { demoBusinesses } from '../src/emulators/athmovil/state.ts';
import { startAthMovilEmulator, type AthMovilEmulator } from '../src/emulators/athmovil/server.ts';

const business = demoBusinesses[0]!;
const other = demoBusinesses[1]!;
const credentials: ProcessorCredentials = { publicToken: business.publicToken, privateToken: business.privateToken };
const phone = '7875550101';

function request(overrides: Partial<ProcessorPaymentRequest> = {}): ProcessorPaymentRequest {
  return {
    total_cents: 233,
    subtotal_cents: 133,
    tax_cents: 100,
    metadata1: 'job-00000000-0000-0000-0000-000000000001',
    metadata2: 'pay-1',
    items: [{ name: 'Depósito', description: 'Reparar un tubo', quantity: 1, price_cents: 133, tax_cents: 100, metadata: 'deposit' }],
    phone,
    timeout_seconds: 600,
    ...overrides,
  };
}

/** A listener for the emulator's notifications. */
function listener() {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      received.push(JSON.parse(data) as Record<string, unknown>);
      res.writeHead(202).end();
    });
  });
  return { received, server };
}

async function caught(promise: Promise<unknown>): Promise<ProcessorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProcessorError);
    return error as ProcessorError;
  }
  throw new Error('expected a ProcessorError');
}

let emulator: AthMovilEmulator;
let processor: PaymentProcessor;
const notifications = listener();

async function control(path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => notifications.server.listen(0, '127.0.0.1', resolve));
  const port = (notifications.server.address() as AddressInfo).port;
  emulator = await startAthMovilEmulator({ port: 0, notifyUrl: `http://127.0.0.1:${port}/notify` });
  processor = createAthMovilProcessor({ baseUrl: emulator.url, demo: true, phonePageUrl: `${emulator.url}/phone`, timeoutMs: 2000 });
});

afterAll(async () => {
  await emulator?.stop();
  await new Promise((resolve) => notifications.server.close(resolve));
});

describe('cents and dollars', () => {
  it('convert exactly both ways, by their digits', () => {
    expect(centsToDollars(233)).toBe('2.33');
    expect(centsToDollars(7)).toBe('0.07');
    expect(centsToDollars(150_000)).toBe('1500.00');
    expect(dollarsToCents(2.33)).toBe(233);
    expect(dollarsToCents(1.005 * 1000)).toBe(100_500);
    expect(dollarsToCents('1500.00')).toBe(150_000);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(0.6000000238418579)).toBe(60);
    expect(dollarsToCents(-1)).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents(null)).toBeNull();
    expect(() => centsToDollars(2.5)).toThrow();
  });
});

describe('a paid payment', () => {
  it('goes OPEN → CONFIRM on the phone → COMPLETED at authorization, then refunds in part and in full, and no further', async () => {
    const ticket = await processor.create(credentials, request());
    expect(ticket.ecommerce_id).toMatch(/^[0-9a-f-]{36}$/);
    const open = await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token);
    expect(open).toMatchObject({ status: 'open', total_cents: 233, refunded_cents: 0, reference_number: null, metadata1: 'job-00000000-0000-0000-0000-000000000001', metadata2: 'pay-1', business_name: business.name });

    expect((await control(`/emulator/payments/${ticket.ecommerce_id}/approve`)).status).toBe(200);
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('confirmed');

    const completed = await processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token);
    expect(completed).toMatchObject({ status: 'completed', total_cents: 233 });
    expect(completed.reference_number).toMatch(/^\d{9}-[0-9a-f]{32}$/);
    expect(completed.transaction_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const reference = completed.reference_number!;

    // A second authorization is refused (not CONFIRM any more) and counted.
    expect((await caught(processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token))).code).toBe('BTRA_0032');
    const view = (await (await fetch(`${emulator.url}/emulator/payments/${ticket.ecommerce_id}`)).json()) as { counters: { authorization: number } };
    expect(view.counters.authorization).toBe(2);

    expect(await processor.refund(credentials, reference, 7, 'Parte del depósito')).toMatchObject({ refunded_cents: 7 });
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).refunded_cents).toBe(7);
    const tooMuch = await caught(processor.refund(credentials, reference, 227, null));
    expect(tooMuch.code).toBe('BTRA_0004');
    expect(await processor.refund(credentials, reference, 226, null)).toMatchObject({ refunded_cents: 226 });
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).refunded_cents).toBe(233);
    expect((await caught(processor.refund(credentials, reference, 1, null))).code).toBe('BTRA_0004');
  });

  it('takes $1.00 to $1,500.00 and refuses what is outside, with the documented codes', async () => {
    const most = await processor.create(credentials, request({ total_cents: 150_000, subtotal_cents: 150_000, tax_cents: 0 }));
    await control(`/emulator/payments/${most.ecommerce_id}/approve`);
    expect((await processor.authorize(credentials, most.ecommerce_id, most.auth_token)).total_cents).toBe(150_000);
    expect((await caught(processor.create(credentials, request({ total_cents: 150_001 })))).code).toBe('BTRA_0004');
    expect((await caught(processor.create(credentials, request({ total_cents: 99 })))).code).toBe('BTRA_0001');
    expect((await caught(processor.create(credentials, request({ metadata1: 'x'.repeat(41) })))).code).toBe('BTRA_0038');
  });

  it('refuses another business’s refund and reading a payment with another payment’s auth_token', async () => {
    const a = await processor.create(credentials, request());
    const b = await processor.create(credentials, request());
    expect((await caught(processor.find(credentials, a.ecommerce_id, b.auth_token))).code).toBe('BTRA_0401');
    const otherCredentials = { publicToken: other.publicToken, privateToken: other.privateToken };
    expect((await caught(processor.find(otherCredentials, a.ecommerce_id, a.auth_token))).code).toBe('BTRA_0008');
    await control(`/emulator/payments/${a.ecommerce_id}/approve`);
    const done = await processor.authorize(credentials, a.ecommerce_id, a.auth_token);
    expect((await caught(processor.refund(otherCredentials, done.reference_number!, 100, null))).code).toBe('BTRA_0008');
  });
});

describe('a payment that is not paid', () => {
  it('cancelled by the client on the phone reads back cancelled and cannot be authorized', async () => {
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/cancel`);
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('cancelled');
    expect((await caught(processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token))).code).toBe('BTRA_0032');
  });

  it('cancelled by the business', async () => {
    const ticket = await processor.create(credentials, request());
    await processor.cancel(credentials, ticket.ecommerce_id, ticket.auth_token);
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('cancelled');
    // Approving it on the phone afterwards is refused.
    expect((await control(`/emulator/payments/${ticket.ecommerce_id}/approve`)).status).toBe(409);
  });

  it('expires: at once on the control route, or after its timeout', async () => {
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/expire`);
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('cancelled');
    expect((await caught(processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token))).code).toBe('BTRA_0039');

    const short = await processor.create(credentials, request({ timeout_seconds: 1 }));
    expect((await processor.find(credentials, short.ecommerce_id, short.auth_token)).status).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await processor.find(credentials, short.ecommerce_id, short.auth_token)).status).toBe('cancelled');
  });

  it('declined by the card at authorization: a declined ProcessorError, and cancelled afterwards', async () => {
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/approve-declined`);
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('confirmed');
    const error = await caught(processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token));
    expect(error).toMatchObject({ code: 'BTRA_0045', declined: true });
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('cancelled');
  });
});

describe('tokens', () => {
  it('refuses a wrong public or private token, and no error message holds a token', async () => {
    const wrong = { publicToken: 'not-a-real-public-token-0000000000000000', privateToken: business.privateToken };
    const created = await caught(processor.create(wrong, request()));
    expect(created.code).toBe('BTRA_0017');
    expect(created.declined).toBe(false);
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/approve`);
    const done = await processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token);
    const refused = await caught(processor.refund({ ...credentials, privateToken: 'wrong-private-token-000000000000' }, done.reference_number!, 100, null));
    expect(refused.code).toBe('BTRA_0017');
    for (const error of [created, refused]) {
      for (const secret of [business.privateToken, business.publicToken, ticket.auth_token, wrong.publicToken]) expect(error.message).not.toContain(secret);
    }
  });

  it('tests a connection without moving money: ok, tokens_refused, unreachable', async () => {
    expect(await processor.testConnection(credentials)).toEqual({ ok: true });
    expect(await processor.testConnection({ ...credentials, privateToken: 'wrong-private-token-000000000000' })).toEqual({ ok: false, code: 'tokens_refused' });
    expect(await processor.testConnection({ publicToken: 'nope-nope-nope-nope', privateToken: 'nope-nope-nope' })).toEqual({ ok: false, code: 'tokens_refused' });
    // A port nothing listens on.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createAthMovilProcessor({ baseUrl: `http://127.0.0.1:${port}`, demo: true, timeoutMs: 1000 });
    expect(await nowhere.testConnection(credentials)).toEqual({ ok: false, code: 'unreachable' });
    expect((await caught(nowhere.create(credentials, request()))).code).toBe('unreachable');
  });
});

describe('failures on the way', () => {
  it('an authorization whose answer is lost moved the money: unreachable, then find reads it completed, once', async () => {
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/approve`);
    await control(`/emulator/payments/${ticket.ecommerce_id}/lose-next-answer`);
    expect((await caught(processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token))).code).toBe('unreachable');
    const found = await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token);
    expect(found.status).toBe('completed');
    expect(found.reference_number).toBeTruthy();
  });

  it('the service down answers unreachable until it is back', async () => {
    await control('/emulator/unavailable', { enabled: true });
    try {
      expect((await caught(processor.create(credentials, request()))).code).toBe('unreachable');
      expect(await processor.testConnection(credentials)).toEqual({ ok: false, code: 'unreachable' });
    } finally {
      await control('/emulator/unavailable', { enabled: false });
    }
    expect(await processor.testConnection(credentials)).toEqual({ ok: true });
  });
});

describe('answers the adapter does not trust', () => {
  const answering = (status: number, body: unknown) =>
    createAthMovilProcessor({ baseUrl: 'http://processor.invalid', demo: false, fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) });

  it('a 5xx is unreachable; an unknown shape is bad_answer; an error without a code is bad_answer', async () => {
    expect((await caught(answering(503, { status: 'error', errorcode: 'BTRA_9999' }).create(credentials, request()))).code).toBe('unreachable');
    expect((await caught(answering(200, { hello: 'world' }).create(credentials, request()))).code).toBe('bad_answer');
    expect((await caught(answering(200, { status: 'success', data: { ecommerceStatus: 'WEIRD', ecommerceId: 'x', total: 1 } }).find(credentials, 'x', 't'))).code).toBe('bad_answer');
    expect((await caught(answering(200, { status: 'success', data: { ecommerceStatus: 'COMPLETED', ecommerceId: 'x', total: 1, referenceNumber: '' } }).find(credentials, 'x', 't'))).code).toBe('bad_answer');
    expect((await caught(answering(400, { status: 'error', message: 'x' }).find(credentials, 'x', 't'))).code).toBe('bad_answer');
  });

  it('an error that echoes a token: the message keeps only the code', async () => {
    const echo = answering(400, { status: 'error', errorcode: 'BTRA_0017', message: `Invalid token ${credentials.privateToken.slice(0, 20)} / short1234 / ${credentials.publicToken}` });
    const error = await caught(echo.refund({ publicToken: credentials.publicToken, privateToken: 'short1234' }, 'ref', 100, null));
    expect(error.code).toBe('BTRA_0017');
    expect(error.message).toBe('ATH Móvil refused the refund: BTRA_0017.');
    expect(error.message).not.toContain(credentials.publicToken);
    expect(error.message).not.toContain(credentials.privateToken.slice(0, 20));
  });

  it('a call that takes too long is unreachable', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createAthMovilProcessor({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, demo: false, timeoutMs: 200 });
      const error = await caught(slow.find(credentials, 'x', 't'));
      expect(error.code).toBe('unreachable');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('notifications', () => {
  it('POSTs each change on the phone and the completion; none while off; a re-send on asking', async () => {
    const ticket = await processor.create(credentials, request({ metadata1: 'job-notify' }));
    await control(`/emulator/payments/${ticket.ecommerce_id}/approve`);
    await processor.authorize(credentials, ticket.ecommerce_id, ticket.auth_token);
    await emulator.state.settled();
    const mine = () => notifications.received.filter((n) => n.ecommerceId === ticket.ecommerce_id);
    expect(mine().map((n) => n.ecommerceStatus)).toEqual(['CONFIRM', 'COMPLETED']);
    expect(mine()[1]).toMatchObject({ total: 2.33, metadata1: 'job-notify', metadata2: 'pay-1' });
    expect(mine()[1]!.referenceNumber).toMatch(/^\d{9}-/);

    await control('/emulator/notifications', { enabled: false });
    const quiet = await processor.create(credentials, request());
    await control(`/emulator/payments/${quiet.ecommerce_id}/approve`);
    await emulator.state.settled();
    expect(notifications.received.filter((n) => n.ecommerceId === quiet.ecommerce_id)).toEqual([]);
    expect((await control(`/emulator/payments/${quiet.ecommerce_id}/notify`, { times: 3 })).status).toBe(202);
    await emulator.state.settled();
    expect(notifications.received.filter((n) => n.ecommerceId === quiet.ecommerce_id).map((n) => n.ecommerceStatus)).toEqual(['CONFIRM', 'CONFIRM', 'CONFIRM']);
    await control('/emulator/notifications', { enabled: true });
  });

  it('a tampered payment reads back with the changed total and metadata', async () => {
    const ticket = await processor.create(credentials, request());
    await control(`/emulator/payments/${ticket.ecommerce_id}/tamper`, { total: '1.00', metadata1: 'another-job' });
    expect(await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).toMatchObject({ total_cents: 100, metadata1: 'another-job' });
  });
});

describe('the phone page', () => {
  it('shows the waiting payments of a number in Spanish and English, and its forms approve and come back', async () => {
    const ticket = await processor.create(credentials, request({ phone: '7875550199' }));
    const es = await (await fetch(`${emulator.url}/phone?number=7875550199&lang=es`)).text();
    expect(es).toContain('aquí no se mueve dinero');
    expect(es).toContain(business.name);
    expect(es).toContain('$2.33');
    expect(es).toContain('Pagar y que la tarjeta lo rechace');
    const en = await (await fetch(`${emulator.url}/phone?number=7875550199&lang=en`)).text();
    expect(en).toContain('no money moves here');
    expect(processor.phoneUrl('7875550199')).toBe(`${emulator.url}/phone?number=7875550199`);

    const back = await fetch(`${emulator.url}/emulator/payments/${ticket.ecommerce_id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'number=7875550199&lang=en',
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/phone?number=7875550199&lang=en&done=approved');
    expect((await processor.find(credentials, ticket.ecommerce_id, ticket.auth_token)).status).toBe('confirmed');
    const index = await (await fetch(`${emulator.url}/`)).text();
    expect(index).toContain(business.publicToken);
  });
});
