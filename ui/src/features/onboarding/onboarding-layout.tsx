import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { signOut } from '../../lib/session-actions.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './onboarding.css';

/** The onboarding frame: no top bar here (SPEC.md §2), so brand, language and sign-out live in it. */
export function OnboardingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('onboarding');
  const title = t('page_title');
  useDocumentTitle(title);
  return (
    <div className="onb-screen">
      <div className="onb-screen__top">
        <span className="onb-brand">
          <BrandMark size={32} />
          <span>{t('nav:brand')}</span>
        </span>
        <div className="onb-screen__tools">
          <LanguageSwitch className="language-switch--large" />
          <button type="button" className="btn btn-ghost" onClick={() => void signOut()}>
            {t('sign_out')}
          </button>
        </div>
      </div>
      <div className="onb-card">
        <h1 className="onb-card__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
