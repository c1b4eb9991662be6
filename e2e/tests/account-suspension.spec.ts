import { test, expect } from './support/fixtures.ts';
import { demoAdmin } from './admin-helpers.ts';
import { freshClient, signedInPage } from './jobs-helpers.ts';
import { signInForm, submitSignIn } from './support/accounts.ts';

// Issue 13, acceptance 3: an admin suspends an account in /admin; the person's open session ends
// at once (the next call sends them to sign in, where the page says why) and signing in again says the account is
// suspended; restored, they sign in again.

test('an admin suspends an account: its session ends at once and it cannot sign in until restored', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const client = await freshClient(request, testInfo, lng);
  const clientPage = await signedInPage(browser, t, client);
  await clientPage.goto('/client/home');
  await expect(clientPage.getByRole('heading', { level: 1 })).toBeVisible();

  const adminPage = await signedInPage(browser, t, await demoAdmin(request, lng));
  await adminPage.goto('/admin/accounts');
  await adminPage.getByRole('searchbox').fill(client.email);
  await adminPage.getByRole('button', { name: t('admin:accounts.find'), exact: true }).click();
  const card = adminPage.getByRole('article').filter({ hasText: client.email });
  await card.getByRole('button', { name: t('admin:accounts.suspend'), exact: true }).click();
  await card.getByLabel(t('admin:accounts.reason'), { exact: true }).fill(lng === 'es' ? 'Pagos rechazados' : 'Declined payments');
  await card.getByRole('button', { name: t('admin:accounts.confirm_suspend'), exact: true }).click();
  await expect(card.getByText(t('admin:accounts.suspended'), { exact: true })).toBeVisible();

  // The open session is over: the next screen that asks the api sends the person to sign in.
  await clientPage.goto('/client/my-appointments');
  await expect(signInForm(clientPage, t).heading).toBeVisible({ timeout: 20_000 });
  // …and says why, not a blank form (issue 27, point 11).
  await expect(clientPage.getByRole('alert')).toHaveText(t('auth:errors.session_suspended'));
  await submitSignIn(clientPage, t, client);
  await expect(clientPage.getByRole('alert')).toHaveText(t('auth:errors.account_suspended'));

  await card.getByRole('button', { name: t('admin:accounts.history'), exact: true }).click();
  await expect(card).toContainText(t('admin:accounts.actions.account_suspended'));
  await card.getByRole('button', { name: t('admin:accounts.restore'), exact: true }).click();
  await expect(card.getByText(t('admin:accounts.suspended'), { exact: true })).toBeHidden();
  await submitSignIn(clientPage, t, client);
  await expect(signInForm(clientPage, t).heading).toBeHidden();
});
