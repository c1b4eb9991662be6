import { useTranslation } from 'react-i18next';
import { problemText } from '../../lib/api-error.ts';
import { QueryState as SharedQueryState, type QueryLike } from '../../components/query-state.tsx';
import { Button } from '../../components/button.tsx';

/** What every console section shows while its query loads, or when it failed (with the api's reason and a retry). */
export function QueryState({ query, loading, failed }: { query: QueryLike & { error: unknown }; loading: string; failed: string }) {
  const { t } = useTranslation('admin');
  return <SharedQueryState query={query} loading={loading} failed={`${failed} ${problemText(t, query.error)}`} retryLabel={t('retry')} />;
}

/** Previous and next over a list of `total` rows shown `pageSize` at a time. */
export function Pager({ offset, pageSize, total, onChange }: { offset: number; pageSize: number; total: number; onChange: (offset: number) => void }) {
  const { t } = useTranslation('admin');
  if (total <= pageSize && offset === 0) return null;
  return (
    <div className="admin-pager">
      <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t('previous')}
      </Button>
      <Button variant="secondary" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {t('next')}
      </Button>
    </div>
  );
}
