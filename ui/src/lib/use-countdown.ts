import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline (e.g. "resend in 60 s"), ticking once a second down to 0. */
export function useCountdown(initialSeconds = 0): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null));
  const [remaining, setRemaining] = useState(Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setRemaining(whole);
    setDeadline(whole > 0 ? Date.now() + whole * 1000 : null);
  }, []);

  return { remaining, start };
}

/** 75 -> "1:15". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
