import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { markReviewPromptShown } from '../../entities/job/api.ts';
import { reviewQueries } from '../../entities/review/api.ts';
import type { ReviewPrompt } from '../../entities/review/api.ts';
import { ReviewDialog } from '../../entities/review/review-dialog.tsx';
import { Button } from '../../components/button.tsx';
import './client-reviews.css';

/**
 * Marks a job's review prompt shown the first time this screen shows it (SPEC.md §3's flag), so
 * the client is asked once; a failure to mark only means being asked again.
 */
export function useMarkPromptShown(jobId: string | null): void {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || marked.current === jobId) return;
    marked.current = jobId;
    markReviewPromptShown(jobId).catch(() => undefined);
  }, [jobId]);
}

/** Client home's question after a completed job: rate that job now, or not now. Asked once per job. */
export function ReviewPromptCard() {
  const { t } = useTranslation('reviews');
  const prompt = useQuery({ ...reviewQueries.prompt(), meta: { silent: true } });
  // The prompt stays on screen while the person answers it, even after it is marked shown.
  const [asked, setAsked] = useState<ReviewPrompt | null>(null);
  const [closed, setClosed] = useState(false);
  const [writing, setWriting] = useState(false);
  const current = asked ?? prompt.data ?? null;
  useEffect(() => {
    if (!asked && prompt.data) setAsked(prompt.data);
  }, [asked, prompt.data]);
  useMarkPromptShown(current?.job_id ?? null);
  if (!current || closed) return null;
  return (
    <section className="review-prompt card" aria-labelledby="review-prompt-title">
      <h2 id="review-prompt-title">{t('prompt.title')}</h2>
      <p>{t('prompt.text', { job: current.job_title, provider: current.provider_name })}</p>
      <div className="review-prompt__actions wrap-row">
        <Button variant="primary" onClick={() => setWriting(true)}>
          {t('prompt.rate')}
        </Button>
        <Button variant="quiet" onClick={() => setClosed(true)}>
          {t('prompt.later')}
        </Button>
      </div>
      {writing && (
        <ReviewDialog
          providerId={current.provider_id}
          providerName={current.provider_name}
          jobId={current.job_id}
          onClose={() => setWriting(false)}
          onSaved={() => setClosed(true)}
        />
      )}
    </section>
  );
}
