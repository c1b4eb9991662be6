/**
 * The ATH Móvil emulator (issue 29): a small hapi server speaking the Payment Button endpoints
 * (`/api/business-transaction/ecommerce/…`) from memory, the control routes tests and the phone
 * page use (`/emulator/…`), the index page (`/`, the demo businesses' tokens) and the phone page
 * (`/phone`). Development and tests only: no money moves. Design: README.md beside this file.
 */
import Hapi, { type Request, type ResponseToolkit, type ServerRoute } from '@hapi/hapi';
import { bearer, body, dollars, fail, parseAmount, paymentData, text } from './answers.ts';
import { pageAndControlRoutes } from './control-routes.ts';
import { loadStrings } from './phone-page.ts';
import { EmulatorState, type EmulatedPayment } from './state.ts';

export interface AthMovilEmulatorOptions {
  /** 0: any free port. */
  port?: number;
  host?: string;
  /** Where each change is POSTed (unsigned JSON); none when unset. */
  notifyUrl?: string | null;
  localesDir?: string;
}

export interface AthMovilEmulator {
  /** http://host:port, without a trailing slash. */
  url: string;
  state: EmulatorState;
  stop(): Promise<void>;
}

const prefix = '/api/business-transaction/ecommerce';


export function createAthMovilEmulator(options: AthMovilEmulatorOptions = {}) {
  const state = new EmulatorState({ notifyUrl: options.notifyUrl ?? null });
  const strings = loadStrings(options.localesDir);
  const server = Hapi.server({
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    routes: { payload: { failAction: (_request, h) => fail(h, 'BTRA_0006').takeover() } },
  });
  // The service down: every documented endpoint answers 503 (POST /emulator/unavailable).
  server.ext('onPreHandler', (request, h) => (state.unavailable && request.path.startsWith(prefix) ? fail(h, 'BTRA_9998', 503).takeover() : h.continue));

  /** The payment a Bearer auth_token names, or the documented refusal. */
  function byBearer(request: Request, h: ResponseToolkit): EmulatedPayment | ReturnType<typeof fail> {
    const token = bearer(request);
    if (!token) return fail(h, 'token.invalid.header', 401);
    const payment = state.byAuthToken(token);
    if (!payment) return fail(h, 'BTRA_0401', 401);
    return payment;
  }

  const isPayment = (value: unknown): value is EmulatedPayment => typeof value === 'object' && value !== null && 'ecommerceId' in value && 'authToken' in value;

  const routes: ServerRoute[] = [
    // --- The Payment Button endpoints -----------------------------------------------------------
    {
      method: 'POST',
      path: `${prefix}/payment`,
      handler: (request, h) => {
        const input = body(request);
        if (!input) return fail(h, 'BTRA_0006');
        const business = state.businessByPublicToken(input.publicToken);
        if (!business) return fail(h, 'BTRA_0017', 401);
        const total = parseAmount(input.total);
        const subtotal = input.subtotal === undefined || input.subtotal === '' ? 0 : parseAmount(input.subtotal);
        const tax = input.tax === undefined || input.tax === '' ? 0 : parseAmount(input.tax);
        if (total === null || subtotal === null || tax === null) return fail(h, 'BTRA_0020');
        if (total === 0) return fail(h, 'BTRA_0013');
        if (total < 100) return fail(h, 'BTRA_0001');
        if (total > 150_000) return fail(h, 'BTRA_0004');
        const metadata1 = text(input.metadata1);
        const metadata2 = text(input.metadata2);
        if (metadata1.length > 40 || metadata2.length > 40) return fail(h, 'BTRA_0038');
        const timeout = input.timeout === undefined || input.timeout === '' ? 600 : Number(input.timeout);
        if (!Number.isInteger(timeout) || timeout < 1 || timeout > 3600) return fail(h, 'BTRA_0006');
        if (input.items !== undefined && !Array.isArray(input.items)) return fail(h, 'BTRA_0006');
        const items = [];
        for (const raw of (input.items as unknown[] | undefined) ?? []) {
          if (!raw || typeof raw !== 'object') return fail(h, 'BTRA_0006');
          const item = raw as Record<string, unknown>;
          const quantity = Number(item.quantity ?? 1);
          const price = parseAmount(item.price ?? 0);
          const itemTax = item.tax === undefined || item.tax === '' ? 0 : parseAmount(item.tax);
          if (!Number.isInteger(quantity) || quantity < 1 || price === null || itemTax === null) return fail(h, 'BTRA_0020');
          items.push({ name: text(item.name), description: text(item.description), quantity, priceCents: price, taxCents: itemTax, metadata: text(item.metadata) });
        }
        const payment = state.createPayment({
          business,
          phone: text(input.phoneNumber).replace(/\D/g, ''),
          totalCents: total,
          subtotalCents: subtotal,
          taxCents: tax,
          metadata1,
          metadata2,
          items,
          timeoutSeconds: timeout,
        });
        return { status: 'success', data: { ecommerceId: payment.ecommerceId, auth_token: payment.authToken } };
      },
    },
    {
      method: 'POST',
      path: `${prefix}/business/findPayment`,
      handler: (request, h) => {
        const input = body(request);
        if (!input) return fail(h, 'BTRA_0006');
        const found = byBearer(request, h);
        if (!isPayment(found)) return found;
        if (input.ecommerceId !== found.ecommerceId) return fail(h, state.get(input.ecommerceId) ? 'BTRA_0401' : 'BTRA_0031', state.get(input.ecommerceId) ? 401 : 400);
        const business = state.businessByPublicToken(input.publicToken);
        if (!business) return fail(h, 'BTRA_0017', 401);
        if (business !== found.business) return fail(h, 'BTRA_0008');
        found.counters.find += 1;
        return { status: 'success', data: paymentData(state, found) };
      },
    },
    {
      method: 'POST',
      path: `${prefix}/authorization`,
      handler: (request, h) => {
        const found = byBearer(request, h);
        if (!isPayment(found)) return found;
        const outcome = state.authorize(found);
        if (!outcome.ok) return fail(h, outcome.code);
        if (found.loseNextAuthorizationAnswer) {
          // The money moved; the business never hears so (a crash, a cut connection).
          found.loseNextAuthorizationAnswer = false;
          return fail(h, 'BTRA_9998', 503);
        }
        return { status: 'success', data: paymentData(state, found) };
      },
    },
    {
      method: 'POST',
      path: `${prefix}/business/cancel`,
      handler: (request, h) => {
        const input = body(request);
        if (!input) return fail(h, 'BTRA_0006');
        const found = byBearer(request, h);
        if (!isPayment(found)) return found;
        if (input.ecommerceId !== found.ecommerceId) return fail(h, 'BTRA_0401', 401);
        const business = state.businessByPublicToken(input.publicToken);
        if (!business) return fail(h, 'BTRA_0017', 401);
        if (business !== found.business) return fail(h, 'BTRA_0008');
        const outcome = state.cancelByBusiness(found);
        if (!outcome.ok) return fail(h, outcome.code);
        return { status: 'success', data: 'Payment Cancelled.' };
      },
    },
    {
      method: 'POST',
      path: `${prefix}/refund`,
      handler: (request, h) => {
        const input = body(request);
        if (!input) return fail(h, 'BTRA_0006');
        const business = state.businessByPublicToken(input.publicToken);
        if (!business || typeof input.privateToken !== 'string' || input.privateToken !== business.privateToken) return fail(h, 'BTRA_0017', 401);
        const amount = parseAmount(input.amount);
        if (amount === null) return fail(h, 'BTRA_0020');
        if (amount === 0) return fail(h, 'BTRA_0013');
        const message = text(input.message);
        if (message.length > 50) return fail(h, 'BTRA_0040');
        const payment = state.byReference(input.referenceNumber);
        if (!payment) return fail(h, 'BTRA_0007');
        if (payment.business !== business) return fail(h, 'BTRA_0008');
        const refund = state.refund(payment, amount, message);
        if (!refund) return fail(h, 'BTRA_0004');
        return {
          status: 'success',
          data: {
            refund: {
              transactionType: 'REFUND',
              status: 'COMPLETED',
              refundedAmount: dollars(refund.amountCents),
              date: String(refund.date.getTime()),
              referenceNumber: refund.referenceNumber,
              dailyTransactionID: refund.dailyTransactionId,
              name: 'Cliente de prueba',
              phoneNumber: payment.phone ? `(${payment.phone.slice(0, 3)}) ${payment.phone.slice(3, 6)}-${payment.phone.slice(6)}` : '',
              email: '',
            },
            originalTransaction: {
              transactionType: 'PAYMENT',
              status: 'COMPLETED',
              date: String(payment.createdAt.getTime()),
              referenceNumber: payment.referenceNumber,
              dailyTransactionID: payment.dailyTransactionId,
              name: 'Cliente de prueba',
              phoneNumber: '',
              email: '',
              message: '',
              total: dollars(payment.totalCents),
              tax: dollars(payment.taxCents),
              subtotal: dollars(payment.subtotalCents),
              fee: dollars(payment.feeCents),
              netAmount: dollars(payment.totalCents - payment.feeCents),
              totalRefundedAmount: dollars(state.refundedCents(payment)),
              metadata1: payment.metadata1,
              metadata2: payment.metadata2,
              items: [],
            },
          },
        };
      },
    },

    ...pageAndControlRoutes(state, strings),
  ];
  server.route(routes);
  return { server, state };
}

/** Starts the emulator; `url` is where it listens, `stop` ends it. */
export async function startAthMovilEmulator(options: AthMovilEmulatorOptions = {}): Promise<AthMovilEmulator> {
  const { server, state } = createAthMovilEmulator(options);
  await server.start();
  state.startSweeping();
  const host = server.info.host === '0.0.0.0' || server.info.host === '::' ? '127.0.0.1' : server.info.host;
  return {
    url: `http://${host}:${server.info.port}`,
    state,
    async stop() {
      state.stopSweeping();
      await server.stop({ timeout: 1000 });
    },
  };
}
