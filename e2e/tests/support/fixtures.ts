/**
 * The `test` every journey uses: the project's language (`lng`, from the project name), its texts
 * (`t`), and a visitor whose language choice is already remembered on the device, the way the app
 * stores it (ui/src/lib/preferences.ts), unless a journey is about choosing the language itself.
 */
import { test as base, expect } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { languageOf, translator, type Translate } from './texts.ts';

/** localStorage key and shape of the visitor's preferences (ui/src/lib/preferences.ts). */
export const preferencesKey = 'resuelve.preferences';

interface JourneyFixtures {
  lng: Locale;
  t: Translate;
  /** When true (the default), the device already remembers `lng` before the first page loads. */
  rememberLanguage: boolean;
}

export const test = base.extend<JourneyFixtures>({
  rememberLanguage: [true, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's arguments from this pattern
  lng: async ({}, use, testInfo) => {
    await use(languageOf(testInfo.project.name));
  },
  t: async ({ lng }, use) => {
    await use(translator(lng));
  },
  page: async ({ page, lng, rememberLanguage, baseURL }, use) => {
    if (rememberLanguage) {
      // Saved as the ui saves it: localStorage and the `lang` cookie the server reads (decision 0034).
      if (baseURL) await page.context().addCookies([{ name: 'lang', value: lng, url: baseURL }]);
      // Only when nothing is saved yet, so a language the person picks later is not overwritten on reload.
      await page.addInitScript(
        ([key, language]) => {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify({ language }));
        },
        [preferencesKey, lng] as const,
      );
    }
    await use(page);
  },
});

export { expect };
