import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';
import { addDays, apiOf, atWallClock, bookThroughApi, freshClient, freshProvider, serverNow, signedInPage, wallClock } from './jobs-helpers.ts';

// Issue 12: the provider can reach the job. Before accepting, the provider's job page shows the
// municipality only, worded from the provider's side; once accepted, the client's address with a
// map link and their phone by their preferred contact. The client's page then says the job is
// confirmed (no "the provider will confirm"). The new-job dialog's date is not clipped.

const widths = [390, 1280] as const;

async function noSideways(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `page ${scroll}px wide in ${inner}px`).toBeLessThanOrEqual(inner);
}

async function shoot(page: Page, name: string, lng: string, width: number, path: (name: string) => string): Promise<void> {
  await page.screenshot({ path: path(`${name}-${lng}-${width}.png`), fullPage: true });
}

/** Whether a date field is wide enough for its digits and its picker button (nothing of the date hidden). */
async function dateFits(page: Page, field: ReturnType<Page['locator']>): Promise<{ needed: number; width: number }> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.textContent = '00/00/0000';
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    // The picker button is about 1em plus its margin.
    const needed = text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.fontSize) * 1.75;
    return { needed, width: input.clientWidth };
  });
}

async function acceptRequest(page: Page, t: Translate): Promise<void> {
  await page.getByRole('button', { name: t('jobs:action.accept'), exact: true }).click();
  const form = page.getByRole('form', { name: t('provider-jobs:accept.title') });
  await form.getByRole('button', { name: t('provider-jobs:accept.submit') }).click();
  await expect(page.getByText(t('provider-jobs:done.accept'))).toBeVisible();
}

test('the provider sees the municipality only until accepting, then where to go and how to call; the client sees it confirmed', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  await apiOf(request, client).expectOk('PATCH', '/profiles/me/client', { preferred_contact: 'phone' });
  const { phone_number: phone } = await apiOf(request, client).expectOk<{ phone_number: string }>('GET', '/phone/verification-status');
  const tomorrow = addDays(wallClock(await serverNow(request)).date, 1);
  const title = lng === 'es' ? 'Fuga debajo del fregadero' : 'Leak under the sink';
  const job = await bookThroughApi(request, client, provider, atWallClock(tomorrow, '10:00'), title);
  const address = 'Calle Sol 25, Viejo San Juan, San Juan, PR 00901';
  const tel = `tel:+${phone.length === 10 ? `1${phone}` : phone}`;

  const providerPage = await signedInPage(browser, t, provider);
  for (const width of widths) {
    await providerPage.setViewportSize({ width, height: 900 });
    await providerPage.goto(`/provider/jobs/${job.id}`);
    const where = providerPage.getByRole('region', { name: t('provider-jobs:place.title'), exact: true });
    await expect(where.getByText(t('provider-jobs:place.type.on_site'), { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(where.getByText(t('provider-jobs:place.municipality', { municipality: 'San Juan' }), { exact: true })).toBeVisible();
    await expect(where.getByText(t('provider-jobs:place.after_accept'))).toBeVisible();
    // The client's words ("at your location") and anything of the address or phone stay away.
    await expect(providerPage.getByText(t('jobs:location.on_site'), { exact: true })).toHaveCount(0);
    await expect(providerPage.getByText(/Calle Sol/)).toHaveCount(0);
    await expect(providerPage.locator('a[href^="tel:"], a[href*="google.com/maps"]')).toHaveCount(0);
    await noSideways(providerPage);
    await shoot(providerPage, 'provider-job-before', lng, width, testInfo.outputPath.bind(testInfo));
  }

  await acceptRequest(providerPage, t);
  for (const width of widths) {
    await providerPage.setViewportSize({ width, height: 900 });
    await providerPage.goto(`/provider/jobs/${job.id}`);
    const where = providerPage.getByRole('region', { name: t('provider-jobs:place.title'), exact: true });
    await expect(where.getByText(address, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(where.getByRole('link', { name: t('provider-jobs:place.map_label', { address }) })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
    );
    const clientCard = providerPage.getByRole('region', { name: t('provider-jobs:details.client'), exact: true });
    await expect(clientCard.getByText(t('provider-jobs:contact.prefers.phone'), { exact: true })).toBeVisible();
    await expect(clientCard.getByRole('link', { name: t('provider-jobs:contact.call'), exact: true })).toHaveAttribute('href', tel);
    await expect(clientCard.getByRole('link', { name: t('provider-jobs:details.contact_client') })).toHaveAttribute('href', `/messages?client=${client.id}&job=${job.id}`);
    await noSideways(providerPage);
    await shoot(providerPage, 'provider-job-after', lng, width, testInfo.outputPath.bind(testInfo));
  }

  const clientPage = await signedInPage(browser, t, client);
  for (const width of widths) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.goto(`/client/jobs/${job.id}`);
    await expect(clientPage.getByText(t('client-jobs:detail.now.upcoming', { provider: provider.companyName }), { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(clientPage.getByText(new RegExp(escapeRegExp(t('client-jobs:detail.now.pending', { provider: provider.companyName }))))).toHaveCount(0);
    await noSideways(clientPage);
    await shoot(clientPage, 'client-job-after', lng, width, testInfo.outputPath.bind(testInfo));
  }

  // The new-job dialog: the provider's words for the place, and a date field that shows the whole date.
  for (const width of widths) {
    await providerPage.setViewportSize({ width, height: 900 });
    await providerPage.goto('/provider/calendar');
    await providerPage.getByRole('button', { name: t('provider-jobs:calendar.new_job'), exact: true }).click();
    const dialog = providerPage.getByRole('dialog', { name: t('provider-jobs:new_job.title') });
    const place = dialog.getByLabel(t('provider-jobs:new_job.location'), { exact: true });
    await expect(place.locator('option')).toHaveText(['on_site', 'provider_office', 'remote', 'client_location'].map((type) => t(`provider-jobs:place.type.${type}`)));
    const date = dialog.getByLabel(t('provider-jobs:form.date'), { exact: true });
    await date.fill(addDays(tomorrow, 7));
    const fit = await dateFits(providerPage, date);
    expect(fit.width, `date field ${fit.width}px for ${Math.ceil(fit.needed)}px`).toBeGreaterThanOrEqual(fit.needed);
    await date.scrollIntoViewIfNeeded();
    await shoot(providerPage, 'new-job-dialog', lng, width, testInfo.outputPath.bind(testInfo));
  }
});
