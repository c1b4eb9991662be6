import { useTranslation } from 'react-i18next';
import { problemText } from '../../lib/api-error.ts';
import { Button } from '../../components/button.tsx';

/** What every console section shows while its query loads, or when it failed (with a retry). */
export function QueryState({ query, loading, failed }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; loading: string; failed: string }) {
  const { t } = useTranslation('admin');
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  if (!query.isError) return null;
  return (
    <div className="alert alert-error" role="alert">
      <p>
        {failed} {problemText(t, query.error)}
      </p>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        {t('retry')}
      </Button>
    </div>
  );
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
