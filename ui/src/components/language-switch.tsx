import { useTranslation } from 'react-i18next';
import { locales, toLocale } from '@resuelve/contract';
import { useChangeLanguage } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** English / Español toggle; the choice is saved on the profile when signed in, on the device otherwise. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('nav');
  const changeLanguage = useChangeLanguage();
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);
  // The switch saves the choice and moves the address: it waits for the app's code (decision 0040).
  const hydrated = useHydrated();
  return (
    <div className={['language-switch', className].filter(Boolean).join(' ')} role="group" aria-label={t('language.label')}>
      {locales.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="language-switch__option"
          aria-pressed={current === lng}
          disabled={!hydrated}
          onClick={() => void changeLanguage(lng)}
        >
          {/* A phone's top bar shows the short code ("ES", which "Español" begins with); the name stays the button's name. */}
          <span className="language-switch__name">{t(`language.${lng}`)}</span>
          <span className="language-switch__code" aria-hidden="true">
            {lng.toUpperCase()}
          </span>
        </button>
      ))}
    </div>
  );
}
