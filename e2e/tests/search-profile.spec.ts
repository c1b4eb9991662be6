/**
 * Issue 4, acceptance 1: visitors are asked to sign in to see a provider's hours (SPEC.md §2, §6),
 * and a signed-in provider opening /providers is sent to their dashboard.
 */
import { expect, test } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { signIn, signInForm, submitSignIn } from './support/accounts.ts';
import { demoAccounts, firstLoad, inEitherLanguage, readResults, resultList } from './search-helpers.ts';
import { translator } from './support/texts.ts';

test('a visitor opening a profile sees a sign-in prompt in place of the hours; signing in shows them', async ({ page, t }) => {
  await page.goto('/providers?q=plomeria&municipality=mayaguez');
  const cards = await readResults(page, t);
  const [card] = cards;
  // The demo provider states "desde $65 la hora" (demo-seed.ts): its card says so, as the island's cards say theirs.
  const demo = cards.find((c) => c.name === 'Plomería y Electricidad Demo');
  expect(demo?.price).toBe(`${t('common:price.from')} $65 ${t('common:price.unit.hour')}`);
  expect(cards.filter((c) => c.price !== null).length, 'cards with a price').toBeGreaterThan(cards.length / 2);
  await resultList(page, t).getByRole('article').first().getByRole('link', { name: t('providers:card.view_named', { name: card!.name }), exact: true }).click();

  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: card!.name })).toBeVisible();
  const prompt = page.getByRole('region', { name: t('providers:profile.sign_in_title'), exact: true });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(t('providers:profile.sign_in_text'));
  // Signing in returns to the profile through the app's navigation (its state), so the app runs first.
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: t('providers:profile.hours'), exact: true })).toHaveCount(0);

  await prompt.getByRole('link', { name: t('providers:profile.sign_in'), exact: true }).click();
  await expect(page).toHaveURL(/\/auth(\?|$)/);
  await expect(signInForm(page, t).heading).toBeVisible();

  // Signed in (the demo client), the same profile shows the hours, in the account's own language.
  await submitSignIn(page, t, demoAccounts.client);
  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: inEitherLanguage('providers:profile.hours') })).toBeVisible(firstLoad);
  await expect(page.getByRole('region', { name: inEitherLanguage('providers:profile.sign_in_title') })).toHaveCount(0);
});

test('a signed-in provider opening /providers lands on /provider/home', async ({ page, t }) => {
  await signIn(page, t, demoAccounts.provider);
  await page.goto('/providers');
  await expect(page).toHaveURL(/\/provider\/home$/, firstLoad);
  await expect(page.getByRole('heading', { level: 1, name: inEitherLanguage('nav:titles.provider_home') })).toBeVisible();
});

test('a client books from a card: the booking summary estimates the stated rate over the hours, beside the form', async ({ page, t }) => {
  // Signed in, the app speaks the demo client's saved language, Spanish.
  const es = translator('es');
  const name = 'Plomería y Electricidad Demo';
  await signIn(page, t, demoAccounts.client);
  await page.goto('/providers?q=plomeria&municipality=mayaguez');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible(firstLoad);
  await expect(card.locator('[data-price]')).toHaveText(`${es('common:price.from')} $65 ${es('common:price.unit.hour')}`);
  await card.getByRole('link', { name: es('providers:card.book_named', { name }), exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: es('booking:title', { name }) })).toBeVisible(firstLoad);
  const summary = page.getByRole('complementary', { name: es('booking:summary_title'), exact: true });
  const estimate = summary.getByTestId('booking-estimate');
  await expect(estimate.locator('[data-price]')).toHaveText('desde $65');
  await page.getByLabel(es('booking:duration'), { exact: true }).fill('2');
  await expect(estimate.locator('[data-price]')).toHaveText('desde $130');
  await expect(estimate).toContainText('$65 × 2 horas');

  // On a wide screen the summary stands beside the fields, not below them.
  const form = await page.locator('.booking-form').boundingBox();
  const box = await summary.boundingBox();
  expect(box!.x, 'summary to the right of the fields').toBeGreaterThan(form!.x + form!.width / 2);
});
