import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { calendarFeedQueries, regenerateCalendarFeed } from '../../entities/calendar-feed/api.ts';
import { problemText } from './messages.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * The private iCal feed: the secret address to subscribe a calendar app to, copied in one click,
 * and a new address on demand (after a confirmation: the old one stops working). A password reset
 * and a suspension end the address too (decision 0046), which the section says.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation(['calendar', 'errors']);
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const { data } = useSuspenseQuery({ ...calendarFeedQueries.feed(), meta: { silent: true } });
  const regenerate = useMutation({ mutationFn: regenerateCalendarFeed, meta: { silent: true } });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onCopy() {
    setProblem(null);
    try {
      await navigator.clipboard.writeText(data.url);
      toast.success(t('section.copied'));
    } catch {
      input.current?.select();
      setProblem(t('section.copy_failed'));
    }
  }

  async function onRegenerate() {
    setConfirming(false);
    setProblem(null);
    try {
      const feed = await regenerate.mutateAsync();
      queryClient.setQueryData(calendarFeedQueries.feed().queryKey, feed);
      toast.success(t('section.regenerated'));
    } catch (error) {
      setProblem(problemText(t, error));
    }
  }

  return (
    <div className="settings-form">
      <p>{t('section.intro')}</p>
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('section.url_label')}</label>
        <input
          ref={input}
          id={`${id}-url`}
          className="input"
          type="text"
          readOnly
          value={data.url}
          aria-describedby={`${id}-warning ${id}-ends`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id={`${id}-warning`} className="field-hint">
          {t('section.warning')}
        </p>
        <p id={`${id}-ends`} className="field-hint">
          {t('section.ends_with_sessions')}
        </p>
      </div>
      <ErrorAlert>{problem}</ErrorAlert>
      <div className="settings-form__row">
        <Button variant="primary" onClick={() => void onCopy()}>
          {t('section.copy')}
        </Button>
        <Button variant="secondary" busy={regenerate.isPending} onClick={() => setConfirming(true)}>
          {t('section.regenerate')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('section.regenerate_title')}
          message={t('section.regenerate_body')}
          confirmLabel={t('section.regenerate_confirm')}
          cancelLabel={t('section.cancel')}
          destructive
          onConfirm={() => void onRegenerate()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
