import { useTranslation } from 'react-i18next';
import { formatMoney, toLocale } from '@resuelve/contract';
import type { Locale, ProviderRate, RateUnit } from '@resuelve/contract';
import './price.css';

/** "$45" / "$45.50" / "$1,200": money has one home, contract money.ts. */
export { formatMoney };

export interface PriceProps {
  cents: number;
  /** Per hour or per visit; none for a total (an estimate). */
  unit?: RateUnit | null;
  /** A starting price: "from $45". */
  from?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** A language other than the page's (the /dev/design page shows both side by side). */
  lng?: Locale;
}

/** The props of a stated rate. */
export function rateProps(rate: ProviderRate): PriceProps {
  return { cents: rate.amount_cents, unit: rate.unit, from: rate.from };
}

/** "desde $45 la hora" / "from $45 an hour", "$80 por visita" / "$80 per visit": the amount stands out. */
export function Price({ cents, unit = null, from = false, size = 'md', lng }: PriceProps) {
  const { i18n } = useTranslation('common');
  const locale = lng ?? toLocale(i18n.resolvedLanguage ?? i18n.language);
  const t = i18n.getFixedT(locale, 'common');
  return (
    <span className={`price price--${size}`} data-price>
      {from && <span className="price__from">{t('price.from')} </span>}
      <strong className="price__amount">{formatMoney(cents, locale)}</strong>
      {unit && <span className="price__unit"> {t(`price.unit.${unit}`)}</span>}
    </span>
  );
}
