/**
 * Issue 12, acceptance 2: every route of SPEC.md §2 at 390 px wide, signed out, as a client and as
 * a provider (and a new person at onboarding), in the project's language: the page is never wider
 * than the screen, and no link or button of the top bar or the bottom bar is cut.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { clientRoutes, demoProviderId, pairWithJob, providerRoutes, signedInAt, signedOutRoutes } from './support/route-walk.ts';
import { signIn, verifiedAccount } from './support/accounts.ts';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

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

test.describe('on a 390 px phone nothing is wider than the screen and no bar is cut', () => {
  test('signed out', async ({ page }) => {
    const providerId = await demoProviderId(page);
    await expectEachFits(page, signedOutRoutes(providerId));
  });

  test('a new person at onboarding', async ({ page, request, lng, t }, testInfo) => {
    const account = await verifiedAccount({ page, request, lng, t }, testInfo, 'phone-onboarding');
    await signIn(page, t, account);
    await expect(page).toHaveURL('/onboarding');
    await expectEachFits(page, ['/onboarding']);
  });

  test('as a client and as a provider, with a job between them', async ({ browser, request, lng, t }, testInfo) => {
    test.setTimeout(150_000);
    const { provider, client, job } = await pairWithJob(request, testInfo, lng);

    const clientPage = await signedInAt(browser, phone, t, lng, client);
    const demoId = await demoProviderId(clientPage);
    await expectEachFits(clientPage, clientRoutes(job.id, demoId, provider.id));
    await clientPage.context().close();

    const providerPage = await signedInAt(browser, phone, t, lng, provider);
    await expectEachFits(providerPage, providerRoutes(job.id, provider.id));
    await providerPage.context().close();
  });
});
