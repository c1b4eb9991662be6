/** One hour, the tray's "pause notifications". */
export const pauseDurationMs = 60 * 60 * 1000;

export interface NotificationPause {
  pause(ms?: number): void;
  resume(): void;
  isPaused(): boolean;
  /** Until when (epoch ms), or null when notifications are on. */
  pausedUntil(): number | null;
}

export interface PauseOptions {
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** Told when the pause starts or ends (the tray menu changes its item). */
  onChange: (pausedUntil: number | null) => void;
}

/** "Pause notifications for an hour": ends by itself, or earlier from the tray. */
export function createNotificationPause(options: PauseOptions): NotificationPause {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let until: number | null = null;
  let timer: unknown = null;
  const end = (): void => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (until === null) return;
    until = null;
    options.onChange(null);
  };
  return {
    pause(ms = pauseDurationMs) {
      if (timer !== null) clearTimer(timer);
      until = now() + ms;
      timer = setTimer(end, ms);
      options.onChange(until);
    },
    resume: end,
    isPaused: () => until !== null && now() < until,
    pausedUntil: () => (until !== null && now() < until ? until : null),
  };
}
