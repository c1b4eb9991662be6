/**
 * A quote's figures as both sides read them: its lines (each with its IVU), the subtotal, the IVU
 * per rate and the total, all from `priceLines`' output (the api stores what it returns; the editor
 * computes the same while the provider types), worded with money.ts's `formatMoney`.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatQuantity, formatTaxRate, taxRateBasisPoints } from '@resuelve/contract';
import type { Locale, QuoteLine, QuoteTotals, TaxRate } from '@resuelve/contract';
import { useJobLocale } from '../job/job-format.ts';
import './quotes.css';

/** "11,5 %" / "11.5%": a rate in the person's language (as receipts print it, contract receipts.ts). */
function formatRate(rate: TaxRate, locale: Locale): string {
  return formatTaxRate(taxRateBasisPoints[rate], locale);
}

/** A rate as a line names it: "IVU 11,5 %", "Exento". */
export function useTaxRateLabel(): (rate: TaxRate) => string {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  return (rate) => (rate === 'exempt' ? t('tax.exempt') : t('tax.rate', { rate: formatRate(rate, locale) }));
}

/**
 * The lines as a table (on a phone each line is a small card: quotes.css). `questioned` marks the
 * lines (1-based) a client's counter-offer asked about.
 */
export function QuoteLinesTable({ lines, questioned = [], caption }: { lines: readonly QuoteLine[]; questioned?: readonly number[]; caption: string }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  return (
    <table className="quote-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('lines.description')}</th>
          <th scope="col" className="quote-lines__number">
            {t('lines.quantity')}
          </th>
          <th scope="col" className="quote-lines__number">
            {t('lines.unit_price')}
          </th>
          <th scope="col" className="quote-lines__number">
            {t('lines.tax')}
          </th>
          <th scope="col" className="quote-lines__number">
            {t('lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const asked = questioned.includes(index + 1);
          return (
            <tr key={index} className={asked ? 'quote-lines__row quote-lines__row--questioned' : 'quote-lines__row'}>
              <th scope="row" className="quote-lines__what">
                <span className="quote-lines__kind">{t(`kind.${line.kind}`)}</span>
                <span>{line.description}</span>
                {asked ? <span className="quote-lines__asked">{t('lines.questioned')}</span> : null}
              </th>
              <td className="quote-lines__number" data-label={t('lines.quantity')}>
                {line.kind === 'labour_hourly' ? t('lines.hours', { hours: formatQuantity(line.quantity, locale) }) : formatQuantity(line.quantity, locale)}
              </td>
              <td className="quote-lines__number" data-label={t('lines.unit_price')}>
                {formatMoney(line.unit_price_cents, locale)}
              </td>
              <td className="quote-lines__number" data-label={t('lines.tax')}>
                {line.tax_rate === 'exempt' ? t('tax.exempt_short') : `${formatMoney(line.tax_cents, locale)} (${formatRate(line.tax_rate, locale)})`}
              </td>
              <td className="quote-lines__number quote-lines__amount" data-label={t('lines.amount')}>
                {formatMoney(line.amount_cents, locale)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Subtotal, the IVU of each rate over what it taxes, and the total. */
export function QuoteTotalsList({ totals, live = false }: { totals: QuoteTotals; live?: boolean }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const taxLabel = useTaxRateLabel();
  return (
    <dl className="quote-totals" aria-live={live ? 'polite' : undefined} data-testid="quote-totals">
      <div>
        <dt>{t('totals.subtotal')}</dt>
        <dd>{formatMoney(totals.subtotal_cents, locale)}</dd>
      </div>
      {totals.taxes.length === 0 ? (
        <div>
          <dt>{t('totals.tax')}</dt>
          <dd>{formatMoney(0, locale)}</dd>
        </div>
      ) : (
        totals.taxes.map((tax) => (
          <div key={tax.tax_rate}>
            <dt>
              {taxLabel(tax.tax_rate)} <span className="quote-totals__on">{t('totals.tax_on', { amount: formatMoney(tax.taxable_cents, locale) })}</span>
            </dt>
            <dd>{formatMoney(tax.tax_cents, locale)}</dd>
          </div>
        ))
      )}
      <div className="quote-totals__total">
        <dt>{t('totals.total')}</dt>
        <dd>{formatMoney(totals.total_cents, locale)}</dd>
      </div>
    </dl>
  );
}
