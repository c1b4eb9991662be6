import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { addBlockedDate, providerQueries, removeBlockedDate } from '../../entities/provider/api.ts';
import type { BlockedDate } from '../../entities/provider/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import { useOwnProvider } from './business-hours-section.tsx';
import { dateLabel, problemText, todayIn } from './messages.ts';
import { Button } from '../../components/button.tsx';
import './schedule.css';
import { ErrorAlert } from '../../components/error-alert.tsx';

const reasonMax = 200;
type Field = 'date' | 'reason';
const empty: Record<Field, string> = { date: '', reason: '' };

function sorted(items: BlockedDate[]): BlockedDate[] {
  return [...items].sort((a, b) => a.date.localeCompare(b.date));
}

/** Full days off (SPEC.md §2): add a day (today or later, in the provider's time zone), see them in order, remove one. */
export function BlockedDatesSection() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const { data: provider } = useOwnProvider();
  const { data: blocked } = useSuspenseQuery({ ...providerQueries.blockedDates(), meta: { silent: true } });
  const today = todayIn(provider.timezone);
  const form = useFieldForm<Field>(empty, {
    date: (v) => {
      if (!v.date) return 'required';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return 'invalid_date';
      if (v.date < today) return 'past_date';
      return blocked.some((b) => b.date === v.date) ? 'date_already_blocked' : null;
    },
    reason: (v) => (v.reason.trim().length > reasonMax ? 'too_long' : null),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [listProblem, setListProblem] = useState<string | null>(null);
  useUnsavedChanges(form.dirty);
  const add = useMutation({ mutationFn: addBlockedDate, meta: { silent: true } });
  const remove = useMutation({ mutationFn: removeBlockedDate, meta: { silent: true } });

  const setList = (change: (items: BlockedDate[]) => BlockedDate[]) =>
    queryClient.setQueryData(providerQueries.blockedDates().queryKey, (old) => sorted(change(old ?? [])));

  const dateError = (code: string | null) =>
    fieldErrorText(t, code, {
      words: { past_date: t('blocked.past'), out_of_range: t('blocked.past'), date_already_blocked: t('errors:date_already_blocked') },
    });

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!form.validateAll()) return;
    try {
      const added = await add.mutateAsync({ date: form.values.date, reason: form.values.reason });
      setList((items) => [...items.filter((b) => b.date !== added.date), added]);
      form.reset(empty);
      toast.success(t('blocked.added', { date: dateLabel(added.date, i18n.language) }));
    } catch (error) {
      if (isApiError(error) && error.code === 'date_already_blocked') {
        form.showServerErrors({ date: 'date_already_blocked' });
        void queryClient.invalidateQueries({ queryKey: providerQueries.blockedDates().queryKey });
      } else if (isApiError(error) && form.showServerErrors(error.details)) setProblem(null);
      else setProblem(problemText(t, error));
    }
  }

  async function onRemove(date: string) {
    setListProblem(null);
    try {
      await remove.mutateAsync(date);
      setList((items) => items.filter((b) => b.date !== date));
      toast.success(t('blocked.removed', { date: dateLabel(date, i18n.language) }));
    } catch (error) {
      setListProblem(problemText(t, error));
      // Gone already (another tab, or the day passed): the list shown should say so too.
      if (isApiError(error) && error.code === 'slot_not_found') setList((items) => items.filter((b) => b.date !== date));
    }
  }

  return (
    <div className="blocked-dates">
      <form className="settings-form blocked-dates__form" noValidate onSubmit={(event) => void onAdd(event)}>
        <div className="settings-form__row">
          <FormField label={t('blocked.date')} error={dateError(form.errorOf('date'))} className="settings-form__narrow">
            {(ids) => <input {...ids} {...form.bind('date')} className="input" type="date" min={today} />}
          </FormField>
          <FormField label={t('blocked.reason')} hint={t('blocked.reason_hint')} error={fieldErrorText(t, form.errorOf('reason'))}>
            {(ids) => <input {...ids} {...form.bind('reason')} className="input" type="text" maxLength={reasonMax} />}
          </FormField>
        </div>
        <ErrorAlert>{problem}</ErrorAlert>
        <Button type="submit" variant="primary" busy={add.isPending}>
          {add.isPending ? t('blocked.adding') : t('blocked.add')}
        </Button>
      </form>

      <h3 id="blocked-dates-heading" className="blocked-dates__heading">{t('blocked.list_title')}</h3>
      <ErrorAlert>{listProblem}</ErrorAlert>
      {blocked.length === 0 ? (
        <p className="muted blocked-dates__empty">{t('blocked.empty')}</p>
      ) : (
        <ul className="blocked-dates__list" aria-labelledby="blocked-dates-heading">
          {blocked.map((item) => {
            const label = dateLabel(item.date, i18n.language);
            const removing = remove.isPending && remove.variables === item.date;
            return (
              <li key={item.date} className="blocked-date">
                <div>
                  <time dateTime={item.date} className="blocked-date__day">
                    {label}
                  </time>
                  {item.reason ? <p className="muted blocked-date__reason">{item.reason}</p> : null}
                </div>
                <Button
                  variant="secondary"
                  disabled={removing}
                  aria-label={t('blocked.remove_label', { date: label })}
                  onClick={() => void onRemove(item.date)}
                >
                  {removing ? t('blocked.removing') : t('blocked.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
