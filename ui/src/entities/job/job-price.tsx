/**
 * What a job costs, as both sides' job pages show it (issue 27, one price): once accepted, the
 * estimate (the rate it kept × its one duration); once completed, the total (the rate × the worked
 * time, which appears only here, in the total's explanation). The amounts come from the api
 * (contract money.ts); this only words them.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { Job, JobStatus } from '@resuelve/contract';
import { bookedHours, formatJobDuration, useJobLocale } from './job-format.ts';

/** A job that ended without happening shows no price. */
const unpricedStatuses: readonly JobStatus[] = ['cancelled', 'cancelled_by_client', 'expired'];

export interface JobPriceText {
  label: string;
  amount: string;
  /** "1,5 horas × $65 la hora", "tarifa por visita". */
  explanation: string;
}

/**
 * The job's price in words, or null before it is accepted, when it ended unheld, or when its provider
 * states no rate. Once the job has a bill (issue 28), its total is the bill's, draft or confirmed.
 */
export function useJobPrice(job: Job): JobPriceText | null {
  const { t } = useTranslation(['jobs', 'receipts']);
  const locale = useJobLocale();
  const price = job.price;
  if (job.bill) return { label: t('price.total'), amount: formatMoney(job.bill.total_cents, locale), explanation: t(`receipts:total.${job.bill.status}`) };
  if (!price || unpricedStatuses.includes(job.status)) return null;
  const rate = formatMoney(price.rate.amount_cents, locale);
  const completed = price.total_cents !== null;
  const worked = completed && job.actual_hours !== null;
  const duration = formatJobDuration(worked ? job.actual_hours! : bookedHours(job), locale);
  const explanation =
    price.rate.unit === 'visit'
      ? t('price.per_visit')
      : t(worked ? 'price.worked_per_hour' : 'price.per_hour', { duration, rate });
  return {
    label: completed ? t('price.total') : t('price.estimate'),
    amount: formatMoney(completed ? price.total_cents! : price.estimate_cents, locale),
    explanation,
  };
}

/** The price as a term and its description, for a job page's list of facts. */
export function JobPriceFact({ job, className }: { job: Job; className?: string }) {
  const price = useJobPrice(job);
  if (!price) return null;
  return (
    <div className={className} data-job-price>
      <dt>{price.label}</dt>
      <dd>
        <strong>{price.amount}</strong> <span className="muted">({price.explanation})</span>
      </dd>
    </div>
  );
}
