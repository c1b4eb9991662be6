import { describe, expect, it } from 'vitest';
import type { NotifyPayload } from '../shared/ipc.ts';
import { createTranslator } from './main-i18n.ts';
import { createNotificationQueue, groupNotifications, type NotificationHandle } from './notifications.ts';
import { join } from 'node:path';
import { readDesktopCatalogs } from '../../vite/desktop-catalogs.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

type Event = 'click' | 'close' | 'failed';

interface FakeNotification extends NotificationHandle {
  title: string;
  body: string;
  shown: boolean;
  emit(event: Event, ...args: unknown[]): void;
}

function setup(
  overrides: {
    failOnCreate?: (title: string) => boolean;
    supported?: boolean;
    maxWaiting?: number;
    isPaused?: () => boolean;
    group?: (waiting: readonly NotifyPayload[]) => NotifyPayload;
  } = {},
) {
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
    isPaused: overrides.isPaused,
    group: overrides.group,
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

const catalogs = readDesktopCatalogs(join(import.meta.dirname, '../../../locales'));

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

describe('notification routing, grouping and pause', () => {
  const t = createTranslator(catalogs, 'es');
  const tEn = createTranslator(catalogs, 'en');

  it('each kind opens its own screen when clicked', () => {
    const { notifier, created, opened } = setup();
    const cases: NotifyPayload[] = [
      { kind: 'request', title: 'Nueva solicitud', body: 'Plomería', path: '/provider/jobs/j1' },
      { kind: 'request_changed', title: 'Solicitud cambiada', body: 'Otra hora', path: '/provider/jobs/j2' },
      { kind: 'message', title: 'Mensaje nuevo', body: 'Hola', path: '/messages/c1' },
      { kind: 'reminder', title: 'Su próximo trabajo', body: 'En 2 horas', path: '/provider/jobs/j3' },
    ];
    for (const [index, payload] of cases.entries()) {
      notifier.show(payload);
      created[index]!.emit('click');
    }
    expect(opened).toEqual(['/provider/jobs/j1', '/provider/jobs/j2', '/messages/c1', '/provider/jobs/j3']);
  });

  it('many at once become one notification that leads to their list, in the provider’s language', () => {
    const { notifier, created, opened } = setup({ group: (waiting) => groupNotifications(t, waiting) });
    notifier.show({ kind: 'request', title: 'Solicitud 1', body: '', path: '/provider/jobs/1' });
    for (let index = 2; index <= 6; index += 1) notifier.show({ kind: 'request', title: `Solicitud ${index}`, body: '', path: `/provider/jobs/${index}` });
    created[0]!.emit('close');
    expect(created).toHaveLength(2);
    expect(created[1]).toMatchObject({ title: '5 solicitudes nuevas', body: 'Solicitud 2 · Solicitud 3 · Solicitud 4 · y 2 más' });
    created[1]!.emit('click');
    expect(opened).toEqual(['/provider/calendar']);
    expect(groupNotifications(tEn, [{ kind: 'message', title: 'A', body: '' }, { kind: 'request', title: 'B', body: '' }])).toEqual({
      kind: 'other',
      title: '2 updates',
      body: 'A · B',
      path: '/provider/home',
    });
    expect(groupNotifications(tEn, [{ kind: 'message', title: 'A', body: '' }, { kind: 'message', title: 'B', body: '' }]).path).toBe('/messages');
  });

  it('none while paused: dropped, not kept for later', () => {
    let paused = true;
    const { notifier, created, logger } = setup({ isPaused: () => paused });
    notifier.show({ kind: 'message', title: 'Hola', body: '' });
    expect(created).toHaveLength(0);
    expect(logger.lines.some((line) => line.message.includes('paused'))).toBe(true);
    paused = false;
    notifier.show({ kind: 'message', title: 'Después', body: '' });
    expect(created.map((n) => n.title)).toEqual(['Después']);
  });
});
