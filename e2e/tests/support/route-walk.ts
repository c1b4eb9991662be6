/** What the journeys that walk every route share (the accessibility and phone-fit walk, and others): the demo provider and signed-in contexts. */
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { expect, newContext, preferencesKey } from './fixtures.ts';
import { signIn, type Account } from './accounts.ts';
import type { Translate } from './texts.ts';
import { atWallClock, addDays, bookThroughApi, freshClient, freshProvider, serverNow, wallClock } from '../jobs-helpers.ts';

/** The demo island's own provider (api/src/db/demo-seed.ts): reviews, services, a full profile. */
export const demoCompany = 'Plomería y Electricidad Demo';

/** Public pages beyond SPEC.md §2's table that every visitor reaches from the footer and sign-up. */
export const legalPages = ['/terms', '/privacy'];

/** A browser context of its own at `viewport`, remembering the language, signed in as `account`. */
export async function signedInAt(
  browser: Browser,
  viewport: { width: number; height: number },
  t: Translate,
  lng: Locale,
  account: Account,
): Promise<Page> {
  const context = await newContext(browser, { viewport, locale: lng === 'es' ? 'es-PR' : 'en-US' });
  await context.addInitScript(
    ([key, language]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify({ language }));
    },
    [preferencesKey, lng] as const,
  );
  const page = await context.newPage();
  await signIn(page, t, account);
  return page;
}

/** The demo provider's id, found by its name through the search. */
export async function demoProviderId(page: Page): Promise<string> {
  const response = await page.request.get(`/api/v1/providers?q=${encodeURIComponent(demoCompany)}&limit=5`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; company_name: string }[] };
  const found = items.find((item) => item.company_name === demoCompany);
  expect(found, 'the demo provider is on the island').toBeTruthy();
  return found!.id;
}

/** The routes a visitor reaches (SPEC.md §2 and the legal pages), with a real provider's profile. */
export function signedOutRoutes(providerId: string): string[] {
  return [
    '/',
    '/auth',
    '/auth?mode=signup',
    '/auth/reset-password',
    '/verify-email',
    '/providers',
    `/providers/${providerId}`,
    '/esta-pagina-no-existe',
    ...legalPages,
  ];
}

/** A fresh client and provider with a job between them two days ahead, for the signed-in routes. */
export async function pairWithJob(request: APIRequestContext, testInfo: TestInfo, lng: Locale) {
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const day = addDays(wallClock(await serverNow(request)).date, 2);
  const job = await bookThroughApi(request, client, provider, atWallClock(day, '10:00'), lng === 'es' ? 'Reparar el calentador de agua del baño principal' : 'Repair the water heater of the main bathroom');
  return { provider, client, job };
}

/** A client's routes: their own screens, the demo provider's profile and booking form, and the fresh provider's profile. */
export function clientRoutes(jobId: string, demoId: string, providerId: string): string[] {
  return [
    '/client/home',
    '/client/my-appointments',
    '/client/history',
    '/client/reviews',
    `/client/jobs/${jobId}`,
    '/client/profile',
    '/client/settings',
    '/providers',
    `/providers/${demoId}`,
    `/providers/${demoId}/book`,
    `/providers/${providerId}`,
    '/messages',
    '/settings',
    '/esta-pagina-no-existe',
  ];
}

/** A provider's routes, with their own public page (the user menu's Profile, with its edit tabs). */
export function providerRoutes(jobId: string, providerId: string): string[] {
  return [
    '/provider/home',
    '/provider/portfolio',
    '/provider/calendar',
    '/provider/settings',
    `/provider/jobs/${jobId}`,
    `/providers/${providerId}`,
    '/messages',
    '/settings',
    '/esta-pagina-no-existe',
  ];
}
