import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Job } from '../../entities/job/api.ts';
import { reviewQueries } from '../../entities/review/api.ts';
import { ReviewCard } from '../../entities/review/review-card.tsx';
import { ReviewDialog } from '../../entities/review/review-dialog.tsx';
import { useMarkPromptShown } from './review-prompt.tsx';
import { Button } from '../../components/button.tsx';
import './client-reviews.css';
import { QueryState } from '../../components/query-state.tsx';

/** A completed job's own review (one per job): write it, or see and edit the one written. */
export function JobReview({ job }: { job: Job }) {
  const { t } = useTranslation('reviews');
  const completed = job.status === 'completed';
  const mine = useQuery({ ...reviewQueries.ofJob(job.id), enabled: completed, meta: { silent: true } });
  const [writing, setWriting] = useState(false);
  // This section is the job page's review prompt: showing it counts as asking.
  useMarkPromptShown(completed && !job.review_prompt_shown ? job.id : null);
  if (!completed) return null;
  return (
    <section className="client-job__section card job-review" aria-labelledby="job-review-title">
      <h2 id="job-review-title">{t('job.title')}</h2>
      <QueryState query={mine} loading={t('job.loading')} failed={t('job.failed')} retryLabel={t('retry')} />
      {mine.data === null && (
        <>
          <p>{t('job.none', { provider: job.provider.name })}</p>
          <Button variant="primary" onClick={() => setWriting(true)}>
            {t('job.write')}
          </Button>
        </>
      )}
      {mine.data && (
        <ReviewCard review={mine.data} heading="provider">
          <div className="job-review__actions wrap-row">
            <Button variant="secondary" onClick={() => setWriting(true)}>
              {t('job.edit')}
            </Button>
          </div>
        </ReviewCard>
      )}
      {writing && mine.data !== undefined && (
        <ReviewDialog providerId={job.provider.id} providerName={job.provider.name} jobId={job.id} existing={mine.data} onClose={() => setWriting(false)} />
      )}
    </section>
  );
}
