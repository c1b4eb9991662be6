import { useInRouterContext } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HomeLink } from './home-link.tsx';
import { ButtonLink } from '../../components/button.tsx';
import './system.css';

/** Any path no route knows (SPEC.md §2). */
export function NotFoundPage() {
  const { t } = useTranslation('system');
  useDocumentTitle(t('notFound.title'));
  const inRouter = useInRouterContext();
  return (
    <section className="system-page" data-feature="system" aria-labelledby="system-not-found-title">
      <p className="system-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="system-not-found-title" className="system-page__title">
        {t('notFound.title')}
      </h1>
      <p className="system-page__body">{t('notFound.body')}</p>
      <div className="system-page__actions">
        <HomeLink variant="primary">{t('notFound.goHome')}</HomeLink>
        {inRouter && (
          <ButtonLink to="/providers" variant="secondary" className="system-page__button">
            {t('notFound.findServices')}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
