import { limits } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { submitSignIn, typeNewPasswordWatchingRules, uniqueEmail } from './support/accounts.ts';

// Journey 2: a new person signs up, is refused until the email is confirmed, follows the link from
// the outbox page (as on a fresh machine without email) in the same browser and lands on onboarding, signed in.
test('sign up, verify the email from the outbox page and arrive at onboarding signed in', async ({ page, t }, testInfo) => {
  const email = uniqueEmail(testInfo, 'signup');

  await page.goto('/auth');
  await page.getByRole('tab', { name: t('auth:tabs.signUp') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('auth:signUp.title') })).toBeVisible();

  await page.getByLabel(t('auth:fields.email'), { exact: true }).fill(email);
  const password = await typeNewPasswordWatchingRules(
    page,
    t,
    page.getByLabel(t('auth:fields.password'), { exact: true }),
    limits.passwordMinLength,
  );
  await page.getByLabel(t('auth:fields.confirmPassword'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:signUp.submit'), exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: t('auth:signUp.doneTitle') })).toBeVisible();
  await expect(page.getByText(t('auth:signUp.doneBody', { email }))).toBeVisible();

  // Trying to sign in before opening the email: refused, with a way to get the email again.
  await page.getByRole('button', { name: t('auth:signUp.doneSignIn'), exact: true }).click();
  await submitSignIn(page, t, { email, password });
  await expect(page.getByRole('alert')).toContainText(t('auth:errors.email_not_confirmed'));
  await expect(page.getByRole('button', { name: t('auth:resend.action'), exact: true })).toBeVisible();
  await expect(page).toHaveURL('/auth');

  // The outbox page, in the person's language, shows the verification email with its link.
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: t('system:dev.outbox.title') })).toBeVisible();
  await page.getByLabel(t('system:dev.outbox.toLabel'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('system:dev.outbox.submit'), exact: true }).click();
  const message = page.getByRole('article').filter({ has: page.getByRole('heading', { name: t('email:verify_email.subject') }) });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(email);
  await message.getByRole('link', { name: /\/verify-email\?token=/ }).first().click();

  // Opened in the browser that signed up, the link signs the person in: on to onboarding without
  // typing the password again (issue 27, point 11; elsewhere it only verifies, api/test/auth-links.test.ts).
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.onboarding') })).toBeVisible();
  // Onboarding stands alone: no top bar (SPEC.md §2).
  await expect(page.getByRole('banner')).toHaveCount(0);
});
