/**
 * The dashboard's earnings (issue 28): this month's (the jobs' totals ended this month, and the
 * fees clients owe), what is pending (accepted jobs still to do, at their quote's total or their
 * estimate), this month by category, and the CSV for taxes of this month or this year; and the
 * payments (issue 29): received this month, refunded this month, and waiting on a client's phone.
 * The figures are the api's (GET /providers/me/stats), worded with money.ts's `formatMoney`.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useCategories } from '../../entities/category/api.ts';
import { jobQueries } from '../../entities/job/api.ts';
import { dayInZone, useJobLocale } from '../../entities/job/job-format.ts';
import { downloadEarningsCsv } from '../../entities/receipt/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { ProviderSection } from './section.tsx';
import './earnings.css';

export function EarningsCard() {
  const { t } = useTranslation(['receipts', 'errors', 'payments-client']);
  const locale = useJobLocale();
  const stats = useQuery({ ...jobQueries.providerStats(), meta: { silent: true } });
  const categories = useCategories();
  const [today] = useState(() => dayInZone(new Date()));
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const [busy, setBusy] = useState<'month' | 'year' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async (which: 'month' | 'year') => {
    setProblem(null);
    setBusy(which);
    try {
      await downloadEarningsCsv(year, which === 'month' ? month : null, t('csv.file_name'));
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const nameOf = (id: number | null) => (id === null ? t('earnings.no_category') : (categories.data?.find((c) => c.id === id)?.name ?? t('earnings.no_category')));
  return (
    <ProviderSection title={t('earnings.title')} className="earnings">
      {stats.isPending ? (
        <p className="muted" role="status">
          {t('receipt.loading')}
        </p>
      ) : null}
      {stats.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{problemText(t, stats.error)}</p>
          <Button variant="secondary" onClick={() => void stats.refetch()}>
            {t('receipt.retry')}
          </Button>
        </div>
      ) : null}
      {stats.data ? (
        <>
          <dl className="earnings__figures">
            <div>
              <dt>{t('earnings.month')}</dt>
              <dd className="earnings__amount">{formatMoney(stats.data.month_earnings_cents, locale)}</dd>
            </div>
            <div>
              <dt>{t('earnings.pending')}</dt>
              <dd className="earnings__amount">{formatMoney(stats.data.pending_earnings_cents, locale)}</dd>
              <dd className="earnings__hint">{t('earnings.pending_hint')}</dd>
            </div>
          </dl>
          <dl className="earnings__figures earnings__figures--payments" data-testid="earnings-payments">
            <div>
              <dt>{t('payments-client:earnings.month_paid')}</dt>
              <dd className="earnings__amount">{formatMoney(stats.data.month_paid_cents, locale)}</dd>
              <dd className="earnings__hint">{t('payments-client:earnings.month_paid_hint')}</dd>
            </div>
            {stats.data.month_refunded_cents > 0 ? (
              <div>
                <dt>{t('payments-client:earnings.month_refunded')}</dt>
                <dd className="earnings__amount">{formatMoney(stats.data.month_refunded_cents, locale)}</dd>
              </div>
            ) : null}
            {stats.data.payments_pending_cents > 0 ? (
              <div>
                <dt>{t('payments-client:earnings.pending')}</dt>
                <dd className="earnings__amount">{formatMoney(stats.data.payments_pending_cents, locale)}</dd>
                <dd className="earnings__hint">{t('payments-client:earnings.pending_hint')}</dd>
              </div>
            ) : null}
          </dl>
          <h3 className="earnings__subtitle">{t('earnings.by_category')}</h3>
          {stats.data.month_by_category.length === 0 ? (
            <p className="muted">{t('earnings.by_category_empty')}</p>
          ) : (
            <ul className="earnings__categories">
              {stats.data.month_by_category.map((entry) => (
                <li key={entry.category_id ?? 'none'}>
                  <span>
                    {nameOf(entry.category_id)} <span className="muted">· {t('earnings.jobs', { count: entry.jobs })}</span>
                  </span>
                  <strong>{formatMoney(entry.total_cents, locale)}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <h3 className="earnings__subtitle">{t('earnings.export')}</h3>
      <div className="earnings__buttons">
        <Button variant="secondary" busy={busy === 'month'} onClick={() => void download('month')}>
          {t('earnings.export_month')}
        </Button>
        <Button variant="secondary" busy={busy === 'year'} onClick={() => void download('year')}>
          {t('earnings.export_year', { year })}
        </Button>
      </div>
      <ErrorAlert>{problem}</ErrorAlert>
    </ProviderSection>
  );
}
