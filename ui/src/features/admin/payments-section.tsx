import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, paymentStatuses, toLocale } from '@resuelve/contract';
import type { AdminPayment, PaymentStatus } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { problemText } from '../../lib/api-error.ts';
import { AdminRequestCard } from './admin-list-section.tsx';
import { QueryState } from './list-parts.tsx';
import { adminPaymentQueries } from '../../entities/payment-account/admin-payments.ts';
import { AdminSectionFrame } from './section-frame.tsx';

/**
 * /admin/payments (issue 29): every payment made through the product or recorded by a provider,
 * newest first, by status, a page at a time ("Ver más"). Who paid whom, how much, what was
 * refunded, how, and whether it was a demo payment; never a token (the api has none to give).
 */
export function PaymentsSection() {
  const { t } = useTranslation(['payments', 'admin']);
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const list = useInfiniteQuery({ ...adminPaymentQueries.list(status), meta: { silent: true } });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AdminSectionFrame title={t('admin:sections.payments')}>
      <div className="admin-filters">
        <label className="field">
          <span className="field__label">{t('admin.status')}</span>
          <select className="select" value={status ?? ''} onChange={(e) => setStatus((e.target.value || null) as PaymentStatus | null)}>
            <option value="">{t('admin.any_status')}</option>
            {paymentStatuses.map((choice) => (
              <option key={choice} value={choice}>
                {t(`statuses.${choice}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={list} loading={t('admin.loading')} failed={t('admin.failed')} />
      {list.data && items.length === 0 ? <p className="muted">{status ? t('admin.empty_status') : t('admin.empty')}</p> : null}
      {items.length > 0 ? (
        <ul className="admin-queue">
          {items.map((payment) => (
            <li key={payment.id}>
              <AdminPaymentCard payment={payment} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.isFetchNextPageError ? (
        <p className="alert alert-error" role="alert">
          {t('admin.failed')} {problemText(t, list.error)}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <div className="admin-pager">
          <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('admin.more')}
          </Button>
        </div>
      ) : null}
    </AdminSectionFrame>
  );
}

function AdminPaymentCard({ payment }: { payment: AdminPayment }) {
  const { t, i18n } = useTranslation('payments');
  const dates = useDateFormat();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const money = (cents: number) => formatMoney(cents, locale);
  const headingId = `payment-${payment.id}`;
  return (
    <AdminRequestCard
      headingId={headingId}
      title={
        <span className="wrap-row">
          <span>{t('admin.title', { amount: money(payment.amount_cents), provider: payment.provider.name })}</span>
          <Badge tone={payment.status === 'paid' ? 'success' : payment.status === 'refused' || payment.status === 'declined' ? 'danger' : 'neutral'}>
            {t(`statuses.${payment.status}`)}
          </Badge>
          {payment.demo ? <Badge tone="warning">{t('demo.badge')}</Badge> : null}
        </span>
      }
      facts={[
        [t('admin.provider'), payment.provider.name],
        [t('admin.client'), payment.client.name],
        [t('admin.amount'), money(payment.amount_cents)],
        [t('admin.refunded'), money(payment.refunded_cents)],
        [t('admin.method'), `${t(`methods.${payment.method}`)} · ${t(`purposes.${payment.purpose}`)}`],
        [t('admin.date'), dates.dateTime(payment.created_at)],
        payment.reference ? [t('admin.reference'), payment.reference] : null,
      ]}
      actions={null}
      failure={null}
    />
  );
}
