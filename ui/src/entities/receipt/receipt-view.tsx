/**
 * A receipt as both parties read and print it (issue 28): the provider's business name and
 * contact, the receipt's number and dates, the client and the service, the lines with their IVU,
 * the IVU per rate, the totals, and the fee the client owes, if any. The figures are the api's
 * (contract receipts.ts), worded with money.ts's `formatMoney`; the lines and totals are the
 * quote's own pieces, so a quote and its receipt read alike. Then what was paid against it
 * (issue 29): each payment, refunds, pending and the balance left.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, type Receipt } from '@resuelve/contract';
import { formatJobDate, useJobLocale } from '../job/job-format.ts';
import { QuoteLinesTable, QuoteTotalsList } from '../quote/quote-figures.tsx';
import { ReceiptPaymentsBlock } from './receipt-payments.tsx';
import './receipts.css';

/** "(787) 555-0123" for a Puerto Rico number kept as digits. */
function phoneText(digits: string): string {
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return local.length === 10 ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : `+${digits}`;
}

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const locale = useJobLocale();
  const day = (iso: string) => formatJobDate(iso, locale, receipt.timezone);
  const { provider } = receipt;
  return (
    <article className="receipt" data-print-only aria-label={t('receipt.number', { number: receipt.number })}>
      <header className="receipt__head">
        <div className="receipt__from">
          <p className="receipt__business">{provider.business_name}</p>
          {provider.address ? <p>{provider.address}</p> : null}
          {provider.phone ? <p>{phoneText(provider.phone)}</p> : null}
          {provider.email ? <p>{provider.email}</p> : null}
        </div>
        <div className="receipt__id">
          <p className="receipt__kind">{t('receipt.title')}</p>
          <p>{receipt.number}</p>
          <p>
            {t('receipt.issued')}: {day(receipt.issued_at)}
          </p>
          <p className={`receipt__status receipt__status--${receipt.status}`}>{t(`receipt.status.${receipt.status}`)}</p>
        </div>
      </header>
      {receipt.status === 'draft' ? (
        <p className="receipt__draft" role="note">
          {t('receipt.draft_note')}
        </p>
      ) : null}
      <dl className="receipt__facts">
        <div>
          <dt>{t('receipt.client')}</dt>
          <dd>{receipt.client.name}</dd>
        </div>
        <div>
          <dt>{t('receipt.service')}</dt>
          <dd>{receipt.service.title}</dd>
        </div>
        <div>
          <dt>{t('receipt.service_date')}</dt>
          <dd>{day(receipt.service_date)}</dd>
        </div>
        {receipt.confirmed_at ? (
          <div>
            <dt>{t('receipt.confirmed_at')}</dt>
            <dd>{day(receipt.confirmed_at)}</dd>
          </div>
        ) : null}
      </dl>
      {receipt.lines.length > 0 ? (
        <QuoteLinesTable lines={receipt.lines} caption={t('receipt.number', { number: receipt.number })} />
      ) : (
        <p className="muted">{t('receipt.no_lines')}</p>
      )}
      <QuoteTotalsList totals={receipt} />
      {receipt.fee ? (
        <dl className="receipt__due">
          <div>
            <dt>{t(`receipt.fee.${receipt.fee.kind}`)}</dt>
            <dd>{formatMoney(receipt.fee.amount_cents, locale)}</dd>
          </div>
          <div className="receipt__due-total">
            <dt>{t('receipt.amount_due')}</dt>
            <dd>{formatMoney(receipt.amount_due_cents, locale)}</dd>
          </div>
        </dl>
      ) : null}
      {receipt.payments ? <ReceiptPaymentsBlock payments={receipt.payments} /> : null}
      <p className="receipt__footer">{t('receipt.footer')}</p>
    </article>
  );
}
