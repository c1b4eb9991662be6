import { useInRouterContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HomeLink } from './home-link.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { SystemPage } from './system-page.tsx';

/** Any path no route knows (SPEC.md §2). */
export function NotFoundPage() {
  const { t } = useTranslation('system');
  useDocumentTitle(t('notFound.title'));
  const inRouter = useInRouterContext();
  return (
    <SystemPage
      titleId="system-not-found-title"
      mark={
        <p className="system-page__code" aria-hidden="true">
          {t('notFound.code')}
        </p>
      }
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <>
          <HomeLink variant="primary">{t('notFound.goHome')}</HomeLink>
          {inRouter && (
            <ButtonLink to="/providers" variant="secondary" className="system-page__button">
              {t('notFound.findServices')}
            </ButtonLink>
          )}
        </>
      }
    />
  );
}
