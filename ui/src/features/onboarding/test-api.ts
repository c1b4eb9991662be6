/**
 * A small fake of the api onboarding talks to (progress, phone, categories, finishing), answered
 * at the network level (global fetch), with state so saved progress, phone codes and finishing
 * behave like the server.
 */
import { vi } from 'vitest';
import type { Profile } from '@resuelve/contract';
import type { Category } from '../../entities/category/api.ts';
import type { OnboardingProgress } from './api.ts';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(status: number, code: string, details?: Record<string, string>, headers: Record<string, string> = {}): Response {
  return json(status, { error: `server says ${code}`, status, code, ...(details ? { details } : {}) }, headers);
}

export const categories: Category[] = [
  { id: 1, slug: 'plumbing', name: 'Plomería', group: 'home', is_interest: true },
  { id: 2, slug: 'electrical', name: 'Electricidad', group: 'home', is_interest: true },
  { id: 3, slug: 'cleaning', name: 'Limpieza', group: 'home', is_interest: true },
  { id: 20, slug: 'photography', name: 'Fotografía', group: 'events', is_interest: false },
  { id: 30, slug: 'pet-grooming', name: 'Aseo de mascotas', group: 'pets', is_interest: false },
];

export const validCode = '123456';

export interface FakeApiOptions {
  profile: Profile;
  progress?: OnboardingProgress;
  phoneVerified?: boolean;
  /** Answers that replace the fake's own, by "METHOD /path". */
  overrides?: Record<string, Handler>;
}

export function fakeApi(options: FakeApiOptions) {
  const state = {
    profile: options.profile,
    progress: options.progress ?? { account_type: null, step: null, data: {} },
    phone: options.phoneVerified ? '17875550123' : null,
    pending: null as string | null,
    attempts: 5,
  };
  const calls: Call[] = [];

  const routes: Record<string, Handler> = {
    'GET /profiles/me': () => json(200, state.profile),
    'GET /profiles/me/onboarding': () => json(200, state.progress),
    'PUT /profiles/me/onboarding': ({ body }) => {
      state.progress = body as OnboardingProgress;
      return json(200, state.progress);
    },
    'GET /categories': () => json(200, { items: categories, total: categories.length }),
    'GET /categories/suggestions': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      return json(200, { items: categories.filter((c) => c.name.toLowerCase().includes(q) || c.slug.includes(q)).slice(0, 5) });
    },
    'GET /phone/verification-status': () =>
      json(200, { phone_number: state.phone, verified: state.phone !== null, pending: null }),
    'POST /phone/send-verification': ({ body }) => {
      const digits = String((body as { phoneNumber: string }).phoneNumber).replace(/\D/g, '');
      state.pending = digits.length === 10 ? `1${digits}` : digits;
      state.attempts = 5;
      return json(202, { phone_number: state.pending, expires_in: 600, resend_in: 60, attempts: 5 });
    },
    'POST /phone/verify': ({ body }) => {
      const { code } = body as { code: string };
      if (code !== validCode) {
        state.attempts -= 1;
        return apiError(400, 'invalid_code', { attempts_remaining: String(state.attempts) });
      }
      state.phone = state.pending;
      return json(200, { verified: true, phone_number: state.phone });
    },
    'PATCH /profiles/me/client': () => {
      if (!state.phone) return apiError(409, 'phone_not_verified');
      state.profile = { ...state.profile, is_onboarded: true, is_contractor: false };
      return json(200, {});
    },
    'POST /providers/complete-onboarding': () => {
      if (!state.phone) return apiError(409, 'phone_not_verified');
      state.profile = { ...state.profile, is_onboarded: true, is_contractor: true };
      return json(200, state.profile);
    },
    'POST /uploads/profile-image': () => json(201, { url: '/api/v1/uploads/profile/pic-512.webp', path: 'profile/pic-512.webp' }),
    ...options.overrides,
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call: Call = { method: init?.method ?? 'GET', path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${call.method} ${path}`];
    return handler ? handler(call) : apiError(404, 'route_not_found');
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** The bodies sent by one kind of call, in order. */
    bodies: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body),
  };
}
