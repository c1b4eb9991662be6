import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import type { Translate } from './support/texts.ts';
import { apiOf, completedJob, freshClient, freshProvider, signedInPage } from './jobs-helpers.ts';

// Issue 13, acceptance 1 (loyalty): a client completes a job and reviews it, and sees the points
// and the tier change on their home.

function loyaltyCard(page: Page) {
  return page.getByTestId('loyalty-card');
}

async function expectStanding(page: Page, t: Translate, points: string, tier: 'bronze' | 'silver', toNext: { count: number; tier: string }) {
  const card = loyaltyCard(page);
  await expect(card.getByTestId('loyalty-points')).toContainText(points, { timeout: 20_000 });
  await expect(card.getByTestId('loyalty-tier')).toHaveText(t('loyalty:card.tier', { tier: t(`loyalty:tiers.${tier}`) }));
  await expect(card.getByText(t('loyalty:card.toNext', { count: toNext.count, tier: t(`loyalty:tiers.${toNext.tier}`) }), { exact: true })).toBeVisible();
}

test('a completed and reviewed job earns points on the client home, and the review moves the client up a tier', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  const earlier = await freshProvider(request, testInfo, lng);
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  // Before: one job with another provider, completed and reviewed: 100 + 200 (first booking) + 50.
  await completedJob(request, client, earlier, lng === 'es' ? 'Revisar el calentador' : 'Check the water heater');
  await apiOf(request, client).expectOk('POST', `/providers/${earlier.id}/reviews`, { rating: 5 }, 201);

  const page = await signedInPage(browser, t, client);
  await page.goto('/client/home');
  await expectStanding(page, t, '350', 'bronze', { count: 150, tier: 'silver' });

  // The provider completes today's job: 100 more.
  const title = lng === 'es' ? 'Cambiar la llave del fregadero' : 'Replace the sink faucet';
  await completedJob(request, client, provider, title);
  await page.reload();
  await expectStanding(page, t, '450', 'bronze', { count: 50, tier: 'silver' });
  await expect(loyaltyCard(page).getByText(t('loyalty:ledger.reasons.job_completed'), { exact: true }).first()).toBeVisible();

  // The client reviews it from the prompt on home: 50 more, and Silver.
  const prompt = page.getByRole('region', { name: t('reviews:prompt.title'), exact: true });
  await expect(prompt).toContainText(title, { timeout: 20_000 });
  await prompt.getByRole('button', { name: t('reviews:prompt.rate'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('reviews:dialog.title_new', { provider: provider.companyName }), exact: true });
  // The stars are a radio group: chosen by keyboard.
  const five = dialog.getByRole('radio', { name: t('reviews:rating.value', { rating: 5, label: t('reviews:rating.excellent') }), exact: true });
  await five.focus();
  await page.keyboard.press('Space');
  await expect(five).toBeChecked();
  await dialog.getByRole('button', { name: t('reviews:dialog.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectStanding(page, t, '500', 'silver', { count: 1000, tier: 'gold' });
  await expect(loyaltyCard(page).getByText(t('loyalty:ledger.reasons.review'), { exact: true }).first()).toBeVisible();

  // The whole ledger is on the profile, reached from the card by keyboard.
  await loyaltyCard(page).getByRole('link', { name: t('loyalty:card.seeLedger'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\/profile#loyalty$/);
  const ledger = loyaltyCard(page).getByRole('listitem');
  await expect(ledger).toHaveCount(5);
  await expect(ledger.filter({ hasText: t('loyalty:ledger.reasons.first_booking') })).toHaveCount(1);
});
