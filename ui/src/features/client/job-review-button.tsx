import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../entities/job/api.ts';
import { ReviewDialog } from '../../entities/review/review-dialog.tsx';
import { Button } from '../../components/button.tsx';

/** "Dejar reseña" on a completed job's card that has no review yet: the dialog reviews that job. */
export function JobReviewButton({ job }: { job: Job }) {
  const { t } = useTranslation('reviews');
  const [writing, setWriting] = useState(false);
  if (job.status !== 'completed' || job.review_id !== null) return null;
  return (
    <div className="client-job-actions job-buttons wrap-row">
      <Button variant="primary" onClick={() => setWriting(true)}>
        {t('job.write')}
      </Button>
      {writing && <ReviewDialog providerId={job.provider.id} providerName={job.provider.name} jobId={job.id} onClose={() => setWriting(false)} />}
    </div>
  );
}
