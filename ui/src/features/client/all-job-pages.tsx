import type { ReactNode } from 'react';
import type { Job } from '@resuelve/contract';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { SavedDataNote } from '../../components/saved-data-note.tsx';
import { ClientJobList } from './job-card.tsx';
import { useClientJobPages } from './jobs-api.ts';
import type { ClientJobFilters } from './jobs-api.ts';

export interface AllJobPagesProps {
  /** What comes next (from now, soonest first) and what has passed (before now, newest first). */
  filters: { coming: ClientJobFilters; past: ClientJobFilters };
  empty: string;
  whenEmpty?: ReactNode;
}

/**
 * My Appointments' "Todas", read as a diary: what comes next first, soonest first, then what has
 * passed, newest first, each under its heading. "Show more" finishes what comes next before it
 * opens the past, so the two never interleave.
 */
export function AllJobPages({ filters, empty, whenEmpty = null }: AllJobPagesProps) {
  const { t } = useTranslation('client-jobs');
  const coming = useClientJobPages(filters.coming);
  const past = useClientJobPages(filters.past);
  const comingJobs = coming.data?.pages.flatMap((page) => page.items) ?? [];
  // The past shows once every coming job is on screen.
  const pastShown = coming.data !== undefined && !coming.hasNextPage;
  const pastJobs = pastShown ? (past.data?.pages.flatMap((page) => page.items) ?? []) : [];
  const failed = coming.isError || past.isError;
  const ready = coming.data !== undefined && past.data !== undefined;
  const next = coming.hasNextPage ? coming : past.hasNextPage ? past : null;
  return (
    <>
      <SavedDataNote updatedAt={Math.min(coming.dataUpdatedAt, past.dataUpdatedAt)} />
      {(coming.isPending || past.isPending) && !failed && <LoadingScreen message={t('loading')} />}
      {failed && (
        <div className="alert alert-error" role="alert">
          <p>{t('load_failed')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              if (coming.isError) void coming.refetch();
              if (past.isError) void past.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </div>
      )}
      {ready && comingJobs.length === 0 && pastJobs.length === 0 && !next && <EmptyState icon="calendar" title={empty} action={whenEmpty} compact />}
      <JobPart id="appointments-coming" title={t('appointments.tabs.upcoming')} jobs={comingJobs} empty={empty} />
      <JobPart id="appointments-past" title={t('appointments.tabs.past')} jobs={pastJobs} empty={empty} />
      {ready && next && (
        <Button variant="secondary" disabled={next.isFetchingNextPage} onClick={() => void next.fetchNextPage()}>
          {t('load_more')}
        </Button>
      )}
    </>
  );
}

/** One half of "Todas" under its heading; nothing when it has no job. */
function JobPart({ id, title, jobs, empty }: { id: string; title: string; jobs: Job[]; empty: string }) {
  if (jobs.length === 0) return null;
  return (
    <section className="client-jobs__part" aria-labelledby={id}>
      <h2 id={id} className="client-jobs__part-title">
        {title}
      </h2>
      <ClientJobList jobs={jobs} empty={empty} />
    </section>
  );
}
