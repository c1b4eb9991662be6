/**
 * Shared steps of the jobs journeys: fresh onboarded people made through the api (a provider open
 * every day, a client who hears by email; their profiles are the api tests' valid ones,
 * api/test/factories.ts), one browser context per person with the language remembered, the api as
 * each person sees it, and the server clock read and moved for journeys that depend on the day.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page, TestInfo, WebSocket } from '@playwright/test';
import { weekdays, type BusinessHours, type Job, type JobStatus, type Locale, type OutboxMessage } from '@resuelve/contract';
import { expect, newContext, preferencesKey, readServerClock } from './support/fixtures.ts';
import { linkFromOutbox, newAccount, signIn, signUpThroughApi, type Account } from './support/accounts.ts';
import { markPhoneVerified } from './support/database.ts';
import { moveServerClock } from './support/server-clock.ts';
import type { Translate } from './support/texts.ts';
import { validClient, validProvider } from '../../api/test/factories.ts';
import { categoriesIn, uniquePhone } from './onboarding-helpers.ts';

/** Every journey's provider is in San Juan's zone (the providers table's default). */
export const providerZone = 'America/Puerto_Rico';

/** Open all day, every day (the last quarter hour a day may end on is 23:45). */
export const alwaysOpen = Object.fromEntries(weekdays.map((day) => [day, { open: true, from: '00:00', to: '23:45' }])) as BusinessHours;

export interface Person extends Account {
  id: string;
  token: string;
  lng: Locale;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** The api as `person` sees it (bearer token), answering status and body. */
export function apiOf(request: APIRequestContext, person: Pick<Person, 'token'>) {
  const send = async <T>(method: string, pathname: string, data?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> => {
    const response = await request.fetch(`/api/v1${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${person.token}`, ...headers },
      ...(data === undefined ? {} : { data }),
    });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
  };
  /** The answer's body, once its status is the expected one (else the test fails with the body). */
  const expectOk = async <T>(method: string, pathname: string, data?: unknown, status = 200, headers: Record<string, string> = {}): Promise<T> => {
    const answer = await send<T>(method, pathname, data, headers);
    expect(answer.status, `${method} ${pathname}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  };
  return { send, expectOk };
}

/** Sign-up, the emailed link confirmed through the api, a verified phone, signed in through the api. */
async function signedUpPerson(request: APIRequestContext, testInfo: TestInfo, lng: Locale, label: string): Promise<Person> {
  const account = newAccount(testInfo, label);
  await signUpThroughApi(request, account, lng);
  const link = new URL(await linkFromOutbox(request, account.email, '/verify-email'));
  const verified = await request.post('/api/v1/auth/verify-email', { data: { token: link.searchParams.get('token') } });
  expect(verified.status(), await verified.text()).toBe(200);
  await markPhoneVerified(account.email, `1${uniquePhone()}`);
  const session = await request.post('/api/v1/auth/signin', { data: account });
  expect(session.status(), await session.text()).toBe(200);
  const { access_token: token, user } = (await session.json()) as { access_token: string; user: { id: string } };
  return { ...account, id: user.id, token, lng };
}

export interface FreshProvider extends Person {
  companyName: string;
  /** The plumbing category, named in the person's language. */
  category: { id: number; name: string };
}

/** A provider who finished onboarding (plumbing), open every day all day, speaking `lng`. */
export async function freshProvider(request: APIRequestContext, testInfo: TestInfo, lng: Locale): Promise<FreshProvider> {
  const person = await signedUpPerson(request, testInfo, lng, 'jobs-provider');
  const plumbing = (await categoriesIn(request, lng)).get('plumbing')!;
  const companyName = `Plomería ${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
  const api = apiOf(request, person);
  await api.expectOk('POST', '/providers/complete-onboarding', {
    provider: validProvider({ company_name: companyName }),
    serviceCategories: [plumbing.id],
  });
  await api.expectOk('PUT', `/providers/${person.id}/business-hours`, { business_hours: alwaysOpen });
  return { ...person, companyName, category: { id: plumbing.id, name: plumbing.name } };
}

/** A client who finished onboarding and hears of their jobs by email, speaking `lng`. */
export async function freshClient(request: APIRequestContext, testInfo: TestInfo, lng: Locale): Promise<Person> {
  const person = await signedUpPerson(request, testInfo, lng, 'jobs-client');
  await apiOf(request, person).expectOk('PATCH', '/profiles/me/client', {
    ...validClient({ first_name: lng === 'es' ? 'Marisol' : 'Megan', preferred_contact: 'email' }),
    complete_onboarding: true,
  });
  return person;
}

/**
 * A browser context of its own for `person` (two people act at once in a journey), remembering the
 * language the way the fixtures do, signed in from /auth.
 */
export async function signedInPage(browser: Browser, t: Translate, person: Person): Promise<Page> {
  const context = await newContext(browser, { locale: person.lng === 'es' ? 'es-PR' : 'en-US' });
  await context.addInitScript(
    ([key, language]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify({ language }));
    },
    [preferencesKey, person.lng] as const,
  );
  const page = await context.newPage();
  await signIn(page, t, person);
  return page;
}

function isHello(frame: string): boolean {
  try {
    return (JSON.parse(frame) as { type?: unknown }).type === 'hello';
  } catch {
    return false;
  }
}

/**
 * Call before a page load: answers a function that waits until that load's live socket
 * (/api/v1/live, @hapi/nes) is signed in and subscribed (the server's hello answer carries the
 * subscriptions), so what happens next must reach the page through it.
 */
export function watchLiveSocket(page: Page, timeoutMs = 15_000): () => Promise<void> {
  let connected!: () => void;
  const hello = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const onSocket = (socket: WebSocket) => {
    if (new URL(socket.url()).pathname !== '/api/v1/live') return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && isHello(payload)) connected();
    });
  };
  page.on('websocket', onSocket);
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No live socket signed in on ${page.url()} within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      await Promise.race([hello, late]);
    } finally {
      clearTimeout(timer);
      page.off('websocket', onSocket);
    }
  };
}

/** A job's status as its badge reads (the badge is the only element whose whole text is the status). */
export function statusBadge(scope: Page | Locator, t: Translate, status: JobStatus) {
  return scope.getByText(t(`jobs:status.${status}`), { exact: true });
}

/** The server's clock now (GET /api/v1/dev/clock); browsers opened next see the same time. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  return readServerClock(request);
}

/** Moves the server clock forward to `when`. */
export async function moveServerClockTo(request: APIRequestContext, when: Date): Promise<void> {
  const seconds = Math.ceil((when.getTime() - (await serverNow(request)).getTime()) / 1000);
  if (seconds > 0) await moveServerClock(request, { advance_seconds: seconds });
  await readServerClock(request);
}

/** Wall-clock parts of `at` in the providers' zone. */
export function wallClock(at: Date): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: providerZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** `date` (YYYY-MM-DD) at `hhmm` in the providers' zone (Puerto Rico keeps UTC−4 all year). */
export function atWallClock(date: string, hhmm: string): Date {
  return new Date(`${date}T${hhmm}:00-04:00`);
}

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A booking of `provider` by `client` through the api, with its Idempotency-Key. */
export async function bookThroughApi(
  request: APIRequestContext,
  client: Person,
  provider: FreshProvider,
  start: Date,
  title: string,
  hours = 1,
): Promise<Job> {
  return apiOf(request, client).expectOk<Job>(
    'POST',
    '/jobs',
    {
      provider_id: provider.id,
      category_id: provider.category.id,
      title,
      description: '',
      scheduled_start: start.toISOString(),
      duration_hours: hours,
      location_type: 'on_site',
      location_address: null,
    },
    201,
    { 'Idempotency-Key': crypto.randomUUID() },
  );
}

/** The messages the dev outbox holds for an address, newest first. */
export async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: OutboxMessage[] }).items;
}

/** POST /api/v1/dev/background/{name}: runs a background job now, by the server clock. */
export async function runBackgroundJob(request: APIRequestContext, name: 'job-reminders' | 'job-expiry'): Promise<number> {
  const response = await request.post(`/api/v1/dev/background/${name}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/**
 * A job of `client` with `provider` taken from booking to completed through the api, today (a job
 * starts on its own day only): an hour from the next quarter but one. The journey's morning
 * (fixtures.ts) leaves the provider's day (until 23:45) room for it, at any hour of the run.
 */
export async function completedJob(request: APIRequestContext, client: Person, provider: FreshProvider, title: string): Promise<string> {
  const now = await serverNow(request);
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil(now.getTime() / quarter) * quarter + 2 * quarter);
  const job = await bookThroughApi(request, client, provider, start, title);
  const api = apiOf(request, provider);
  await api.expectOk('PATCH', `/jobs/${job.id}`, { action: 'accept', estimated_hours: 1 });
  await api.expectOk('POST', `/jobs/${job.id}/start`, {});
  const ended = await api.expectOk<{ status: string }>('POST', `/jobs/${job.id}/end`, {});
  expect(ended.status).toBe('completed');
  return job.id;
}
