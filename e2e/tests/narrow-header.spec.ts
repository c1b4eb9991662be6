/**
 * Issue 27, small of point 11: at 320 px (the narrowest phones still sold) the brand was cut to
 * "Re…" and a badge wrapped. The top bars keep the whole brand name and every control and badge on
 * one line, for a visitor (the app's bar and the landing's own header) and for a signed-in client.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { signIn } from './support/accounts.ts';
import { waitForApp } from './support/hydration.ts';
import { phoneFitProblems } from './support/phone-fit.ts';

const narrow = { width: 320, height: 640 };

/** The brand names cut by an ellipsis, and the bar's texts that take more than one line. */
function headerProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const bars = [...document.querySelectorAll('header.topbar, header.landing-header, nav.bottombar')];
    for (const name of bars.flatMap((bar) => [...bar.querySelectorAll('.brand__name, .landing-brand__name')])) {
      if (name.scrollWidth > name.clientWidth + 0.5) problems.push(`${where} · the brand is cut: "${name.textContent}" shows ${name.clientWidth} of ${name.scrollWidth} px`);
    }
    // The most lines any one shown text of the element takes (a visually hidden text is left out).
    const lines = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let most = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        most = Math.max(most, new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size);
      }
      return most;
    };
    const header = document.querySelector('header.topbar, header.landing-header');
    for (const item of header ? [...header.querySelectorAll('a, button, .badge, .nav-count')] : []) {
      if (item.getBoundingClientRect().width > 0 && lines(item) > 1) problems.push(`${where} · wraps: "${item.textContent?.trim()}"`);
    }
    return problems;
  }, where);
}

test('at 320 px the top bars keep the whole brand and every control on one line, signed out and signed in', async ({ page, t }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(narrow);
  const found: string[] = [];
  for (const path of ['/', '/providers']) {
    await page.goto(path);
    await waitForApp(page);
    found.push(...(await phoneFitProblems(page, `320px ${path}`)), ...(await headerProblems(page, `320px ${path}`)));
  }
  await signIn(page, t, { email: 'cliente@demo.resuelve.pr', password: 'Demo#2026pr' });
  for (const path of ['/client/home', '/messages']) {
    await page.goto(path);
    await waitForApp(page);
    found.push(...(await phoneFitProblems(page, `320px ${path}`)), ...(await headerProblems(page, `320px ${path}`)));
  }
  expect(found).toEqual([]);
});
