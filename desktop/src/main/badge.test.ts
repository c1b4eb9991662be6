import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { badgeText, badgeTotal, createBadgeController, type TrayActions } from './badge.ts';
import { createTranslator } from './main-i18n.ts';
import { createNotificationPause, pauseDurationMs } from './pause.ts';
import { join } from 'node:path';
import { readDesktopCatalogs } from '../../vite/desktop-catalogs.ts';

const catalogs = readDesktopCatalogs(join(import.meta.dirname, '../../../locales'));

function setup() {
  const tray = { title: '', tooltip: '', menu: [] as MenuItemConstructorOptions[] };
  const badges: number[] = [];
  const calls: string[] = [];
  const actions: TrayActions = {
    open: () => calls.push('open'),
    today: () => calls.push('today'),
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    quit: () => calls.push('quit'),
  };
  const controller = createBadgeController(
    {
      tray: {
        setTitle: (text) => (tray.title = text),
        setToolTip: (text) => (tray.tooltip = text),
        setContextMenu: (menu) => (tray.menu = menu as MenuItemConstructorOptions[]),
      },
      buildMenu: (template) => template,
      setBadgeCount: (count) => badges.push(count) > 0,
      actions,
      formatTime: () => '4:35 PM',
    },
    createTranslator(catalogs, 'es'),
  );
  return { tray, badges, calls, controller };
}

describe('tray and badge count', () => {
  it('adds pending requests and unread messages, ignoring nonsense', () => {
    expect(badgeTotal({ pendingRequests: 2, unreadMessages: 3 })).toBe(5);
    expect(badgeTotal({ pendingRequests: -1, unreadMessages: Number.NaN })).toBe(0);
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(140)).toBe('99+');
  });

  it('shows the count on the tray, the dock and in the menu, in the provider’s language', () => {
    const { tray, badges, controller } = setup();
    expect(badges).toEqual([0]);
    controller.setCounts({ pendingRequests: 2, unreadMessages: 3 });
    expect(controller.total).toBe(5);
    expect(badges.at(-1)).toBe(5);
    expect(tray.title).toBe('5');
    expect(tray.tooltip).toBe('Resuelve Pro: 2 solicitudes pendientes, 3 mensajes sin leer');
    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual([
      'Abrir Resuelve Pro',
      'Trabajos de hoy',
      'separator',
      'Solicitudes pendientes: 2',
      'Mensajes sin leer: 3',
      'separator',
      'Pausar notificaciones 1 hora',
      'separator',
      'Salir de Resuelve Pro',
    ]);
    controller.setTranslator(createTranslator(catalogs, 'en'));
    expect(tray.menu[0]!.label).toBe('Open Resuelve Pro');
    expect(tray.tooltip).toBe('Resuelve Pro: 2 pending requests, 3 unread messages');
  });

  it('the menu items do what they say; a pause turns into "resume"', () => {
    const { tray, calls, controller } = setup();
    const click = (index: number) => (tray.menu[index]!.click as () => void)();
    click(0);
    click(1);
    click(6);
    controller.setPausedUntil(Date.now() + 1000);
    expect(tray.menu[6]!.label).toBe('Reanudar notificaciones (en pausa hasta 4:35 PM)');
    click(6);
    click(8);
    expect(calls).toEqual(['open', 'today', 'pause', 'resume', 'quit']);
  });
});

describe('pause notifications', () => {
  it('pauses for an hour, ends by itself, or earlier on request', () => {
    let now = 1_000_000;
    const timers: { callback: () => void; ms: number }[] = [];
    const changes: (number | null)[] = [];
    const pause = createNotificationPause({
      now: () => now,
      setTimer: (callback, ms) => timers.push({ callback, ms }),
      clearTimer: () => undefined,
      onChange: (until) => changes.push(until),
    });
    expect(pause.isPaused()).toBe(false);
    pause.pause();
    expect(timers[0]!.ms).toBe(pauseDurationMs);
    expect(pause.isPaused()).toBe(true);
    expect(pause.pausedUntil()).toBe(1_000_000 + pauseDurationMs);
    now += pauseDurationMs;
    timers[0]!.callback();
    expect(pause.isPaused()).toBe(false);
    pause.pause();
    pause.resume();
    expect(pause.isPaused()).toBe(false);
    expect(changes).toEqual([1_000_000 + pauseDurationMs, null, now + pauseDurationMs, null]);
  });
});
