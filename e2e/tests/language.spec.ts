import type { Page } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { defaultLocale } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { otherLanguage, translator } from './support/texts.ts';

test.use({ rememberLanguage: false });

function hero(page: Page, lng: Locale) {
  return page.getByRole('heading', { level: 1, name: translator(lng)('landing:hero.title') });
}

/** Presses a language in the landing header's switch, which is labelled in the language on screen. */
async function switchLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  const switcher = page.getByRole('group', { name: translator(from)('nav:language.label') });
  await switcher.getByRole('button', { name: translator(from)(`nav:language.${to}`), exact: true }).click();
  await expect(hero(page, to)).toBeVisible();
}

async function expectLanguage(page: Page, lng: Locale): Promise<void> {
  await expect(hero(page, lng)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(hero(page, otherLanguage(lng))).toHaveCount(0);
}

// Journey 1: the visitor reads the landing page in Spanish, picks the project's language in the
// header's switch, and the page (texts and <html lang>) follows and remembers it.
test('a visitor switches the landing page to their language, and the choice survives a reload', async ({ page, lng, t }) => {
  await page.goto('/');
  await expectLanguage(page, defaultLocale);

  const from = otherLanguage(lng);
  // A Spanish-speaking visitor is shown choosing Spanish after English had been picked, so the
  // reload below proves the new choice replaced the old one.
  if (from !== defaultLocale) await switchLanguage(page, defaultLocale, from);

  await switchLanguage(page, from, lng);
  await expectLanguage(page, lng);
  const switcher = page.getByRole('group', { name: t('nav:language.label') });
  await expect(switcher.getByRole('button', { name: t(`nav:language.${lng}`), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: t('landing:nav.signIn'), exact: true })).toBeVisible();

  await page.reload();
  await expectLanguage(page, lng);
});

test.describe('a visitor whose browser is in English', () => {
  test.use({ locale: 'en-US' });

  test('still gets Spanish first, the default', async ({ page }) => {
    await page.goto('/');
    await expectLanguage(page, defaultLocale);
  });
});
