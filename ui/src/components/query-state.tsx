import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** What a section shows while its query loads, or when it failed (with a retry); nothing once it has data. */
export function QueryState({ query, loading, failed, retryLabel }: { query: QueryLike; loading: ReactNode; failed: ReactNode; retryLabel: string }) {
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
      <p>{failed}</p>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        {retryLabel}
      </Button>
    </div>
  );
}
