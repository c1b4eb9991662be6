import type { Locator, Page } from '@playwright/test';
import type { JobPage } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { anyValues } from './support/live-page.ts';
import type { Translate } from './support/texts.ts';
import { apiOf, freshClient, freshProvider, signedInPage, type FreshProvider } from './jobs-helpers.ts';

// Issue 12, acceptance 3: the island's outages. A signed-in client loses the connection on three
// screens (home, messages, a provider's booking page): a banner says so and what still works, the
// shell and its navigation stay usable, a screen that cannot open says so inside the page area, a
// list with nothing saved says it will load when the connection returns, the banner fits a phone
// and says so too when the network is there but Resuelve does not answer, and a booking request
// made offline waits visibly: cancelled, it is never sent; kept, it goes on reconnect and is confirmed.

function banner(page: Page, t: Translate): Locator {
  return page.getByRole('status').filter({ hasText: t('common:offline.banner_offline') });
}

function mainMenu(page: Page, t: Translate): Locator {
  return page.getByRole('navigation', { name: t('nav:main_menu') });
}

/** The booking form filled for the provider's second day (whatever the hour, it has free times). */
async function fillBooking(page: Page, t: Translate, provider: FreshProvider, title: string): Promise<void> {
  await page.getByLabel(t('booking:service'), { exact: true }).selectOption({ label: provider.category.name });
  await page.getByLabel(t('booking:job_title'), { exact: true }).fill(title);
  await page.getByLabel(t('booking:duration'), { exact: true }).fill('1');
  const day = page.getByRole('group', { name: t('booking:days_label'), exact: true }).getByRole('radio').nth(1);
  await expect(day).toBeEnabled();
  await day.check({ force: true });
  const slots = page.getByRole('group', { name: anyValues(t('booking:slots_for')) }).getByRole('radio');
  await expect(slots.first()).toBeVisible();
  await slots.nth(2).check();
}

test('offline on three screens: a banner, the kept shell, a booking request cancelled and never sent, another sent on reconnect and confirmed', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const page = await signedInPage(browser, t, client);
  const context = page.context();
  await expect(page).toHaveURL(/\/client\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_home') })).toBeVisible();

  // Screen 1, the client's home: the banner says it, nothing covers the navigation.
  await context.setOffline(true);
  await expect(banner(page, t)).toBeVisible();
  await expect(mainMenu(page, t)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_home') })).toBeVisible();
  // On a phone too: the banner sits under the top bar, clear of the bottom bar, and nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner(page, t)).toBeVisible();
  await expect(mainMenu(page, t)).toBeVisible();
  const [bannerBox, menuBox] = await Promise.all([banner(page, t).boundingBox(), mainMenu(page, t).boundingBox()]);
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(menuBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The navigation still works: appointments (same code as home) opens, its list waiting in words.
  await mainMenu(page, t).getByRole('link', { name: t('nav:client.my_appointments'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_my_appointments') })).toBeVisible();
  await expect(page.getByText(t('common:offline.waiting'))).toBeVisible();
  await expect(page.getByText(t('common:loading'), { exact: true })).toHaveCount(0);

  // Screen 2, messages, never opened before: its code cannot load. The shell stays, the page says why.
  await mainMenu(page, t).getByRole('link', { name: new RegExp(`^${t('nav:client.messages')}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('common:offline.panel_title') })).toBeVisible();
  await expect(mainMenu(page, t)).toBeVisible();
  await expect(banner(page, t)).toBeVisible();
  await expect(page.getByRole('button', { name: t('common:offline.try_again') })).toBeVisible();
  // Back online, it opens by itself and the banner gives way to a short "back online".
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.messages') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: t('common:offline.panel_title') })).toHaveCount(0);
  await expect(banner(page, t)).toHaveCount(0);

  // A network, but no answer from Resuelve: the banner says that, and goes once the api answers again.
  const unreachable = page.getByRole('status').filter({ hasText: t('common:offline.banner_unreachable') });
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await mainMenu(page, t).getByRole('link', { name: t('nav:client.find_services'), exact: true }).click();
  await expect(unreachable).toBeVisible({ timeout: 15_000 });
  await expect(mainMenu(page, t)).toBeVisible();
  await page.unroute('**/api/v1/**');
  await expect(unreachable).toHaveCount(0, { timeout: 15_000 });

  // Screen 3, a provider's booking page, opened online; the connection goes before the request.
  await page.goto(`/providers/${provider.id}/book`);
  await expect(page.getByRole('heading', { level: 1, name: t('booking:title', { name: provider.companyName }) })).toBeVisible({ timeout: 20_000 });
  const dropped = lng === 'es' ? 'Cambiar la llave del fregadero' : 'Replace the sink faucet';
  const kept = lng === 'es' ? 'Revisar la presión del agua' : 'Check the water pressure';
  await fillBooking(page, t, provider, dropped);
  await context.setOffline(true);
  await expect(banner(page, t)).toBeVisible();
  const submit = page.getByRole('button', { name: t('booking:submit'), exact: true });
  await submit.click();
  // It says it waits (not "Sending…"), and the queue under the banner shows it with its Cancel.
  await expect(page.getByText(t('common:offline.queued_book', { name: provider.companyName }))).toBeVisible();
  await expect(page.getByRole('button', { name: t('booking:submitting') })).toHaveCount(0);
  const queue = page.getByRole('region', { name: t('common:offline.queue_title') });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(queue.getByRole('listitem')).toContainText(t('common:offline.queue_book', { name: provider.companyName, title: dropped }));
  await expect(queue.getByRole('listitem')).toContainText(t('common:offline.queue_waiting'));
  await expect(mainMenu(page, t)).toBeVisible();
  // Cancelled from the queue, by keyboard.
  const cancel = queue.getByRole('button', { name: t('common:offline.cancel_label', { what: t('common:offline.cancel_what_book', { name: provider.companyName }) }) });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('common:offline.cancelled_book', { name: provider.companyName }))).toBeVisible();
  await expect(queue).toHaveCount(0);

  // A second request, kept: it goes once the connection returns, and the app says so.
  await page.getByLabel(t('booking:job_title'), { exact: true }).fill(kept);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(queue.getByRole('listitem')).toContainText(t('common:offline.queue_book', { name: provider.companyName, title: kept }));
  await context.setOffline(false);
  await expect(page.getByText(t('common:offline.sent_book', { name: provider.companyName }))).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/client\/jobs\/[0-9a-f-]{36}$/);
  await expect(queue).toHaveCount(0);

  // The api holds the kept request once, and nothing of the cancelled one.
  const jobs = await apiOf(request, client).expectOk<JobPage>('GET', '/jobs?role=client&limit=50');
  expect(jobs.items.map((job) => job.title)).toEqual([kept]);
  await context.close();
});
