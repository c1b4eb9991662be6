/**
 * Issue 12, acceptance 2: every route of SPEC.md §2 at 390 px wide, signed out, as a client and as
 * a provider (and a new person at onboarding), in the project's language: the page is never wider
 * than the screen, and no link or button of the top bar or the bottom bar is cut.
 */
import type { Browser, Page } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { test, expect, preferencesKey } from './support/fixtures.ts';
import { signIn, verifiedAccount, type Account } from './support/accounts.ts';
import type { Translate } from './support/texts.ts';
import { atWallClock, addDays, bookThroughApi, freshClient, freshProvider, serverNow, wallClock } from './jobs-helpers.ts';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** The demo island's own provider (api/src/db/demo-seed.ts): reviews, services, a full profile. */
const demoCompany = 'Plomería y Electricidad Demo';

/** Public pages beyond SPEC.md §2's table that every visitor reaches from the footer and sign-up. */
const legalPages = ['/terms', '/privacy'];

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The innermost elements sticking out of the screen, to say where the overflow comes from. */
  culprits: string[];
  /** Links and buttons of the top and bottom bars that are outside the screen or cut. */
  clippedNav: string[];
}

/** The page's width against the screen's, and every cut control of the shell's bars. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    };
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].join('.');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} [${Math.round(box.left)}..${Math.round(box.right)}] "${text}"`;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => outside(element) && ![...element.children].some(outside))
      .slice(0, 6)
      .map(describe);
    // The shell's bars: the top bar (the page's banner, or the landing's own header) and the bottom bar.
    const bars = document.querySelectorAll('header.topbar, header.landing-header, nav.bottombar');
    const clippedNav = [...bars]
      .flatMap((bar) => [...bar.querySelectorAll('a, button')])
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || getComputedStyle(control).visibility === 'hidden') return false;
        return box.left < 0 || box.right > width || control.scrollWidth > control.clientWidth;
      })
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits, clippedNav };
  });
}

/** Opens `path` and waits until it is drawn: its first heading shown, nothing loading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"], .loading-screen')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** Visits each path and checks it fits; every failure of the role is reported at once. */
async function expectEachFits(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await open(page, path);
    const found = await measure(page);
    expect.soft(found.scrollWidth, `${path} is ${found.scrollWidth} px wide in ${found.innerWidth} px: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.innerWidth);
    expect.soft(found.clippedNav, `${path}: cut controls of the top or bottom bar`).toEqual([]);
  }
}

/** A phone-sized browser context of its own, remembering the language, signed in as `account`. */
async function phoneSignedIn(browser: Browser, t: Translate, lng: Locale, account: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, locale: lng === 'es' ? 'es-PR' : 'en-US' });
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

async function demoProviderId(page: Page): Promise<string> {
  const response = await page.request.get(`/api/v1/providers?q=${encodeURIComponent(demoCompany)}&limit=5`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; company_name: string }[] };
  const found = items.find((item) => item.company_name === demoCompany);
  expect(found, 'the demo provider is on the island').toBeTruthy();
  return found!.id;
}

test.describe('on a 390 px phone nothing is wider than the screen and no bar is cut', () => {
  test('signed out', async ({ page }) => {
    const providerId = await demoProviderId(page);
    await expectEachFits(page, [
      '/',
      '/auth',
      '/auth?mode=signup',
      '/auth/reset-password',
      '/verify-email',
      '/providers',
      `/providers/${providerId}`,
      '/esta-pagina-no-existe',
      ...legalPages,
    ]);
  });

  test('a new person at onboarding', async ({ page, request, lng, t }, testInfo) => {
    const account = await verifiedAccount({ page, request, lng, t }, testInfo, 'phone-onboarding');
    await signIn(page, t, account);
    await expect(page).toHaveURL('/onboarding');
    await expectEachFits(page, ['/onboarding']);
  });

  test('as a client and as a provider, with a job between them', async ({ browser, request, lng, t }, testInfo) => {
    test.setTimeout(150_000);
    const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
    const day = addDays(wallClock(await serverNow(request)).date, 2);
    const job = await bookThroughApi(request, client, provider, atWallClock(day, '10:00'), lng === 'es' ? 'Reparar el calentador de agua del baño principal' : 'Repair the water heater of the main bathroom');

    const clientPage = await phoneSignedIn(browser, t, lng, client);
    const demoId = await demoProviderId(clientPage);
    await expectEachFits(clientPage, [
      '/client/home',
      '/client/my-appointments',
      '/client/history',
      '/client/reviews',
      `/client/jobs/${job.id}`,
      '/client/profile',
      '/client/settings',
      '/providers',
      `/providers/${demoId}`,
      `/providers/${demoId}/book`,
      `/providers/${provider.id}`,
      '/messages',
      '/settings',
      '/esta-pagina-no-existe',
    ]);
    await clientPage.context().close();

    const providerPage = await phoneSignedIn(browser, t, lng, provider);
    await expectEachFits(providerPage, [
      '/provider/home',
      '/provider/portfolio',
      '/provider/calendar',
      '/provider/settings',
      `/provider/jobs/${job.id}`,
      // The user menu's Profile leads a provider to their own public page, with its edit tabs.
      `/providers/${provider.id}`,
      '/messages',
      '/settings',
      '/esta-pagina-no-existe',
    ]);
    await providerPage.context().close();
  });
});
