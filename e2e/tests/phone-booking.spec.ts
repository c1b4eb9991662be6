/**
 * Issue 27, points 6 and 8: on a phone the provider's profile keeps Book in the first screen (a
 * bar with the one public rate, above the app's bottom bar once signed in, clear of the page's
 * end), and the booking form opens on the first open day with its free times every half hour,
 * in rows by part of the day. From 900 px the bar gives way to the booking card in the side column.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { submitSignIn } from './support/accounts.ts';
import { demoAccounts, firstLoad } from './search-helpers.ts';

const phone = { width: 390, height: 844 };
const name = 'Plomería y Electricidad Demo';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'drawn on the screen').not.toBeNull();
  return found!;
}

test('a visitor on a phone books from the first screen of a profile: Book, sign in, the first open day with half-hour times', async ({ page, t }) => {
  await page.setViewportSize(phone);
  await page.goto('/providers?q=plomeria&municipality=mayaguez');
  await page.getByRole('article', { name, exact: true }).getByRole('link', { name: t('providers:card.view_named', { name }), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(firstLoad);
  await waitForApp(page);

  // In the first screen, without scrolling: the rate and Book.
  const bar = page.getByTestId('profile-book-bar');
  const book = bar.getByRole('link', { name: t('providers:card.sign_in_to', { action: t('providers:card.book'), name }), exact: true });
  await expect(book).toBeInViewport();
  await expect(bar.locator('[data-price]')).toHaveText(`${t('common:price.from')} $65 ${t('common:price.unit.hour')}`);
  expect((await box(bar)).y + (await box(bar)).height, 'the bar ends at the bottom of the screen').toBeLessThanOrEqual(phone.height + 1);

  // At the end of the page, the last section scrolls clear of the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.locator('.provider-profile__side > :last-child');
  await expect(async () => {
    expect((await box(last)).y + (await box(last)).height, 'the last section above the bar').toBeLessThanOrEqual((await box(bar)).y);
  }).toPass();

  await book.click();
  await expect(page).toHaveURL(/\/auth(\?|$)/);
  await submitSignIn(page, t, demoAccounts.client);
  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}\/book$/, firstLoad);
  await expect(page.getByRole('heading', { level: 1, name: t('booking:title', { name }) })).toBeVisible(firstLoad);

  // The first open day is chosen already and its free times are there, every half hour, by part of the day.
  const firstOpen = page.getByRole('group', { name: t('booking:days_label'), exact: true }).getByRole('radio').and(page.locator(':enabled')).first();
  await expect(firstOpen).toBeChecked();
  const slots = page.getByRole('group', { name: new RegExp(t('booking:slots_for', { date: '.+', duration: '.+' })) });
  const parts = slots.getByRole('heading', { level: 3 });
  await expect(parts.first()).toBeVisible();
  for (const part of await parts.allTextContents()) expect([t('booking:day_parts.morning'), t('booking:day_parts.afternoon'), t('booking:day_parts.evening')]).toContain(part);
  const times = await slots.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => new Date((input as HTMLInputElement).value).getUTCMinutes()));
  expect(times.length).toBeGreaterThan(0);
  expect(times.every((minute) => minute % 30 === 0), `every half hour (${times.join(', ')})`).toBe(true);
  // No title to invent: once the service is chosen, it is proposed from the service and the provider.
  const service = page.getByLabel(t('booking:service'), { exact: true });
  await service.selectOption({ index: 1 });
  const chosen = await service.locator('option:checked').textContent();
  await expect(page.getByLabel(t('booking:job_title'), { exact: true })).toHaveValue(t('jobs:default_title', { service: chosen!, name }));
});

test('signed in on a phone the Book bar stands on the bottom navigation; from 900 px the booking card takes its place', async ({ page, t }) => {
  await page.setViewportSize(phone);
  await page.goto('/auth');
  await submitSignIn(page, t, demoAccounts.client);
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, firstLoad);
  await page.goto('/providers?q=plomeria&municipality=mayaguez');
  await page.getByRole('article', { name, exact: true }).getByRole('link', { name: t('providers:card.view_named', { name }), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(firstLoad);

  const bar = page.getByTestId('profile-book-bar');
  const book = bar.getByRole('link', { name: t('providers:card.book_named', { name }), exact: true });
  await expect(book).toBeInViewport();
  const navigation = page.getByRole('navigation', { name: t('nav:main_menu') }).and(page.locator('.bottombar'));
  await expect(navigation).toBeVisible();
  expect((await box(bar)).y + (await box(bar)).height, 'the bar above the bottom navigation').toBeLessThanOrEqual((await box(navigation)).y + 1);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  await expect(page.getByRole('region', { name: t('providers:profile.booking'), exact: true })).toBeVisible();
  await page.getByRole('region', { name: t('providers:profile.booking'), exact: true }).getByRole('link', { name: t('providers:card.book'), exact: true }).click();
  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}\/book$/);
});
