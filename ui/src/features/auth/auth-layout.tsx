import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './auth.css';

/** The frame of every auth screen: the top bar is hidden here (SPEC.md §2), so the brand and language live in it. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(title);
  return (
    <div className="auth-screen">
      <div className="auth-screen__top">
        <Link to="/" className="auth-brand" aria-label={t('layout.home')}>
          <BrandMark size={36} />
          <span className="auth-brand__name">{t('brand')}</span>
        </Link>
        <LanguageSwitch className="language-switch--large" />
      </div>
      <div className="auth-card">{children}</div>
    </div>
  );
}
