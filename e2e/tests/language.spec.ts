import type { Page } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { defaultLocale } from '@resuelve/contract';
import { bilingual, test, expect } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { otherLanguage, translator } from './support/texts.ts';

test.use({ rememberLanguage: false });

function hero(page: Page, lng: Locale) {
  return page.getByRole('heading', { level: 1, name: translator(lng)('landing:hero.title') });
}

/** Presses a language in the landing header's switch, which is labelled in the language on screen. */
async function switchLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  // The switch saves the choice and moves the address: the app's code (disabled until it runs).
  await waitForApp(page);
  const switcher = page.getByRole('group', { name: translator(from)('nav:language.label') });
  await switcher.getByRole('button', { name: translator(from)(`nav:language.${to}`), exact: true }).click();
  await expect(hero(page, to)).toBeVisible();
}

async function expectLanguage(page: Page, lng: Locale): Promise<void> {
  await expect(hero(page, lng)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(hero(page, otherLanguage(lng))).toHaveCount(0);
}

/** The landing page's address in a language: `/` in Spanish, `/en` in English (decision 0034). */
function landingAddress(lng: Locale): RegExp {
  return lng === defaultLocale ? /\/$/ : /\/en$/;
}

// Journey 1: the visitor arrives in their browser's language (the project's), switches to the other
// one in the header: the address moves to that language's own and the texts and <html lang>
// follow; the choice is saved and wins over the browser on a reload; switching back moves back.
test('a visitor switches the landing page between languages: the address follows, and the choice survives a reload', bilingual, async ({ page, lng, t }) => {
  await page.goto('/');
  await expectLanguage(page, lng);
  await expect(page).toHaveURL(landingAddress(lng));

  const other = otherLanguage(lng);
  await switchLanguage(page, lng, other);
  await expectLanguage(page, other);
  await expect(page).toHaveURL(landingAddress(other));
  await page.reload();
  await expectLanguage(page, other);

  await switchLanguage(page, other, lng);
  await expectLanguage(page, lng);
  await expect(page).toHaveURL(landingAddress(lng));
  const switcher = page.getByRole('group', { name: t('nav:language.label') });
  await expect(switcher.getByRole('button', { name: t(`nav:language.${lng}`), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: t('landing:nav.signIn'), exact: true })).toBeVisible();
  // The Spanish address with English saved moves to English, so this reload proves the new choice replaced the old one.
  await page.goto('/');
  await expectLanguage(page, lng);
});

test.describe('a first visit from a browser in English', () => {
  test.use({ locale: 'en-US' });

  test('lands on the English address', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expectLanguage(page, 'en');
  });
});

test.describe('a first visit from a browser in Spanish', () => {
  test.use({ locale: 'es-PR' });

  test('stays on the Spanish address', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expectLanguage(page, 'es');
  });
});
