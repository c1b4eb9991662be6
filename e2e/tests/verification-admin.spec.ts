import { test, expect } from './support/fixtures.ts';
import { demoAdmin } from './admin-helpers.ts';
import { freshProvider, signedInPage } from './jobs-helpers.ts';

// Issue 13, acceptance 1 (verification): a provider asks for verification with a licence number
// and a certificate of insurance; an admin approves it in /admin; the provider's card shows the
// verified badge in search.

const certificate = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A day a year from now, as a date input takes it. */
function nextYear(): string {
  const day = new Date(Date.now() + 365 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

test('a provider asks for verification, an admin approves it in /admin, and search shows the badge', async ({ browser, page, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const provider = await freshProvider(request, testInfo, lng);
  const licence = `DACO-${Date.now().toString().slice(-6)}`;

  // The provider, from the user menu's verification page.
  const providerPage = await signedInPage(browser, t, provider);
  await providerPage.goto('/provider/verification');
  await expect(providerPage.getByRole('heading', { level: 1, name: t('verification:title'), exact: true })).toBeVisible();
  const form = providerPage.getByRole('form', { name: t('verification:form.title'), exact: true });
  await form.getByRole('button', { name: t('verification:form.send'), exact: true }).click();
  await expect(form.getByText(t('errors:field.required')).first()).toBeVisible();
  await form.getByLabel(t('verification:form.licence_number'), { exact: true }).fill(licence);
  await form.getByLabel(t('verification:form.board'), { exact: true }).selectOption('daco');
  await form.getByLabel(t('verification:form.certificate'), { exact: true }).setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: certificate });
  await form.getByLabel(t('verification:form.expires_on'), { exact: true }).fill(nextYear());
  await form.getByRole('button', { name: t('verification:form.send'), exact: true }).click();
  await expect(providerPage.getByText(licence, { exact: true })).toBeVisible();
  await expect(form).toBeHidden();

  // The admin, in the console's verification queue.
  const adminPage = await signedInPage(browser, t, await demoAdmin(request, lng));
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByRole('navigation', { name: t('admin:sections_label'), exact: true }).getByRole('link', { name: t('admin:sections.verification'), exact: true }).click();
  const card = adminPage.getByRole('article', { name: provider.companyName, exact: true });
  await expect(card).toContainText(licence);
  await expect(card.getByRole('link', { name: t('admin:verification.view_certificate', { kind: 'PDF' }), exact: true })).toHaveAttribute('href', /signature=/);
  await card.getByRole('button', { name: t('admin:verification.approve'), exact: true }).click();
  await expect(card).toBeHidden();
  await adminPage.getByRole('button', { name: t('admin:verification.statuses.approved'), exact: true }).click();
  await expect(adminPage.getByRole('article', { name: provider.companyName, exact: true })).toBeVisible();

  // Anyone searching sees the badge on the provider's card.
  await page.goto(`/providers?q=${encodeURIComponent(provider.companyName)}`);
  const result = page.getByRole('article', { name: provider.companyName, exact: true });
  await expect(result.getByText(t('providers:badges.verified'), { exact: true })).toBeVisible({ timeout: 20_000 });

  // And the provider sees it on their verification page.
  await providerPage.reload();
  await expect(providerPage.getByText(t('verification:status.verified'), { exact: true })).toBeVisible();
});
