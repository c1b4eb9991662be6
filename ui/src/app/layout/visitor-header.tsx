import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import type { RedirectState } from '../../lib/navigation.ts';
import { BrandLink } from './brand-link.tsx';
import { ButtonLink } from '../../components/button.tsx';

/** Visitors' header (SPEC.md §2): brand, language switch (English/Español) and sign-in. */
export function VisitorHeader() {
  const { t } = useTranslation('nav');
  const location = useLocation();
  const state: RedirectState = { from: location.pathname + location.search + location.hash };
  return (
    <header className="topbar topbar--visitor">
      <div className="topbar__inner">
        <BrandLink />
        <div className="topbar__end">
          <LanguageSwitch />
          <ButtonLink to="/auth" state={state} variant="primary">
            {t('sign_in')}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
