/**
 * The emulator's pages (the index with the demo businesses' tokens, the phone page where a developer
 * plays the client) and its control routes (`/emulator/…`: what tests and the phone page do to a
 * payment: approve, approve with a card that declines, cancel, expire, tamper, lose an answer,
 * notifications on, off or repeated). Development and tests only.
 */
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { body, paymentView, parseAmount, text } from './answers.ts';
import { langOf, renderIndexPage, renderPhoneList, renderPhonePage, type Lang } from './phone-page.ts';
import { StateError, type EmulatedPayment, type EmulatorState } from './state.ts';

export function pageAndControlRoutes(state: EmulatorState, strings: Record<Lang, Parameters<typeof renderPhonePage>[3]>): ServerRoute[] {
  return [
    // --- Pages ----------------------------------------------------------------------------------
    {
      method: 'GET',
      path: '/',
      handler: (request, h) => h.response(renderIndexPage(state, langOf(request.query.lang), strings[langOf(request.query.lang)])).type('text/html; charset=utf-8'),
    },
    {
      method: 'GET',
      path: '/phone',
      handler: (request, h) => {
        const lang = langOf(request.query.lang);
        const number = text(request.query.number).replace(/\D/g, '').slice(0, 15);
        const done: string | null = typeof request.query.done === 'string' ? request.query.done : null;
        return h.response(renderPhonePage(state, number, lang, strings[lang], done)).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      },
    },
    {
      method: 'GET',
      path: '/phone/list',
      handler: (request, h) => {
        const lang = langOf(request.query.lang);
        const number = text(request.query.number).replace(/\D/g, '').slice(0, 15);
        return h.response(renderPhoneList(state, number, lang, strings[lang])).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      },
    },

    // --- Control routes (tests, the phone page) -------------------------------------------------
    {
      method: 'GET',
      path: '/emulator/businesses',
      handler: () => ({ businesses: state.businesses.map((b) => ({ name: b.name, publicToken: b.publicToken, privateToken: b.privateToken, businessCustomerId: b.businessCustomerId })) }),
    },
    {
      method: 'POST',
      path: '/emulator/businesses',
      handler: (request, h) => {
        const input = body(request) ?? {};
        const name = text(input.name).trim();
        if (!name) return h.response({ error: 'name is required' }).code(400);
        for (const key of ['publicToken', 'privateToken'] as const) {
          if (input[key] !== undefined && (typeof input[key] !== 'string' || !/^[\w-]{8,100}$/.test(input[key]))) return h.response({ error: `${key} must be 8 to 100 letters, digits, _ or -` }).code(400);
        }
        if (state.businessByPublicToken(input.publicToken)) return h.response({ error: 'that public token is taken' }).code(409);
        const business = state.addBusiness({ name, publicToken: input.publicToken as string | undefined, privateToken: input.privateToken as string | undefined });
        return h.response({ name: business.name, publicToken: business.publicToken, privateToken: business.privateToken, businessCustomerId: business.businessCustomerId }).code(201);
      },
    },
    {
      method: 'GET',
      path: '/emulator/payments',
      handler: (request) => {
        const phone = text(request.query.phone);
        const payments = phone ? state.forPhone(phone, true) : [...state.payments.values()].map((p) => state.get(p.ecommerceId)!);
        return { payments: payments.map((p) => paymentView(state, p)) };
      },
    },
    {
      method: 'GET',
      path: '/emulator/payments/{id}',
      handler: (request, h) => {
        const payment = state.get(request.params.id);
        return payment ? paymentView(state, payment) : h.response({ error: 'no such payment' }).code(404);
      },
    },
    ...(
      [
        ['approve', (p: EmulatedPayment) => state.approve(p), 'approved'],
        ['approve-declined', (p: EmulatedPayment) => state.approve(p, { cardDeclines: true }), 'approved_declined'],
        ['cancel', (p: EmulatedPayment) => state.cancelOnPhone(p), 'cancelled'],
        ['expire', (p: EmulatedPayment) => state.expireNow(p), 'expired'],
      ] as const
    ).map(([action, change, done]): ServerRoute => ({
      method: 'POST',
      path: `/emulator/payments/{id}/${action}`,
      options: { payload: { failAction: 'ignore' as const } },
      handler: (request: Request, h: ResponseToolkit) => {
        const input = body(request) ?? {};
        const fromPage = request.mime === 'application/x-www-form-urlencoded';
        const back = (outcome: string) => h.redirect(`/phone?number=${encodeURIComponent(text(input.number).replace(/\D/g, ''))}&lang=${langOf(input.lang)}&done=${outcome}`).code(303);
        const payment = state.get(request.params.id);
        if (!payment) return fromPage ? back('not_open') : h.response({ error: 'no such payment' }).code(404);
        try {
          change(payment);
        } catch (error) {
          if (!(error instanceof StateError)) throw error;
          return fromPage ? back('not_open') : h.response({ error: error.message, code: error.code, payment: paymentView(state, payment) }).code(409);
        }
        return fromPage ? back(done) : paymentView(state, payment);
      },
    })),
    {
      method: 'POST',
      path: '/emulator/payments/{id}/tamper',
      handler: (request, h) => {
        const payment = state.get(request.params.id);
        if (!payment) return h.response({ error: 'no such payment' }).code(404);
        const input = body(request) ?? {};
        if (input.total !== undefined) {
          const total = parseAmount(input.total);
          if (total === null) return h.response({ error: 'total must be dollars like "12.50"' }).code(400);
          payment.totalCents = total;
        }
        for (const key of ['metadata1', 'metadata2'] as const) if (typeof input[key] === 'string') payment[key] = input[key];
        if (typeof input.publicToken === 'string') {
          const business = state.businessByPublicToken(input.publicToken);
          if (!business) return h.response({ error: 'no business has that public token' }).code(400);
          payment.business = business;
        }
        return paymentView(state, payment);
      },
    },
    {
      method: 'POST',
      path: '/emulator/payments/{id}/lose-next-answer',
      handler: (request, h) => {
        const payment = state.get(request.params.id);
        if (!payment) return h.response({ error: 'no such payment' }).code(404);
        payment.loseNextAuthorizationAnswer = true;
        return paymentView(state, payment);
      },
    },
    {
      method: 'POST',
      path: '/emulator/unavailable',
      handler: (request, h) => {
        const input = body(request) ?? {};
        if (typeof input.enabled !== 'boolean') return h.response({ error: 'enabled must be true or false' }).code(400);
        state.unavailable = input.enabled;
        return { unavailable: state.unavailable };
      },
    },
    {
      method: 'POST',
      path: '/emulator/payments/{id}/notify',
      handler: (request, h) => {
        const payment = state.get(request.params.id);
        if (!payment) return h.response({ error: 'no such payment' }).code(404);
        const times = Math.min(100, Math.max(1, Number((body(request) ?? {}).times ?? 1) || 1));
        for (let i = 0; i < times; i++) state.notify(payment, { force: true });
        return h.response({ sent: times }).code(202);
      },
    },
    {
      method: 'GET',
      path: '/emulator/notifications',
      handler: () => ({ enabled: state.notificationsEnabled, notifyUrl: state.notifyUrl, sent: state.notifications.map((n) => ({ ...n, at: n.at.toISOString() })) }),
    },
    {
      method: 'POST',
      path: '/emulator/notifications',
      handler: (request, h) => {
        const input = body(request) ?? {};
        if (typeof input.enabled !== 'boolean') return h.response({ error: 'enabled must be true or false' }).code(400);
        state.notificationsEnabled = input.enabled;
        return { enabled: state.notificationsEnabled };
      },
    },
  ];
}
