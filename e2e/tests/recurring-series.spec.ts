import { test, expect } from './support/fixtures.ts';
import { expectNotReloaded, markLoaded } from './support/live-page.ts';
import { freshClient, freshProvider, signedInPage, statusBadge } from './jobs-helpers.ts';

// Issue 30, acceptance 2 (third part): a client books a series of four weekly visits from the
// booking page. Before confirming, every visit is listed with whether it is free; once booked, the
// first visit's page names its place in the series and lists the four visits, each its own request;
// the provider accepts the four at once, and the client's open page follows without a reload.

test('a client books a four-visit weekly series: the visits are checked first, each is its own request, the provider accepts all four @bilingual', async ({ browser, request, lng, t }, testInfo) => {
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const page = await signedInPage(browser, t, client);
  try {
    await page.goto(`/providers/${provider.id}/book`);
    await expect(page.getByRole('heading', { level: 1, name: t('booking:title', { name: provider.companyName }) })).toBeVisible();
    // The first open day is chosen; its first free time is taken.
    const slots = page.getByRole('group', { name: new RegExp(t('booking:slots_for', { date: '.+', duration: '.+' })) });
    await slots.getByRole('radio').first().check();
    await page.getByLabel(t('series:repeat'), { exact: true }).selectOption('1');
    await expect(page.getByLabel(t('series:visits'), { exact: true })).toHaveValue('4');
    await page.getByRole('button', { name: t('series:review_submit'), exact: true }).click();

    const review = page.getByRole('region', { name: t('series:review_title'), exact: true });
    const visits = review.getByRole('listitem');
    await expect(visits).toHaveCount(4);
    for (let number = 1; number <= 4; number += 1) {
      await expect(visits.nth(number - 1)).toContainText(t('series:visit_line', { number }));
      await expect(visits.nth(number - 1)).toContainText(t('series:free'));
    }
    await page.screenshot({ path: testInfo.outputPath(`series-review-${lng}.png`), fullPage: true });
    await review.getByRole('button', { name: t('series:confirm', { count: 4 }), exact: true }).click();

    // The first visit's page: its place in the series and the four visits, each a pending request.
    await expect(page).toHaveURL(/\/client\/jobs\/[0-9a-f-]{36}$/);
    const series = page.getByRole('region', { name: t('series:label'), exact: true });
    await expect(series.getByText(t('series:visit_of', { visit: 1, visits: 4, every: t('series:every_1') }), { exact: true })).toBeVisible();
    const rows = series.getByRole('listitem');
    await expect(rows).toHaveCount(4);
    for (let number = 0; number < 4; number += 1) await expect(statusBadge(rows.nth(number), t, 'pending')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`series-job-${lng}.png`), fullPage: true });
    await markLoaded(page);

    const providerPage = await signedInPage(browser, t, provider);
    try {
      await providerPage.goto(new URL(page.url()).pathname.replace('/client/jobs/', '/provider/jobs/'));
      const providerSeries = providerPage.getByRole('region', { name: t('series:label'), exact: true });
      await providerSeries.getByRole('button', { name: t('series:accept_all', { count: 4 }), exact: true }).click();
      await expect(providerSeries.getByText(t('series:accepted_all'), { exact: true })).toBeVisible();
      await providerPage.screenshot({ path: testInfo.outputPath(`series-provider-${lng}.png`), fullPage: true });
    } finally {
      await providerPage.context().close();
    }
    for (let number = 0; number < 4; number += 1) await expect(statusBadge(rows.nth(number), t, 'upcoming')).toBeVisible();
    await expectNotReloaded(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(series.getByRole('button', { name: t('series:cancel_following'), exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`series-job-phone-${lng}.png`), fullPage: true });
  } finally {
    await page.context().close();
  }
});
