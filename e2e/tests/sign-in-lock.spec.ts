import { limits } from '@resuelve/contract';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { signInForm, submitSignIn, verifiedAccount, type Account } from './support/accounts.ts';
import type { Translate } from './support/texts.ts';
import { textPattern } from './support/texts.ts';

/** One try at signing in, waiting for the server's answer (the message may read the same as before). */
async function tryToSignIn(page: Page, t: Translate, account: Account): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/auth/signin');
  await submitSignIn(page, t, account);
  await answered;
}

// Journey 3: five wrong passwords lock the account for 30 seconds, even for the right password.
test('five wrong passwords lock the account: the lock message, and the right password is refused too', async ({ page, request, lng, t }, testInfo) => {
  const account = await verifiedAccount({ page, request, lng, t }, testInfo, 'lock');
  const wrong = { ...account, password: `${account.password}-wrong` };
  const form = signInForm(page, t);
  const lockMessage = textPattern(lng, 'auth:errors.too_many_attempts');

  await page.goto('/auth');
  for (let attempt = 1; attempt < limits.loginFailuresBeforeLock; attempt += 1) {
    await tryToSignIn(page, t, wrong);
    await expect(form.alert, `attempt ${attempt}`).toHaveText(t('auth:errors.invalid_credentials'));
  }
  // From the lock to the last refusal nothing moves the worker's server clock (it is this journey's alone).
  await tryToSignIn(page, t, wrong);
  await expect(form.alert).toContainText(lockMessage);
  // Said once to screen readers with the full wait: 30 seconds.
  await expect(form.alert).toContainText(t('auth:errors.too_many_attempts', { count: limits.loginLockSeconds }));
  // While the countdown runs the form does not even let the person try.
  await expect(form.submit).toBeDisabled();

  // Coming back to the page right away with the right password: the server still refuses.
  await page.reload();
  await tryToSignIn(page, t, account);
  await expect(form.alert).toContainText(lockMessage);
  await expect(form.submit).toBeDisabled();
  await expect(page).toHaveURL('/auth');
});
