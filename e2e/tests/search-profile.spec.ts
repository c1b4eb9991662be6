/**
 * Issue 4, acceptance 1: visitors are asked to sign in to see a provider's hours (SPEC.md §2, §6),
 * and a signed-in provider opening /providers is sent to their dashboard.
 */
import { expect, test } from './support/fixtures.ts';
import { signIn, signInForm, submitSignIn } from './support/accounts.ts';
import { demoAccounts, firstLoad, inEitherLanguage, readResults, resultList } from './search-helpers.ts';

test('a visitor opening a profile sees a sign-in prompt in place of the hours; signing in shows them', async ({ page, t }) => {
  await page.goto('/providers?q=plomeria&municipality=mayaguez');
  const [card] = await readResults(page, t);
  await resultList(page, t).getByRole('article').first().getByRole('link', { name: t('providers:card.view_profile'), exact: true }).click();

  await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: card!.name })).toBeVisible();
  const prompt = page.getByRole('region', { name: t('providers:profile.sign_in_title'), exact: true });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(t('providers:profile.sign_in_text'));
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
