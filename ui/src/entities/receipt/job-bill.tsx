/**
 * A job's total on its page, for either side (issue 28): once the job ended, its bill's total, a
 * draft until the provider confirms it, with the subtotal and IVU and the way to the receipt. The
 * provider of a draft also gets "Confirmar total" with the draft's lines to check.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { problemText } from '../../lib/api-error.ts';
import type { Job } from '../job/api.ts';
import { formatJobDate, useJobLocale } from '../job/job-format.ts';
import { receiptQueries } from './api.ts';
import { BillConfirmForm } from './bill-confirm-form.tsx';
import './receipts.css';

export type BillSide = 'client' | 'provider';

/** Where a side reads a job's receipt. */
export const receiptPath = (side: BillSide, jobId: string) => `/${side}/jobs/${encodeURIComponent(jobId)}/receipt`;

export function JobBill({ job, side }: { job: Job; side: BillSide }) {
  const { t } = useTranslation('receipts');
  const locale = useJobLocale();
  const headingId = useId();
  const bill = job.bill;
  if (!bill) return null;
  const confirming = side === 'provider' && bill.status === 'draft';
  return (
    <section className="card job-bill" aria-labelledby={headingId}>
      <h2 id={headingId} className="job-bill__title">
        {t('total.title')}
      </h2>
      <div className="job-bill__figure">
        <span className="job-bill__amount">{formatMoney(bill.total_cents, locale)}</span>
        <Badge className="job-bill__state" tone={bill.status === 'confirmed' ? 'success' : 'warning'}>
          {t(`total.${bill.status}`)}
        </Badge>
      </div>
      <p className="muted">
        {t('total.with_tax', { subtotal: formatMoney(bill.subtotal_cents, locale), tax: formatMoney(bill.tax_cents, locale) })}
        {bill.confirmed_at ? ` · ${t('total.confirmed_on', { date: formatJobDate(bill.confirmed_at, locale, job.timezone) })}` : null}
      </p>
      {side === 'client' && bill.status === 'draft' ? <p>{t('total.draft_client')}</p> : null}
      <div className="job-bill__links">
        <ButtonLink variant={confirming ? 'quiet' : 'secondary'} to={receiptPath(side, job.id)}>
          {t('receipt.view')}
        </ButtonLink>
      </div>
      {confirming ? <DraftLines jobId={job.id} /> : null}
    </section>
  );
}

/** The draft's lines, loaded for the provider to check and confirm. */
function DraftLines({ jobId }: { jobId: string }) {
  const { t } = useTranslation(['receipts', 'errors']);
  const receipt = useQuery({ ...receiptQueries.detail(jobId), meta: { silent: true } });
  if (receipt.isPending) return <p className="muted" role="status">{t('receipt.loading')}</p>;
  if (receipt.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>
          {t('receipt.failed')} {problemText(t, receipt.error)}
        </p>
        <Button variant="secondary" onClick={() => void receipt.refetch()}>
          {t('receipt.retry')}
        </Button>
      </div>
    );
  }
  if (receipt.data.status !== 'draft') return null;
  // A new draft (another job, or the same one read again after a change elsewhere) starts afresh.
  return <BillConfirmForm key={`${receipt.data.number}-${receipt.data.total_cents}`} receipt={receipt.data} />;
}
