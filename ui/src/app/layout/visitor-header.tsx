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
            {/* Under 375 px the short word shows, so the brand keeps its whole name (issue 27); the
                link's name stays the whole phrase. */}
            <span className="topbar__sign-in-long">{t('sign_in')}</span>
            <span className="topbar__sign-in-short" aria-hidden="true">
              {t('sign_in_short')}
            </span>
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
