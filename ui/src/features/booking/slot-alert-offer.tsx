import { useTranslation } from 'react-i18next';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DayAvailability } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { useChange } from '../../lib/use-change.ts';
import { askSlotAlert, cancelSlotAlert, slotAlertKeys, slotAlertQueries, type SlotAlert } from '../../entities/slot-alert/api.ts';
import { dayInWords } from '../../entities/slot-alert/slot-alert-live.ts';
import './slot-alert-offer.css';

/** Full days offered at most (the nearest): a long list of full days helps nobody choose. */
const maxFullDays = 4;

interface SlotAlertOfferProps {
  providerId: string;
  minutes: number;
  days: DayAvailability[];
  /** Chooses a day above (a freed day's "Elegir ese día"). */
  onChoose: (date: string) => void;
}

/**
 * Under the days: the provider's nearest full days (taken by jobs, not closed or blocked), each
 * with "Avísame si se libera un horario", or what the client's alert of that day says (waiting,
 * or a time freed, with "Elegir ese día") with its cancel (contract slot-alerts.ts). Live events
 * refresh it.
 */
export function SlotAlertOffer({ providerId, minutes, days, onChoose }: SlotAlertOfferProps) {
  const { t, i18n } = useTranslation('slot-alerts');
  const alerts = useQuery({ ...slotAlertQueries.ofProvider(providerId), meta: { silent: true } });
  const refresh = (queryClient: QueryClient) => void queryClient.invalidateQueries({ queryKey: slotAlertKeys.all });
  const ask = useChange((date: string) => askSlotAlert({ provider_id: providerId, date, duration_minutes: minutes }), refresh);
  const cancel = useChange((id: string) => cancelSlotAlert(id), refresh);
  const byDate = new Map((alerts.data ?? []).map((alert) => [alert.date, alert]));
  const full = days.filter((day) => day.reason === 'fully_booked' && day.slots.length === 0).slice(0, maxFullDays);
  // A day the client waits on stays shown when a time freed there (it is open again above).
  const freed = (alerts.data ?? []).filter((alert) => alert.status === 'freed' && !full.some((day) => day.date === alert.date));
  if (full.length === 0 && freed.length === 0) return null;
  const rows: { date: string; alert: SlotAlert | undefined }[] = [...full.map((day) => ({ date: day.date, alert: byDate.get(day.date) })), ...freed.map((alert) => ({ date: alert.date, alert }))];
  rows.sort((a, b) => a.date.localeCompare(b.date));
  const problem = ask.problem ?? cancel.problem;
  return (
    <section className="slot-alerts" aria-labelledby="slot-alerts-title">
      <h3 id="slot-alerts-title" className="slot-alerts__title">
        {t('offer.title')}
      </h3>
      <p className="muted slot-alerts__intro">{t('offer.intro')}</p>
      <ul className="slot-alerts__list">
        {rows.map(({ date, alert }) => {
          const day = dayInWords(date, i18n.language);
          return (
            <li key={date} className="slot-alerts__row">
              {!alert && (
                <Button variant="secondary" size="sm" disabled={ask.pending || alerts.isPending} onClick={() => void ask.run(date, t('offer.waiting', { day }))}>
                  {t('offer.ask', { day })}
                </Button>
              )}
              {alert && (
                <>
                  <span className={alert.status === 'freed' ? 'slot-alerts__freed' : 'slot-alerts__waiting'} role="status">
                    {t(alert.status === 'freed' ? 'offer.freed' : 'offer.waiting', { day })}
                  </span>
                  {alert.status === 'freed' && days.some((open) => open.date === date && open.slots.length > 0) && (
                    <Button variant="primary" size="sm" onClick={() => onChoose(date)}>
                      {t('offer.choose')}
                    </Button>
                  )}
                  <Button variant="quiet" size="sm" disabled={cancel.pending} aria-label={t('offer.cancel_label', { day })} onClick={() => void cancel.run(alert.id, t('offer.cancelled'))}>
                    {t('offer.cancel')}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
