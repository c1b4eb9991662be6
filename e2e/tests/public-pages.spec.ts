/**
 * Issue 15, acceptance 2 and 3 (docs/decisions/0034): the landing, a search and a profile arrive
 * as HTML with their content in the address's language (read here with JavaScript off), hydrate
 * without an error, a console message or anything moving, and then work; the English address of a
 * profile is English for a Spanish visitor; switching language moves the address.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Locale, Project, UploadedProjectImage } from '@resuelve/contract';
import { localizedPath } from '@resuelve/contract';
import { bilingual, expect, test } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { apiOf, freshProvider } from './jobs-helpers.ts';
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

test.describe('public pages rendered on the server', () => {
  test('with JavaScript off, the landing, a search and a profile show their content in the language', bilingual, async ({ browser, baseURL, lng, t }) => {
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

  test('with JavaScript off, the landing search, the search box, the filters, the sort and the trending chips are forms that work', async ({
    browser,
    baseURL,
    lng,
    t,
  }) => {
    const context = await visitor(browser, baseURL!, lng, false);
    const page = await context.newPage();

    // The landing's search: a GET to the search in the page's language, the place sorting nearest first.
    await page.goto(localizedPath('/', lng));
    const hero = page.getByRole('search', { name: t('landing:hero.searchLabel'), exact: true });
    await hero.getByLabel(t('landing:hero.serviceLabel'), { exact: true }).fill('plomeria');
    await hero.getByLabel(t('landing:hero.areaLabel'), { exact: true }).fill('Mayaguez');
    await hero.getByRole('button', { name: t('landing:hero.submit'), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('/providers', lng));
    let url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('municipality'), url.searchParams.get('sort')]).toEqual(['plomeria', 'Mayaguez', 'distance']);
    await expect(page.getByRole('heading', { level: 1, name: t('providers:search.title') })).toBeVisible();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);

    // A trending chip sends its category with the rest of the search.
    const trending = page.getByRole('navigation', { name: t('providers:trending.title') });
    await trending.getByRole('button', { pressed: false }).first().click();
    url = new URL(page.url());
    const category = url.searchParams.get('category');
    expect(category).toBeTruthy();
    expect(url.searchParams.get('q')).toBe('plomeria');
    await expect(trending.getByRole('button', { pressed: true })).toHaveCount(1);

    // The filters and the sort are one form, sent by its button; the search box keeps the filters.
    await page.locator('summary.filters-fold__summary').click();
    await page.getByRole('checkbox', { name: t('providers:filters.insured'), exact: true }).check();
    await page.getByLabel(t('providers:sort.label'), { exact: true }).selectOption('rating');
    await page.locator('.search-filters').getByRole('button', { name: t('providers:filters.apply'), exact: true }).click();
    await expect(page).toHaveURL((next) => next.searchParams.get('insured') === 'true');
    url = new URL(page.url());
    expect([url.searchParams.get('sort'), url.searchParams.get('category'), url.searchParams.get('q')]).toEqual(['rating', category, 'plomeria']);
    // The new page's filters are folded again, as the server draws them.
    await page.locator('summary.filters-fold__summary').click();
    await expect(page.getByRole('checkbox', { name: t('providers:filters.insured'), exact: true })).toBeChecked();

    const box = page.getByRole('search').filter({ has: page.getByRole('combobox', { name: t('providers:search.label'), exact: true }) });
    await box.getByRole('combobox', { name: t('providers:search.label'), exact: true }).fill('electricista');
    await box.getByRole('button', { name: t('providers:search.submit'), exact: true }).click();
    await expect(page).toHaveURL((next) => next.searchParams.get('q') === 'electricista');
    url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('insured'), url.searchParams.get('sort'), url.searchParams.get('category')]).toEqual([
      localizedPath('/providers', lng),
      'true',
      'rating',
      category,
    ]);
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
    await waitForApp(page);
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
    await waitForApp(page);
    await page.goto(provider.path);
    await waitForApp(page);
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

/** A JPEG of its own colour, as a phone would send it. */
function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg({ quality: 80 }).toBuffer();
}

test.describe('a profile with photos of the work, rendered on the server', () => {
  test("a visitor's first load shows the project photos (no .invalid address anywhere), and after hydration they open in the viewer", async ({
    browser,
    baseURL,
    request,
    lng,
    t,
  }, testInfo) => {
    test.setTimeout(120_000);
    const provider = await freshProvider(request, testInfo, lng);
    const images: UploadedProjectImage[] = [];
    for (const colour of ['#c0392b', '#27ae60', '#2980b9']) {
      const upload = await request.post('/api/v1/uploads/project-image', {
        headers: { Authorization: `Bearer ${provider.token}` },
        multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(colour) } },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      images.push((await upload.json()) as UploadedProjectImage);
    }
    const title = lng === 'es' ? 'Terraza en Rincón' : 'Terrace in Rincón';
    await apiOf(request, provider).expectOk<Project>(
      'POST',
      '/projects',
      { title, description: 'Madera tratada con vista al mar.', is_public: true, images: images.map((image, i) => ({ path: image.path, is_cover: i === 1 })) },
      201,
    );

    const context = await visitor(browser, baseURL!, lng, true, 390);
    const page = await context.newPage();
    const problems = watch(page);
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(sent.url()));
    const answer = await page.goto(localizedPath(`/providers/${provider.id}`, lng));
    expect(answer!.status()).toBe(200);
    const html = await answer!.text();
    // The server drew the photos (the strip's cover among them) at addresses of its own origin.
    expect(html).toContain(images[1]!.path);
    expect(html).not.toContain('.invalid');

    const strip = page.getByRole('region', { name: t('portfolio:strip.label') });
    const opener = strip.getByRole('button', { name: t('portfolio:strip.open', { title, count: 3 }) });
    const photo = strip.locator('img').first();
    await expect(photo).toHaveAttribute('src', new RegExp(images[1]!.path));
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    // The gallery's photo below loads as it nears the screen.
    const tile = page.getByTestId('gallery-project').locator('img');
    await tile.scrollIntoViewIfNeeded();
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

    // Once the app runs the page the photos are shown (not left behind their placeholder) and open in the viewer.
    await waitForApp(page);
    expect(await photo.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
    expect(await tile.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
    await opener.click();
    const viewer = page.getByRole('dialog', { name: title });
    await expect(viewer.getByText(t('portfolio:viewer.count', { number: 2, count: 3 }))).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(t('portfolio:viewer.count', { number: 3, count: 3 }))).toBeVisible();
    await viewer.getByRole('button', { name: t('portfolio:viewer.show_photo', { number: 1, count: 3 }) }).click();
    await expect(viewer.getByText(t('portfolio:viewer.count', { number: 1, count: 3 }))).toBeVisible();
    const shown = viewer.getByRole('img', { name: t('portfolio:viewer.photo_alt', { title, number: 1, count: 3 }) });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();

    expect(asked.filter((url) => url.includes('.invalid'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a mistyped profile address is a page not found (404), not a failure to load', async ({ page, lng, t }) => {
    const answer = await page.goto(localizedPath('/providers/abc', lng));
    expect(answer!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: t('providers:profile.not_found_title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('providers:profile.error_title') })).toHaveCount(0);
  });
});

test.describe('one address per language', bilingual, () => {
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
    await waitForApp(page);
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
    await waitForApp(page);
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
