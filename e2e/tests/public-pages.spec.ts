/**
 * Issue 15, acceptance 2 and 3 (docs/decisions/0034): the landing, a search and a profile arrive
 * as HTML with their content in the address's language (read here with JavaScript off), hydrate
 * without an error, a console message or anything moving, and then work; the English address of a
 * profile is English for a Spanish visitor; switching language moves the address.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { localizedPath } from '@resuelve/contract';
import { expect, test } from './support/fixtures.ts';
import { translator } from './support/texts.ts';
import type { Translate } from './support/texts.ts';

/** A 1×1 transparent PNG: the map's tiles come from OpenStreetMap, out of reach of the test machine. */
const blankTile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const searchPath = '/providers?category=plumbing';

/** A browser that says and keeps `lng` (Accept-Language, localStorage and the `lang` cookie), with or without JavaScript. */
async function visitor(browser: Browser, baseURL: string, lng: Locale, javaScriptEnabled: boolean, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    locale: lng === 'es' ? 'es-PR' : 'en-US',
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: 'lang', value: lng, url: baseURL }]);
  await context.addInitScript((language) => window.localStorage.setItem('resuelve.preferences', JSON.stringify({ language })), lng);
  await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: blankTile }));
  return context;
}

/** The first provider a search for plumbing shows, read from the server's HTML. */
async function firstProvider(page: Page, t: Translate, lng: Locale): Promise<{ name: string; path: string }> {
  await page.goto(localizedPath(searchPath, lng));
  const link = page.getByRole('article').first().getByRole('heading').getByRole('link');
  const name = (await link.textContent()) ?? '';
  const path = (await link.getAttribute('href')) ?? '';
  expect(name).not.toBe('');
  expect(path).toBe(localizedPath(path, lng));
  expect(t('providers:search.title')).not.toBe('');
  return { name, path };
}

/** Console errors, uncaught errors and React's hydration complaints of a page, from now on. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Sums the page's layout shifts from its very start. */
async function countShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** True once React has taken over this element (hydrated it). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() => page.locator(selector).first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 })
    .toBe(true);
}

test.describe('public pages rendered on the server', () => {
  test('with JavaScript off, the landing, a search and a profile show their content in the language', async ({ browser, baseURL, lng, t }) => {
    const context = await visitor(browser, baseURL!, lng, false);
    const page = await context.newPage();

    await page.goto(localizedPath('/', lng));
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.getByRole('heading', { level: 1, name: t('landing:hero.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('landing:groups.title') })).toBeVisible();

    const provider = await firstProvider(page, t, lng);
    await expect(page.getByRole('heading', { level: 1, name: t('providers:search.title') })).toBeVisible();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);

    await page.goto(provider.path);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('providers:profile.about') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('providers:profile.sign_in_title') })).toBeVisible();
    await context.close();
  });

  test('hydration logs nothing, moves nothing, and the pages then work', async ({ browser, baseURL, lng, t }) => {
    // The page as the server drew it, its scripts held back: where its heading and first card sit.
    const still = await visitor(browser, baseURL!, lng, true);
    await still.route('**/assets/*.js', (route) => route.abort());
    const stillPage = await still.newPage();
    const provider = await firstProvider(stillPage, t, lng);
    const cardWithout = await stillPage.getByRole('article').first().boundingBox();
    const headingWithout = await stillPage.getByRole('heading', { level: 1 }).boundingBox();
    await still.close();

    const context = await visitor(browser, baseURL!, lng, true);
    const page = await context.newPage();
    // A first load brings the font into the cache: its late arrival is the font's shift, not hydration's.
    await page.goto(localizedPath(searchPath, lng));
    await page.waitForLoadState('networkidle');
    await countShifts(page);
    const problems = watch(page);

    await page.goto(localizedPath(searchPath, lng));
    await hydrated(page, '.provider-search__results');
    await page.waitForLoadState('networkidle');
    // The first card sits where the server put it.
    expect(await page.getByRole('article').first().boundingBox()).toEqual(cardWithout);
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(headingWithout);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.005);

    // The search works: another trending category changes the address and the results.
    const firstName = await page.getByRole('article').first().getByRole('heading').textContent();
    const trending = page.getByRole('navigation', { name: t('providers:trending.title') });
    const chip = trending.getByRole('button', { pressed: false }).first();
    const chipName = (await chip.textContent()) ?? '';
    await chip.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('category') !== 'plumbing' && url.searchParams.has('category'));
    await expect(trending.getByRole('button', { name: chipName, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(firstName ?? '');

    // The landing and the profile hydrate as quietly; the profile's sign-in (a visitor's way to book) leads to sign-in.
    await page.goto(localizedPath('/', lng));
    await hydrated(page, 'h1');
    await page.goto(provider.path);
    await hydrated(page, 'h1');
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.005);
    await page
      .getByRole('region', { name: t('providers:profile.sign_in_title') })
      .getByRole('link', { name: t('providers:profile.sign_in') })
      .click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

test.describe('one address per language', () => {
  test('the English address of a profile opens in English for a visitor whose browser and saved preference are Spanish', async ({ browser, baseURL }) => {
    const es = translator('es');
    const en = translator('en');
    const context = await visitor(browser, baseURL!, 'es', true);
    const page = await context.newPage();
    const problems = watch(page);
    const provider = await firstProvider(page, es, 'es');
    const english = localizedPath(provider.path, 'en');

    const answer = await page.request.get(english, { headers: { 'Accept-Language': 'es-PR,es;q=0.9' } });
    const html = await answer.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${english}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${baseURL}${provider.path}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseURL}${english}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}${provider.path}">`);

    await page.goto(english);
    await hydrated(page, 'h1');
    await expect(page).toHaveURL(new RegExp(`${english}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: en('providers:profile.about') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: es('providers:profile.about') })).toHaveCount(0);
    // The saved preference is not changed by reading one English page.
    expect(await page.evaluate(() => window.localStorage.getItem('resuelve.preferences'))).toContain('"es"');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('switching language on a search moves to the other language’s address, keeping the search', async ({ page, lng, t }) => {
    const other: Locale = lng === 'es' ? 'en' : 'es';
    await page.goto(localizedPath(searchPath, lng));
    await hydrated(page, '.provider-search__results');
    await page
      .getByRole('group', { name: t('nav:language.label') })
      .getByRole('button', { name: t(`nav:language.${other}`), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath(searchPath, other).replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1, name: translator(other)('providers:search.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    // A link between public pages keeps the new language's prefix.
    const profileHref = await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href');
    expect(profileHref).toBe(localizedPath(profileHref ?? '', other));
    expect(profileHref?.startsWith('/en/')).toBe(other === 'en');
  });
});
