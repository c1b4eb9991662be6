import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { finalJobStatuses } from '@resuelve/contract';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { SearchBox } from './appointments-page.tsx';
import { ClientJobList } from './job-card.tsx';
import { useClientJobPages } from './jobs-api.ts';
import './client-jobs.css';

/** /client/history: the client's past services (completed, cancelled, expired), searchable, page by page. */
export function ClientHistoryPage() {
  const { t } = useTranslation(['client-jobs', 'nav']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pages = useClientJobPages({ status: [...finalJobStatuses], ...(q ? { q } : {}) });
  const jobs = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageFrame title={t('nav:titles.client_history')}>
      <div className="client-jobs">
        <p className="muted">{t('history.intro')}</p>
        <div className="client-jobs__filters">
          <SearchBox value={q} onSearch={(text) => setParams(text ? { q: text } : {}, { replace: true })} />
        </div>
        {pages.isPending && <LoadingScreen message={t('loading')} />}
        {pages.isError && (
          <div className="alert alert-error" role="alert">
            <p>{t('load_failed')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void pages.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {pages.data && <ClientJobList jobs={jobs} empty={q ? t('history.empty_filtered') : t('history.empty')} withActions={false} />}
        {pages.hasNextPage && (
          <button type="button" className="btn btn-secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('load_more')}
          </button>
        )}
      </div>
    </PageFrame>
  );
}
