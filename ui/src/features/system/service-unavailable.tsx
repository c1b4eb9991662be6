import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HomeLink } from './home-link.tsx';
import { Button } from '../../components/button.tsx';
import { SystemPage } from './system-page.tsx';

export interface ServiceUnavailableProps {
  onRetry: () => void;
}

/** Shown when the profile could not be loaded (SPEC.md §2, §8): try again, or go home. */
export function ServiceUnavailable({ onRetry }: ServiceUnavailableProps) {
  const { t } = useTranslation('system');
  useDocumentTitle(t('unavailable.title'));
  return (
    <SystemPage
      titleId="system-unavailable-title"
      alert
      mark={
        <div className="system-page__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="36" height="36" focusable="false">
            <path d="M12 3 2 20h20L12 3Z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            <path d="M12 10v4.5M12 17.2v.3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
      }
      title={t('unavailable.title')}
      body={t('unavailable.body')}
      actions={
        <>
          <Button variant="primary" className="system-page__button" onClick={onRetry}>
            {t('unavailable.tryAgain')}
          </Button>
          <HomeLink variant="secondary">{t('unavailable.goHome')}</HomeLink>
        </>
      }
    />
  );
}
