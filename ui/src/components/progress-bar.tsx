import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const progressCap = 95;

/** Next width of a running bar: moves fast at first, slows down, never passes 95% until the work ends. */
export function nextProgress(current: number): number {
  const step = Math.max(0.5, (progressCap - current) * 0.1);
  return Math.min(progressCap, current + step);
}

/** Thin bar at the top of the window while routes or queries load. */
export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  const [value, setValue] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (active) {
      setVisible(true);
      setValue((v) => (v >= progressCap ? 10 : Math.max(v, 10)));
      const timer = setInterval(() => setValue(nextProgress), 200);
      return () => clearInterval(timer);
    }
    // Finish: jump to 100%, then fade out.
    setValue((v) => (v > 0 ? 100 : 0));
    const timer = setTimeout(() => {
      setVisible(false);
      setValue(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [active]);

  if (!visible) return null;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      // A progress bar needs a name (axe: aria-progressbar-name); it says what the app is doing.
      aria-label={t('loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      aria-hidden={!active}
    >
      <div className="progress-bar__fill" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
