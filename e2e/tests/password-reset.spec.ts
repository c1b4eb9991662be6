import { limits } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { linkFromOutbox, signInForm, submitSignIn, typeNewPasswordWatchingRules, verifiedAccount } from './support/accounts.ts';

// Journey 4: a person who forgot their password gets a link by email and sets a new one; the link
// works only once.
test('password reset end to end: the new password signs in, the old one no longer does', async ({ page, request, lng, t }, testInfo) => {
  const account = await verifiedAccount({ page, request, lng, t }, testInfo, 'reset');

  await page.goto('/auth');
  await page.getByRole('link', { name: t('auth:signIn.forgot'), exact: true }).click();
  await expect(page).toHaveURL('/auth/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: t('auth:reset.requestTitle') })).toBeVisible();
  await page.getByLabel(t('auth:fields.email'), { exact: true }).fill(account.email);
  await page.getByRole('button', { name: t('auth:reset.requestSubmit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth:reset.requestSentTitle') })).toBeVisible();
  await expect(
    page.getByText(t('auth:reset.requestSentBody', { email: account.email, minutes: limits.resetLinkMinutes })),
  ).toBeVisible();

  const link = await linkFromOutbox(request, account.email, '/auth/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t('auth:reset.confirmTitle') })).toBeVisible();
  const newPassword = await typeNewPasswordWatchingRules(
    page,
    t,
    page.getByLabel(t('auth:fields.newPassword'), { exact: true }),
    limits.passwordMinLength,
  );
  await page.getByLabel(t('auth:fields.confirmNewPassword'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: t('auth:reset.confirmSubmit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth:reset.successTitle') })).toBeVisible();

  // The emailed link works once: opened again, it is refused and offers a new one.
  await page.goto(link);
  await page.getByLabel(t('auth:fields.newPassword'), { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel(t('auth:fields.confirmNewPassword'), { exact: true }).fill(`${newPassword}-again`);
  await page.getByRole('button', { name: t('auth:reset.confirmSubmit'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth:reset.invalidTitle') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('auth:reset.requestNew'), exact: true })).toBeVisible();
  await page.getByRole('link', { name: t('auth:reset.backToSignIn'), exact: true }).click();

  await expect(page).toHaveURL('/auth');
  await submitSignIn(page, t, account);
  await expect(signInForm(page, t).alert).toHaveText(t('auth:errors.invalid_credentials'));

  await submitSignIn(page, t, { ...account, password: newPassword });
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.onboarding') })).toBeVisible();
});
