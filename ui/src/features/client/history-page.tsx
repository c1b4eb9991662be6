import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { finalJobStatuses } from '@resuelve/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import { SearchBox } from './appointments-page.tsx';
import { ClientJobPages } from './job-card.tsx';
import { useClientJobPages } from './jobs-api.ts';
import './client-jobs.css';

/** /client/history: the client's past services (completed, cancelled, expired), searchable, page by page. */
export function ClientHistoryPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['client-jobs', 'nav', 'jobs', 'reviews', 'providers', 'receipts']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pages = useClientJobPages({ status: [...finalJobStatuses], ...(q ? { q } : {}) });
  return (
    <PageFrame feature="client" title={t('nav:titles.client_history')}>
      <div className="client-jobs stack">
        <p className="muted">{t('history.intro')}</p>
        <div className="client-jobs__filters">
          <SearchBox value={q} onSearch={(text) => setParams(text ? { q: text } : {}, { replace: true })} />
        </div>
        <ClientJobPages pages={pages} empty={q ? t('history.empty_filtered') : t('history.empty')} withActions={false} />
      </div>
    </PageFrame>
  );
}
