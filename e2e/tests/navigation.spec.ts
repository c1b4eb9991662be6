import { test, expect } from './support/fixtures.ts';
import type { Translate } from './support/texts.ts';
import type { Page } from '@playwright/test';
import { localizedPath } from '@resuelve/contract';

/** The visitor brand header (SPEC.md §2) is the page's banner; the landing and auth screens draw their own. */
function topBar(page: Page) {
  return page.getByRole('banner');
}

function landingHero(page: Page, t: Translate) {
  return page.getByRole('heading', { level: 1, name: t('landing:hero.title') });
}

// Journey 5: a mistyped address.
test('an unknown path shows the not-found page, and its go-home link leads to the landing page', async ({ page, lng, t }) => {
  await page.goto('/esta/pagina-no-existe?x=1');
  await expect(page.getByRole('heading', { level: 1, name: t('system:notFound.title') })).toBeVisible();
  await expect(page.getByText(t('system:notFound.body'))).toBeVisible();
  await expect(topBar(page)).toBeVisible();

  await page.getByRole('link', { name: t('system:notFound.goHome'), exact: true }).click();
  // The landing of the visitor's language: an English visitor ends on /en, never on the Spanish address.
  await expect(landingHero(page, t)).toBeVisible();
  await expect(page).toHaveURL(localizedPath('/', lng));
});

test.describe('the visitor header', () => {
  test('is shown on public pages, with the language switch and a sign-in button that leads to /auth', async ({ page, t }) => {
    await page.goto('/providers');
    await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.providers') })).toBeVisible();
    const header = topBar(page);
    await expect(header).toBeVisible();
    await expect(header.getByRole('group', { name: t('nav:language.label') })).toBeVisible();

    await header.getByRole('link', { name: t('nav:sign_in'), exact: true }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: t('auth:signIn.title') })).toBeVisible();
    await expect(topBar(page)).toHaveCount(0);
  });

  test('is hidden on the sign-in, reset-password and verify-email screens', async ({ page, t }) => {
    const screens: [path: string, heading: string][] = [
      ['/auth', t('auth:signIn.title')],
      ['/auth/reset-password', t('auth:reset.requestTitle')],
      ['/verify-email', t('auth:verify.pendingTitle')],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(topBar(page), `no top bar on ${path}`).toHaveCount(0);
    }
  });

  test('the landing page shows its own header instead: sections, language and sign-in', async ({ page, t }) => {
    await page.goto('/');
    await expect(landingHero(page, t)).toBeVisible();
    await expect(topBar(page)).toHaveCount(0);
    const sections = page.getByRole('navigation', { name: t('landing:nav.label') });
    for (const key of ['categories', 'search', 'contact'] as const) {
      await expect(sections.getByRole('link', { name: t(`landing:nav.${key}`), exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: t('landing:nav.signIn'), exact: true }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: t('auth:signIn.title') })).toBeVisible();
  });
});

test('/login, /signup and /register lead to /auth', async ({ page, t }) => {
  await page.goto('/login');
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: t('auth:tabs.signIn') })).toHaveAttribute('aria-selected', 'true');
  for (const path of ['/signup', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL('/auth?mode=signup');
    await expect(page.getByRole('tab', { name: t('auth:tabs.signUp') })).toHaveAttribute('aria-selected', 'true');
  }
});
