import type { NotificationKind, NotifyPayload } from '../shared/ipc.ts';
import { isAppPath } from './app-path.ts';
import { describeError, type Logger } from './logger.ts';
import type { Translate } from './main-i18n.ts';

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
  /** While true (the provider paused them from the tray), notifications are dropped, not kept for later. */
  isPaused?: () => boolean;
  /**
   * When several wait at once, they become this one notification (`groupNotifications` with the
   * main process's translator); without it each waits its turn.
   */
  group?: (waiting: readonly NotifyPayload[]) => NotifyPayload;
}

export const defaultDisplayMs = 5000;
export const defaultMaxWaiting = 10;

/** Where a group of notifications of one kind leads: the list their items belong to. */
const groupPaths: Record<NotificationKind, string> = {
  request: '/provider/calendar',
  request_changed: '/provider/calendar',
  reminder: '/provider/calendar',
  message: '/messages',
  other: '/provider/home',
};

/**
 * Many at once read as one: "3 new requests" leading to their list when they are all of a kind,
 * "5 updates" leading home otherwise; the body names the first few.
 */
export function groupNotifications(t: Translate, items: readonly NotifyPayload[]): NotifyPayload {
  const kinds = new Set(items.map((item) => item.kind ?? 'other'));
  const kind: NotificationKind = kinds.size === 1 ? [...kinds][0]! : 'other';
  const count = String(items.length);
  const titles = items.slice(0, 3).map((item) => item.title);
  const more = items.length > 3 ? t('notifications.group_more', { count: String(items.length - 3) }) : null;
  return {
    kind,
    title: t(`notifications.group.${kind}`, { count }),
    body: [...titles, ...(more ? [more] : [])].join(' · '),
    path: groupPaths[kind],
  };
}

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
    if (waiting.length === 0) return;
    const next = options.group && waiting.length > 1 ? options.group(waiting.splice(0)) : waiting.shift()!;
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
      if (options.isPaused?.()) {
        options.logger.info('notifications are paused; dropped one', { kind: notification.kind ?? 'other' });
        return;
      }
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
