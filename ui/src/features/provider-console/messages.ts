import { useEffect, useState } from 'react';

export { problemText } from '../../lib/api-error.ts';

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
