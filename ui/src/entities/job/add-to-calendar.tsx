import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../lib/api-error.ts';
import { downloadJobCalendar } from './calendar-file.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * "Add to calendar" of one job: downloads the job's .ics (fetched with the bearer token); while it
 * runs the button waits, and a failure is said beside it.
 */
export function AddToCalendarButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation(['jobs', 'errors']);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setProblem(null);
    try {
      await downloadJobCalendar(jobId);
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="quiet" disabled={busy} onClick={() => void run()}>
        {t('jobs:add_to_calendar')}
      </Button>
      <ErrorAlert>{problem}</ErrorAlert>
    </>
  );
}
