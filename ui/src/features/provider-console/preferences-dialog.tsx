import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { jobKeys } from '../../entities/job/api.ts';
import { calendarViews } from './job-calendar.tsx';
import type { CalendarView } from './job-calendar.tsx';

const viewKey = 'resuelve.provider.calendar-view';

/** The calendar's first view on this device (a display choice, so it stays local). */
export function savedCalendarView(): CalendarView {
  const saved = localStorage.getItem(viewKey);
  return (calendarViews as readonly string[]).includes(saved ?? '') ? (saved as CalendarView) : 'timeGridWeek';
}

/**
 * Calendar preferences: the default view, kept on this device. (The private hourly rate it once
 * asked for is gone: earnings come from the public rate, set on the profile; issue 27.)
 */
export function PreferencesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('provider-jobs');
  const queryClient = useQueryClient();
  const [view, setView] = useState<CalendarView>(savedCalendarView);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    localStorage.setItem(viewKey, view);
    void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    toast.success(t('preferences.saved'));
    onClose();
  }

  return (
    <Dialog title={t('preferences.title')} onClose={onClose} className="provider-modal">
      <form noValidate onSubmit={onSubmit}>
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
        <DialogFormActions problem={null} closeLabel={t('common.close')} onClose={onClose} submitLabel={t('preferences.save')} pending={false} />
      </form>
    </Dialog>
  );
}
