import fs from 'node:fs/promises';
import { test, expect } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { linkFromOutbox, newAccount, signIn, signUpThroughApi } from './support/accounts.ts';
import { markAdmin } from './support/database.ts';

// Issue 13, acceptance 1 (waitlist): a visitor joins the waitlist from the landing page and confirms
// by the emailed link; the admin sees the signup and exports it.

test('a visitor joins the waitlist from the landing page, confirms by the emailed link, and the admin finds and exports the signup', async ({ page, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const email = newAccount(testInfo, 'waitlist').email;
  const name = lng === 'es' ? 'Lucía Torres' : 'Lucy Torres';

  await page.goto('/');
  // The waitlist is sent by the app's code: its fields wait for it.
  await waitForApp(page);
  const section = page.getByRole('region', { name: t('waitlist:form.title'), exact: true });
  await section.scrollIntoViewIfNeeded();
  // The site's figures are on the page too, in the page's language.
  await expect(page.getByRole('region', { name: t('landing:figures.title'), exact: true }).getByText(t('landing:figures.providers'), { exact: true })).toBeVisible();

  // An address that is not one is refused before anything is sent.
  await section.getByLabel(t('waitlist:form.email'), { exact: true }).fill('no-es-un-correo');
  await section.getByRole('button', { name: t('waitlist:form.submit'), exact: true }).click();
  await expect(section.getByText(t('waitlist:form.emailInvalid'), { exact: true })).toBeVisible();

  await section.getByLabel(t('waitlist:form.email'), { exact: true }).fill(email);
  await section.getByLabel(t('waitlist:form.name'), { exact: true }).fill(name);
  await section.getByRole('radio', { name: t('waitlist:form.roles.provider'), exact: true }).check();
  await section.getByLabel(t('waitlist:form.municipality'), { exact: true }).selectOption({ label: 'Vieques' });
  // The services are folded under one line (issue 27, point 10): opened from the keyboard.
  const services = section.locator('summary', { hasText: t('waitlist:form.categories') });
  await expect(section.getByRole('checkbox', { name: t('landing:categories.catering'), exact: true })).toBeHidden();
  await services.focus();
  await services.press('Enter');
  await section.getByRole('checkbox', { name: t('landing:categories.catering'), exact: true }).check();
  await expect(services).toContainText(t('waitlist:form.categoriesChosen', { count: 1, names: t('landing:categories.catering') }));
  await section.getByRole('button', { name: t('waitlist:form.submit'), exact: true }).press('Enter');
  await expect(section.getByText(t('waitlist:form.doneTitle'), { exact: true })).toBeVisible();

  // The link arrives in the page's language and confirms the address.
  const link = await linkFromOutbox(request, email, '/waitlist/confirm');
  const mail = (await (await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { items: { subject: string }[] };
  expect(mail.items[0]!.subject).toBe(t('waitlist:email.subject'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t('waitlist:confirm.doneTitle'), exact: true })).toBeVisible();

  // The admin sees the signup, confirmed, and exports it.
  const admin = newAccount(testInfo, 'waitlist-admin');
  await signUpThroughApi(request, admin, lng);
  const verifyLink = new URL(await linkFromOutbox(request, admin.email, '/verify-email'));
  expect((await request.post('/api/v1/auth/verify-email', { data: { token: verifyLink.searchParams.get('token') } })).status()).toBe(200);
  await markAdmin(admin.email);
  await signIn(page, t, admin);
  await page.goto('/admin/waitlist');
  await page.getByLabel(t('waitlist:admin.search'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('waitlist:admin.filters'), exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText(t('waitlist:form.roles.provider'));
  await expect(row).toContainText(t('waitlist:admin.statusVerified'));

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('waitlist:admin.export'), exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('email,name,role,municipality,categories,locale,verified_at,created_at');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${email},${name},provider,vieques,catering,${lng},20`);
});
