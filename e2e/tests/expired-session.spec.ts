import { test, expect } from './support/fixtures.ts';
import { signIn, signInForm, submitSignIn, verifiedAccount } from './support/accounts.ts';
import { markOnboarded } from './support/database.ts';

// Journey 6: the session ends while the person is on a signed-in page; after signing in again
// they are back where they were.
test('an expired session sends the person to /auth and, after signing in, back to where they were', async ({ page, context, request, lng, t }, testInfo) => {
  const account = await verifiedAccount({ page, request, lng, t }, testInfo, 'expired');
  // /settings is for onboarded people; the onboarding screens have their own journeys, so this one skips them.
  await markOnboarded(account.email);
  await signIn(page, t, account);

  const settings = page.getByRole('heading', { level: 1, name: t('nav:titles.settings') });
  await page.goto('/settings');
  await expect(settings).toBeVisible();
  // Signed in: the member top bar with the client menu.
  await expect(page.getByRole('banner').getByRole('navigation', { name: t('nav:main_menu') })).toBeVisible();

  // The session really ends: the browser loses its refresh cookie, and the page is loaded again.
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL('/auth');
  await expect(signInForm(page, t).heading).toBeVisible();

  await submitSignIn(page, t, account);
  await expect(page).toHaveURL('/settings');
  await expect(settings).toBeVisible();
});
