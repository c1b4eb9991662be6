import type { NotifyPayload } from '../shared/ipc.ts';
import { isAppPath } from './app-path.ts';
import { describeError, type Logger } from './logger.ts';

/** Shows a notification on the desktop; never throws. */
export interface Notifier {
  show(notification: NotifyPayload): void;
}

/** The part of Electron's `Notification` the queue uses. */
export interface NotificationHandle {
  on(event: 'click' | 'close' | 'failed', listener: (...args: unknown[]) => void): unknown;
  show(): void;
}

export type NotificationFactory = (options: { title: string; body: string }) => NotificationHandle;

export interface NotificationQueueOptions {
  create: NotificationFactory;
  isSupported: () => boolean;
  /** Brings the console forward, at `path` when the notification named one. */
  openApp: (path: string | null) => void;
  logger: Logger;
  /** How long one notification has the stage before the next is shown. */
  displayMs?: number;
  /** Beyond this many waiting, new ones are dropped: a burst should not keep the desktop busy for minutes. */
  maxWaiting?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const defaultDisplayMs = 5000;
export const defaultMaxWaiting = 10;

/**
 * Notifications decided in the main process, one at a time (as Signal Desktop does): the next
 * waits until the current one is clicked, closed, fails, or has been up for `displayMs`.
 */
export function createNotificationQueue(options: NotificationQueueOptions): Notifier {
  const displayMs = options.displayMs ?? defaultDisplayMs;
  const maxWaiting = options.maxWaiting ?? defaultMaxWaiting;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const waiting: NotifyPayload[] = [];
  // Electron drops the click handler of a notification that was garbage collected.
  const alive = new Set<NotificationHandle>();
  let showing = false;

  function showNext(): void {
    if (showing) return;
    const next = waiting.shift();
    if (!next) return;
    showing = true;

    let finished = false;
    let timer: unknown = null;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      if (timer !== null) clearTimer(timer);
      showing = false;
      showNext();
    };

    let handle: NotificationHandle;
    try {
      handle = options.create({ title: next.title, body: next.body });
      alive.add(handle);
      handle.on('click', () => {
        alive.delete(handle);
        try {
          options.openApp(next.path && isAppPath(next.path) ? next.path : null);
        } catch (error) {
          options.logger.error('opening the app from a notification failed', { error: describeError(error) });
        }
        finish();
      });
      handle.on('close', () => {
        alive.delete(handle);
        finish();
      });
      handle.on('failed', (_event: unknown, error: unknown) => {
        alive.delete(handle);
        options.logger.error('notification failed', { error: describeError(error) });
        finish();
      });
      timer = setTimer(finish, displayMs);
      handle.show();
    } catch (error) {
      options.logger.error('notification could not be shown', { error: describeError(error) });
      finish();
    }
  }

  return {
    show(notification) {
      if (!options.isSupported()) {
        options.logger.info('notifications are not supported here; dropped one');
        return;
      }
      if (waiting.length >= maxWaiting) {
        options.logger.warn('notification queue full; dropped one', { waiting: waiting.length });
        return;
      }
      waiting.push(notification);
      showNext();
    },
  };
}
