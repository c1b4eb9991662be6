import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { jobKeys } from '../../entities/job/api.ts';
import { providerQueries, updateOwnProvider } from '../../entities/provider/api.ts';
import type { OwnProvider } from '../../entities/provider/api.ts';
import { calendarViews } from './job-calendar.tsx';
import type { CalendarView } from './job-calendar.tsx';
import { problemText } from './messages.ts';

const viewKey = 'resuelve.provider.calendar-view';
const maxRateDollars = 10_000;

/** The calendar's first view on this device (a display choice, so it stays local). */
export function savedCalendarView(): CalendarView {
  const saved = localStorage.getItem(viewKey);
  return (calendarViews as readonly string[]).includes(saved ?? '') ? (saved as CalendarView) : 'timeGridWeek';
}

/** Dollars typed ("45", "45.50") as cents; null for empty; NaN when not a valid amount. */
export function rateToCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const cents = Math.round(Number(trimmed) * 100);
  return cents > maxRateDollars * 100 ? Number.NaN : cents;
}

/** Calendar preferences: the hourly rate earnings are counted with, and the default view. */
export function PreferencesDialog({ provider, onClose }: { provider: OwnProvider; onClose: () => void }) {
  const { t } = useTranslation('provider-jobs');
  const queryClient = useQueryClient();
  const initialRate = provider.hourly_rate_cents != null ? (provider.hourly_rate_cents / 100).toFixed(2) : '';
  const [rate, setRate] = useState(initialRate);
  const [view, setView] = useState<CalendarView>(savedCalendarView);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({ mutationFn: (cents: number | null) => updateOwnProvider({ hourly_rate_cents: cents }), meta: { silent: true } });
  const cents = rateToCents(rate);
  const rateInvalid = cents !== null && Number.isNaN(cents);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (rateInvalid) return;
    try {
      if (rate !== initialRate) queryClient.setQueryData(providerQueries.own().queryKey, await save.mutateAsync(cents));
      localStorage.setItem(viewKey, view);
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      toast.success(t('preferences.saved'));
      onClose();
    } catch (error) {
      setProblem(problemText(t, error));
    }
  }

  return (
    <Dialog title={t('preferences.title')} onClose={onClose} className="provider-modal">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField label={t('preferences.hourly_rate')} hint={t('preferences.hourly_rate_hint')} error={tried && rateInvalid ? t('preferences.invalid_rate') : null}>
          {(ids) => <input {...ids} className="input" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />}
        </FormField>
        <FormField label={t('preferences.default_view')}>
          {(ids) => (
            <select {...ids} className="select" value={view} onChange={(e) => setView(e.target.value as CalendarView)}>
              {calendarViews.map((v) => (
                <option key={v} value={v}>
                  {t(`calendar.views.${v}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <DialogFormActions
          problem={problem}
          closeLabel={t('common.close')}
          onClose={onClose}
          submitLabel={save.isPending ? t('common.sending') : t('preferences.save')}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
