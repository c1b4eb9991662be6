import { describe, expect, it } from 'vitest';
import { createNotificationQueue, type NotificationHandle } from './notifications.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

type Event = 'click' | 'close' | 'failed';

interface FakeNotification extends NotificationHandle {
  title: string;
  body: string;
  shown: boolean;
  emit(event: Event, ...args: unknown[]): void;
}

function setup(overrides: { failOnCreate?: (title: string) => boolean; supported?: boolean; maxWaiting?: number } = {}) {
  const created: FakeNotification[] = [];
  const opened: (string | null)[] = [];
  const timers: { callback: () => void; cleared: boolean }[] = [];
  const logger = createRecordingLogger();
  const notifier = createNotificationQueue({
    create: ({ title, body }) => {
      if (overrides.failOnCreate?.(title)) throw new Error('toast server unavailable');
      const listeners = new Map<Event, ((...args: unknown[]) => void)[]>();
      const fake: FakeNotification = {
        title,
        body,
        shown: false,
        on(event, listener) {
          listeners.set(event, [...(listeners.get(event) ?? []), listener]);
          return fake;
        },
        show() {
          fake.shown = true;
        },
        emit(event, ...args) {
          for (const listener of listeners.get(event) ?? []) listener(...args);
        },
      };
      created.push(fake);
      return fake;
    },
    isSupported: () => overrides.supported ?? true,
    openApp: (path) => opened.push(path),
    logger,
    maxWaiting: overrides.maxWaiting,
    setTimer: (callback) => {
      const timer = { callback, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return { notifier, created, opened, timers, logger };
}

describe('notification queue', () => {
  it('shows one notification at a time, the next after the current closes', () => {
    const { notifier, created } = setup();
    notifier.show({ title: 'Nueva solicitud', body: 'Plomería, martes' });
    notifier.show({ title: 'Mensaje', body: 'Hola' });

    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ title: 'Nueva solicitud', body: 'Plomería, martes', shown: true });

    created[0]?.emit('close');
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({ title: 'Mensaje', shown: true });
  });

  it('moves on after the display time even when the system never reports a close', () => {
    const { notifier, created, timers } = setup();
    notifier.show({ title: 'A', body: '' });
    notifier.show({ title: 'B', body: '' });
    timers[0]?.callback();
    expect(created.map((n) => n.title)).toEqual(['A', 'B']);
  });

  it('opens the app at the notification path on click', () => {
    const { notifier, created, opened, timers } = setup();
    notifier.show({ title: 'Trabajo', body: 'Mañana', path: '/provider/calendar' });
    created[0]?.emit('click');
    expect(opened).toEqual(['/provider/calendar']);
    expect(timers[0]?.cleared).toBe(true);
  });

  it('opens the app without a path when none was given or the path leaves the app', () => {
    const { notifier, created, opened } = setup();
    notifier.show({ title: 'A', body: '' });
    created[0]?.emit('click');
    notifier.show({ title: 'B', body: '', path: '//evil.test/x' });
    created[1]?.emit('click');
    expect(opened).toEqual([null, null]);
  });

  it('logs a notification that fails to be created and shows the next', () => {
    const { notifier, created, logger } = setup({ failOnCreate: (title) => title === 'broken' });
    expect(() => notifier.show({ title: 'broken', body: '' })).not.toThrow();
    notifier.show({ title: 'fine', body: '' });
    expect(created.map((n) => n.title)).toEqual(['fine']);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', context: { error: 'toast server unavailable' } }),
    );
  });

  it('logs a notification the system reports as failed and shows the next', () => {
    const { notifier, created, logger } = setup();
    notifier.show({ title: 'A', body: '' });
    notifier.show({ title: 'B', body: '' });
    created[0]?.emit('failed', {}, 'denied by focus assist');
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'notification failed', context: { error: 'denied by focus assist' } }),
    );
    expect(created[1]?.shown).toBe(true);
  });

  it('does not skip ahead when a finished notification reports again', () => {
    const { notifier, created } = setup();
    notifier.show({ title: 'A', body: '' });
    notifier.show({ title: 'B', body: '' });
    notifier.show({ title: 'C', body: '' });
    created[0]?.emit('click');
    created[0]?.emit('close');
    expect(created.map((n) => n.title)).toEqual(['A', 'B']);
  });

  it('does nothing but log where notifications are unsupported', () => {
    const { notifier, created, logger } = setup({ supported: false });
    notifier.show({ title: 'A', body: '' });
    expect(created).toHaveLength(0);
    expect(logger.lines[0]?.level).toBe('info');
  });

  it('drops new notifications when too many are waiting', () => {
    const { notifier, created, logger } = setup({ maxWaiting: 2 });
    for (const title of ['showing', 'w1', 'w2', 'dropped']) notifier.show({ title, body: '' });
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn' }));
    created[0]?.emit('close');
    created[1]?.emit('close');
    created[2]?.emit('close');
    expect(created.map((n) => n.title)).toEqual(['showing', 'w1', 'w2']);
  });
});
