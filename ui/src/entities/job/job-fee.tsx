/**
 * The fee a job records (issue 28, contract cancellation.ts): a late cancellation's or a no-show's,
 * as both sides' job pages list it among the job's facts. The product holds no money: the line
 * says so, so nobody reads it as a charge made.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { Job } from '@resuelve/contract';
import { useJobLocale } from './job-format.ts';

export function JobFeeFact({ job, className }: { job: Job; className?: string }) {
  const { t } = useTranslation('jobs');
  const locale = useJobLocale();
  if (job.fee_cents === null || job.fee_kind === null || job.fee_cents === 0) return null;
  return (
    <div className={className} data-job-fee>
      <dt>{t(`fee.${job.fee_kind}`)}</dt>
      <dd>
        <strong>{formatMoney(job.fee_cents, locale)}</strong> <span className="muted">({t('fee.note')})</span>
      </dd>
    </div>
  );
}
