/**
 * The `test` every journey uses (decision 0045):
 * - a server of the worker's own (`journeyServer`, its own database cloned from the seeded
 *   template) that `page`, `request` and every context the journey opens talk to;
 * - the clock: before each journey the server's clock is set to the run's Puerto Rico morning
 *   (08:00 of the next weekday) and every browser context's clock to the same moment, so a journey
 *   runs the same at 03:00 as at 15:00 UTC and has no path that depends on the hour;
 * - the project's language (`lng`, from the project name), its texts (`t`), and a visitor whose
 *   language choice is already remembered on the device, the way the app stores it
 *   (ui/src/lib/preferences.ts), unless a journey is about choosing the language itself.
 * Journeys run in Spanish, the product's default; those where the language itself is under test
 * carry the `@bilingual` tag and run in English too (playwright.config.ts).
 */
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { languageOf, translator, type Translate } from './texts.ts';
import { startJourneyServer, type JourneyServer } from './journey-server.ts';
import { runMorning } from './morning.ts';

/** localStorage key and shape of the visitor's preferences (ui/src/lib/preferences.ts). */
export const preferencesKey = 'resuelve.preferences';

/** The tag of a journey that runs in both languages: the language itself is what it checks. */
export const bilingual = { tag: '@bilingual' };

interface JourneyFixtures {
  lng: Locale;
  t: Translate;
  /** When true (the default), the device already remembers `lng` before the first page loads. */
  rememberLanguage: boolean;
  /** The server's clock at the journey's start: the run's morning. */
  morning: Date;
}

interface WorkerFixtures {
  journeyServer: JourneyServer;
}

/** The server's time as the journey's browsers should see it: where the morning fixture put it, flowing since. */
let serverOffsetMs = 0;

/** The server's clock, as this worker last set or read it (the offset from this machine's). */
export function serverTimeNow(): Date {
  return new Date(Date.now() + serverOffsetMs);
}

/** Reads the server clock (GET /api/v1/dev/clock) and keeps the offset for the browsers opened next. */
export async function readServerClock(request: APIRequestContext): Promise<Date> {
  const response = await request.get('/api/v1/dev/clock');
  expect(response.status(), await response.text()).toBe(200);
  const now = new Date(((await response.json()) as { now: string }).now);
  serverOffsetMs = now.getTime() - Date.now();
  return now;
}

/** Sets a browser context's clock to the server's: "today" in the page is the server's today. */
export async function alignClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: serverTimeNow() });
}

/** A browser context of the journey's own (a second person, a phone), its clock on the server's. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await alignClock(context);
  return context;
}

export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  journeyServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's arguments from this pattern
    async ({}, use, workerInfo) => {
      const server = await startJourneyServer(workerInfo.workerIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ journeyServer }, use) => {
    await use(journeyServer.url);
  },
  morning: [
    async ({ request }, use) => {
      const answer = await request.post('/api/v1/dev/clock', { data: { to: runMorning().toISOString() } });
      expect(answer.status(), await answer.text()).toBe(200);
      await use(await readServerClock(request));
    },
    { auto: true },
  ],
  context: async ({ context, morning }, use) => {
    void morning;
    await alignClock(context);
    await use(context);
  },
  rememberLanguage: [true, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's arguments from this pattern
  lng: async ({}, use, testInfo) => {
    await use(languageOf(testInfo.project.name));
  },
  t: async ({ lng }, use) => {
    await use(translator(lng));
  },
  page: async ({ page, lng, rememberLanguage, baseURL }, use) => {
    if (rememberLanguage) {
      // Saved as the ui saves it: localStorage and the `lang` cookie the server reads (decision 0034).
      if (baseURL) await page.context().addCookies([{ name: 'lang', value: lng, url: baseURL }]);
      // Only when nothing is saved yet, so a language the person picks later is not overwritten on reload.
      await page.addInitScript(
        ([key, language]) => {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify({ language }));
        },
        [preferencesKey, lng] as const,
      );
    }
    await use(page);
  },
});

export { expect };
