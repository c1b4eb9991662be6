/**
 * A screen looks the same whichever screens were visited before it (feature stylesheets are
 * scoped: docs/decisions/0018-scoped-styles.md). Each journey stays in one page load, moving with
 * the app's own links, because a stylesheet once loaded stays for the rest of the visit; the looks
 * are read from the browser's computed style.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { linkFromOutbox, newAccount, signIn, signUpThroughApi } from './support/accounts.ts';
import { markPhoneVerified } from './support/database.ts';
import { freshClient, signedInPage } from './jobs-helpers.ts';
import { firstLoad } from './search-helpers.ts';
import { phoneStep, uniquePhone, wizard, yearsAgo } from './onboarding-helpers.ts';
import type { Translate } from './support/texts.ts';

/** What makes a field's error line look as it does, its ::before (the warning sign) included. */
async function errorLineLook(line: Locator) {
  return line.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      marker: getComputedStyle(element, '::before').content,
      color: style.color,
      fontSize: style.fontSize,
      margin: style.margin,
    };
  });
}

/** What makes each skeleton shape under `area` look as it does (not the moving background position). */
async function skeletonLook(area: Locator) {
  return area.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('.skeleton')].map((shape) => {
      const style = getComputedStyle(shape);
      const parent = getComputedStyle(shape.parentElement!);
      return {
        display: style.display,
        width: style.width,
        height: style.height,
        radius: style.borderTopLeftRadius,
        background: style.backgroundImage,
        size: style.backgroundSize,
        animation: `${style.animationName} ${style.animationDuration} ${style.animationIterationCount}`,
        parent: `${parent.display} ${parent.rowGap}`,
      };
    }),
  );
}

/**
 * Holds the answers to requests matching `match` until released, so a screen shows its skeleton
 * for as long as the test reads it.
 */
async function holdAnswers(page: Page, match: (url: URL) => boolean): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await released;
    // The page may have given up on the request meanwhile (a query cancelled when its key changed).
    await route.continue().catch(() => undefined);
  };
  const predicate = (url: URL) => match(url);
  await page.route(predicate, handler);
  return async () => {
    release();
    await page.unroute(predicate, handler);
  };
}

const isClientProfileCall = (url: URL) => url.pathname === '/api/v1/profiles/me/client';
const isSearchCall = (url: URL) => url.pathname === '/api/v1/providers' && url.searchParams.has('q');

async function openSettingsFromMenu(page: Page, t: Translate): Promise<void> {
  await page.getByRole('button', { name: t('nav:user_menu.open') }).click();
  await page.getByRole('menuitem', { name: t('nav:user_menu.settings'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_settings') })).toBeVisible();
}

async function searchFromTopBar(page: Page, t: Translate, text: string): Promise<void> {
  await page.getByRole('link', { name: t('nav:client.find_services'), exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: t('providers:search.title') })).toBeVisible();
  await page.getByRole('combobox', { name: t('providers:search.label'), exact: true }).fill(text);
  await page.getByRole('button', { name: t('providers:search.submit'), exact: true }).click();
}

const addressSection = (page: Page, t: Translate) => page.getByRole('region', { name: t('settings:address.title'), exact: true });

/** Empties the city and leaves it: the settings form says the field is required. */
async function cityErrorInSettings(page: Page, t: Translate): Promise<Locator> {
  const city = addressSection(page, t).getByLabel(t('settings:address.city'), { exact: true });
  await city.fill('');
  await city.blur();
  const line = addressSection(page, t).getByText(t('errors:field.required'), { exact: true });
  await expect(line).toBeVisible();
  return line;
}

test('settings show their field errors without the warning sign onboarding puts before its own', async ({ page, request, lng, t }, testInfo) => {
  // A whole onboarding and two loads of settings on a machine shared with other journeys.
  test.slow();
  const account = newAccount(testInfo, 'scoped-styles');
  await signUpThroughApi(request, account, lng);
  const link = new URL(await linkFromOutbox(request, account.email, '/verify-email'));
  const verified = await request.post('/api/v1/auth/verify-email', { data: { token: link.searchParams.get('token') } });
  expect(verified.status(), await verified.text()).toBe(200);
  // The phone step is proven by the onboarding journeys; here the number is verified already.
  const phone = uniquePhone();
  await markPhoneVerified(account.email, `1${phone}`);
  await signIn(page, t, account);
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('group', { name: t('onboarding:account_type.title') })).toBeVisible(firstLoad);
  // Marks this page load: a full reload would drop it (and every stylesheet loaded so far).
  await page.evaluate(() => Object.assign(window, { sameVisit: true }));

  // Onboarding: its error lines start with a warning sign.
  const steps = wizard(page, t);
  await page.getByRole('radio', { name: t('onboarding:account_type.client') }).check();
  await page.getByRole('button', { name: t('onboarding:continue'), exact: true }).click();
  await steps.next.click();
  const onboardingError = page.getByText(t('errors:field.required'), { exact: true }).first();
  await expect(onboardingError).toBeVisible();
  expect((await errorLineLook(onboardingError)).marker).toContain('⚠');

  // Through onboarding (the phone is verified) to the client's home, then settings from the menu.
  await steps.field('personal.first_name').fill('Ana');
  await steps.field('personal.last_name').fill('Rivera');
  await steps.field('personal.birth_date').fill(yearsAgo(30));
  await steps.next.click();
  await expect(phoneStep(page, t).verified(phone)).toBeVisible();
  await steps.next.click();
  await steps.field('address.address').fill('Calle Luna 123');
  await steps.field('address.city').fill('San Juan');
  await steps.field('address.zip_code').fill('00901');
  await steps.next.click();
  await expect(steps.title('contact')).toBeVisible();
  await steps.next.click();
  await expect(steps.title('interests')).toBeVisible();
  await page.getByRole('checkbox').first().check();
  await steps.finish.click();
  await expect(page).toHaveURL('/client/home');
  await openSettingsFromMenu(page, t);

  const afterOnboarding = await errorLineLook(await cityErrorInSettings(page, t));
  expect(await page.evaluate(() => 'sameVisit' in window), 'the visit went on without a reload').toBe(true);
  expect(afterOnboarding.marker).not.toContain('⚠');

  // The same error on a fresh load of settings looks the same.
  await page.reload();
  await expect(addressSection(page, t).getByLabel(t('settings:address.city'), { exact: true })).toBeVisible(firstLoad);
  expect(await errorLineLook(await cityErrorInSettings(page, t))).toEqual(afterOnboarding);
});

test("the settings and search skeletons look the same before and after visiting the other's screen", async ({ browser, request, lng, t }, testInfo) => {
  test.slow();
  const client = await freshClient(request, testInfo, lng);
  const page = await signedInPage(browser, t, client);

  // Fresh loads of each screen, their skeletons read while their answers are held.
  let release = await holdAnswers(page, isClientProfileCall);
  await page.goto('/client/settings');
  await expect(addressSection(page, t).locator('.skeleton').first()).toBeVisible(firstLoad);
  const settingsFresh = await skeletonLook(addressSection(page, t));
  await release();
  await expect(addressSection(page, t).getByLabel(t('settings:address.city'), { exact: true })).toBeVisible();

  release = await holdAnswers(page, isSearchCall);
  await page.goto('/providers?q=plomeria');
  const results = page.getByRole('main');
  await expect(results.locator('.skeleton').first()).toBeVisible(firstLoad);
  const searchFresh = await skeletonLook(results);
  await release();
  await expect(page.getByRole('list', { name: t('providers:results.list'), exact: true })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameVisit: true }));

  // Settings' bars are form controls, search's cards have a picture and lines; both shine alike.
  expect(settingsFresh.length).toBeGreaterThan(0);
  expect(settingsFresh[0]!.height).toBe('44px');
  expect(searchFresh[0]).toMatchObject({ width: '64px', height: '64px' });
  expect(new Set([...settingsFresh, ...searchFresh].map((shape) => shape.animation)).size).toBe(1);

  // Search was visited: settings, reached from the menu, loads with the same skeleton.
  release = await holdAnswers(page, isClientProfileCall);
  await openSettingsFromMenu(page, t);
  await expect(addressSection(page, t).locator('.skeleton').first()).toBeVisible();
  expect(await skeletonLook(addressSection(page, t))).toEqual(settingsFresh);
  await release();
  await expect(addressSection(page, t).getByLabel(t('settings:address.city'), { exact: true })).toBeVisible();

  // Settings was visited: a new search shows the same card skeletons.
  release = await holdAnswers(page, isSearchCall);
  await searchFromTopBar(page, t, 'pintura');
  await expect(results.locator('.skeleton').first()).toBeVisible();
  expect(await skeletonLook(results)).toEqual(searchFresh);
  await release();
  expect(await page.evaluate(() => 'sameVisit' in window), 'the visit went on without a reload').toBe(true);
  await page.context().close();
});
