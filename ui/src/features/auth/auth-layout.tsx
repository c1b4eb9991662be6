import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { locales, toLocale } from '@resuelve/contract';
import { useChangeLanguage } from '../../lib/i18n.ts';
import './auth.css';

/** The frame of every auth screen: the top bar is hidden here (SPEC.md §2), so the brand and language live in it. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t, i18n } = useTranslation('auth');
  const changeLanguage = useChangeLanguage();
  const current = toLocale(i18n.language);

  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <Link to="/" className="auth-brand" aria-label={t('layout.home')}>
          <span className="auth-brand__mark" aria-hidden="true">
            R
          </span>
          <span className="auth-brand__name">{t('brand')}</span>
        </Link>
        <div className="auth-lang" role="group" aria-label={t('layout.label')}>
          {locales.map((lng) => (
            <button
              key={lng}
              type="button"
              lang={lng}
              className="auth-lang__option"
              aria-pressed={current === lng}
              onClick={() => void changeLanguage(lng)}
            >
              {t(`layout.${lng}`)}
            </button>
          ))}
        </div>
      </div>
      <main className={`auth-card${wide ? ' auth-card--wide' : ''}`}>{children}</main>
    </div>
  );
}
