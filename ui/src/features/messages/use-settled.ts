import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (a search follows the text when typing pauses, not at every key). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
