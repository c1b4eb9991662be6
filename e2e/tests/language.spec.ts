import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { otherLanguage, translator } from './support/texts.ts';

// Journey 1: the visitor's browser speaks the other language, so the landing opens in it; the
// person switches to the project's language and the app remembers the choice.
test.describe('a visitor choosing the language', () => {
  test.use({
    rememberLanguage: false,
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's arguments from this pattern
    locale: async ({}, use, testInfo) => {
      await use(testInfo.project.name === 'es' ? 'en-US' : 'es-PR');
    },
  });

  function hero(page: Page, text: string) {
    return page.getByRole('heading', { level: 1, name: text });
  }

  test('switches the landing page to their language, and the choice survives a reload', async ({ page, lng, t }) => {
    const before = translator(otherLanguage(lng));
    await page.goto('/');
    await expect(hero(page, before('landing:hero.title'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', otherLanguage(lng));

    const switcher = page.getByRole('group', { name: before('nav:language.label') });
    await switcher.getByRole('button', { name: t(`nav:language.${lng}`) }).click();

    await expect(hero(page, t('landing:hero.title'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    const switched = page.getByRole('group', { name: t('nav:language.label') });
    await expect(switched.getByRole('button', { name: t(`nav:language.${lng}`) })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: t('landing:nav.signIn'), exact: true })).toBeVisible();

    await page.reload();
    await expect(hero(page, t('landing:hero.title'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(hero(page, before('landing:hero.title'))).toHaveCount(0);
  });
});

test.describe('a visitor whose browser speaks neither language', () => {
  test.use({ rememberLanguage: false, locale: 'fr-FR' });

  test('gets Spanish, the default', async ({ page }) => {
    const es = translator('es');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: es('landing:hero.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
