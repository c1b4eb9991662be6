import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-error.ts';

/** The words for a failed call: by the server's code when known (errors namespace), else by kind. */
export function problemText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors:unexpected');
  if (error.status === 0) return t('errors:network_error');
  if (t(`errors:${error.code}`, { defaultValue: '' })) return t(`errors:${error.code}`);
  return t('errors:unexpected');
}

/** The current time, moving every `everyMs` (a running job's clock). */
export function useNow(everyMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Hours typed by a person ("1,5" or "1.5") as a number; NaN when it is not one. */
export function parseHours(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}
