import { useEffect, useRef } from 'react';

/** Move focus to a heading when a screen's state changes (e.g. "check your email"), so keyboard and screen-reader users land on it. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
