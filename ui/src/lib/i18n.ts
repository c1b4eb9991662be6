import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localizedPath, locales, publicAddressOf } from '@resuelve/contract';
import type { Locale, Profile } from '@resuelve/contract';
import { initialLanguage, savePreferences } from './preferences.ts';
import { useSession } from './session-store.ts';
import { apiFetch } from './api-client.ts';
import { profileQueryKey } from './session-actions.ts';
import { currentPath, hasNavigator, navigateTo } from './navigation.ts';

/** Namespaces every screen of the shell needs; feature namespaces load when a screen asks for them. */
export const shellNamespaces = ['common', 'nav', 'errors'] as const;

export interface InitI18nOptions {
  /** Where translations load from; the desktop points this at the api origin. */
  loadPath?: string;
  /** Translations given directly (tests): no HTTP loading. */
  resources?: Resource;
  lng?: Locale;
  /**
   * Translations the server rendered the page with (web/src/entry-server.tsx): kept as loaded, so
   * hydration waits for nothing; other namespaces still load over HTTP when a screen asks.
   */
  preloaded?: Resource;
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

let current: I18n | null = null;

/** The instance initI18n made, for code outside React (toasts from the query cache). */
export function getI18n(): I18n {
  return current ?? i18next;
}

export function initI18n(options: InitI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  current = instance;
  if (!options.resources) instance.use(HttpBackend);
  instance.use(initReactI18next);
  const lng = options.lng ?? initialLanguage();
  void instance.init({
    lng,
    // No fallback language: every key is in both (locales/locales.test.ts), and a fallback made an
    // English page load and parse every Spanish namespace it used as well (decision 0044).
    fallbackLng: false,
    supportedLngs: [...locales],
    ns: [...shellNamespaces],
    defaultNS: 'common',
    fallbackNS: 'common',
    resources: options.resources,
    partialBundledLanguages: false,
    initAsync: !options.resources,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    backend: options.resources ? undefined : { loadPath: options.loadPath ?? '/locales/{{lng}}/{{ns}}.json' },
    react: { useSuspense: true },
  });
  if (options.preloaded && !options.resources) instance.hydrate(options.preloaded, lng);
  instance.on('languageChanged', syncDocumentLanguage);
  syncDocumentLanguage(lng);
  return instance;
}

/** Navigation state of a language switch: the address follows, and the language with it. */
export interface LanguageSwitchState {
  switchedLanguage: Locale;
}

/**
 * Change the language: always remembered on this device (visitors; localStorage and the `lang`
 * cookie), and saved on the profile (PATCH /profiles/me) when signed in, so it follows the person
 * to other devices. On a public page the address changes to the language's own (decision 0034),
 * telling the router's language follower (app/layout/language-follower.tsx) it was a switch.
 */
export function useChangeLanguage(): (language: Locale) => Promise<void> {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useSession((s) => s.status);
  const save = useMutation({
    mutationFn: (language: Locale) => apiFetch<Profile>('/profiles/me', { method: 'PATCH', body: { language } }),
    onSuccess: (profile) => {
      useSession.getState().profileUpdated(profile);
      queryClient.setQueryData(profileQueryKey, profile);
    },
  });
  return async (language) => {
    savePreferences({ language });
    const here = currentPath();
    if (hasNavigator() && publicAddressOf(here.split(/[?#]/)[0] ?? '/')) {
      const state: LanguageSwitchState = { switchedLanguage: language };
      navigateTo(localizedPath(here, language), { replace: true, state });
    }
    await i18n.changeLanguage(language);
    if (status === 'signed_in') await save.mutateAsync(language).catch(() => undefined);
  };
}
