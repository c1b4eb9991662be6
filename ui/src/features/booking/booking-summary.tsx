import { useTranslation } from 'react-i18next';
import { estimateCents, isValidJobHours } from '@resuelve/contract';
import type { LocationType } from '@resuelve/contract';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { Price, formatMoney } from '../../components/price/price.tsx';
import { formatJobDate, formatJobDuration, formatJobTimeRange, useJobLocale } from '../../entities/job/job-format.ts';
import type { BookingProvider } from './api.ts';
import { CancellationPolicyLine } from '../../entities/provider/cancellation-policy.tsx';

export interface BookingDraft {
  category_id: string;
  hours: string;
  date: string;
  slot: string;
  location_type: string;
  location_address: string;
}

/**
 * What is being asked, as it stands: service, day, time, place and the price estimate (decision
 * record 0028: an hourly rate times the hours, a visit's price, or "from"). Beside the form on a
 * wide screen, above the button on a phone (booking.css).
 */
export function BookingSummary({ provider, draft }: { provider: BookingProvider; draft: BookingDraft }) {
  const { t } = useTranslation(['booking', 'jobs']);
  const locale = useJobLocale();
  const hours = Number(draft.hours);
  const validHours = isValidJobHours(hours) ? hours : null;
  const service = provider.categories.find((c) => String(c.id) === draft.category_id)?.name;
  const end = draft.slot && validHours ? new Date(new Date(draft.slot).getTime() + validHours * 3_600_000).toISOString() : null;
  const place =
    draft.location_type === 'client_location' && draft.location_address.trim()
      ? draft.location_address.trim()
      : t(`jobs:location.${draft.location_type as LocationType}`);
  const estimate = provider.rate ? estimateCents(provider.rate, validHours) : null;
  const choose = <span className="booking-summary__todo">{t('summary_choose')}</span>;

  return (
    <aside className="booking-summary" aria-labelledby="booking-summary-title" aria-live="polite">
      <div className="booking-summary__who">
        <Avatar url={provider.profile_picture_url} name={provider.company_name} size="md" />
        <div>
          <h2 id="booking-summary-title">{t('summary_title')}</h2>
          <p>{provider.company_name}</p>
        </div>
      </div>
      <dl className="booking-summary__list">
        <div>
          <dt>{t('summary_service')}</dt>
          <dd>{service ?? choose}</dd>
        </div>
        <div>
          <dt>{t('summary_date')}</dt>
          <dd>{draft.date ? formatJobDate(`${draft.date}T16:00:00Z`, locale, provider.timezone) : choose}</dd>
        </div>
        <div>
          <dt>{t('summary_time')}</dt>
          <dd>
            {draft.slot && end ? `${formatJobTimeRange(draft.slot, end, locale, provider.timezone)} · ${formatJobDuration(validHours!, locale)}` : choose}
          </dd>
        </div>
        <div>
          <dt>{t('summary_place')}</dt>
          <dd>{place}</dd>
        </div>
      </dl>
      <div className="booking-summary__price" data-testid="booking-estimate">
        <span className="booking-summary__price-label">{t('summary_price')}</span>
        {estimate && provider.rate ? (
          <>
            <Price cents={estimate.cents} from={estimate.from} unit={estimate.perHour ? 'hour' : provider.rate.unit === 'visit' ? 'visit' : null} size="lg" />
            {provider.rate.unit === 'hour' && validHours !== null && (
              <span className="booking-summary__math">
                {t('summary_rate_times', { rate: formatMoney(provider.rate.amount_cents, locale), duration: formatJobDuration(validHours, locale) })}
              </span>
            )}
          </>
        ) : (
          <span>{t('summary_no_rate')}</span>
        )}
      </div>
      <p className="booking-summary__note">{t('summary_note')}</p>
      {provider.cancellation_policy && (
        <div className="booking-summary__policy">
          <span className="booking-summary__price-label">{t('summary_policy')}</span>
          <CancellationPolicyLine policy={provider.cancellation_policy} />
        </div>
      )}
    </aside>
  );
}
