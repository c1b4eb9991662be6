import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from './main-i18n.ts';

/** What waits for the provider: the tray and the dock/taskbar show their sum. */
export interface BadgeCounts {
  pendingRequests: number;
  unreadMessages: number;
}

function whole(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

export function badgeTotal(counts: BadgeCounts): number {
  return whole(counts.pendingRequests) + whole(counts.unreadMessages);
}

/** The text beside the tray icon (macOS menu bar): empty at zero, `99+` beyond. */
export function badgeText(total: number): string {
  if (total <= 0) return '';
  return total > 99 ? '99+' : String(total);
}

export interface TrayActions {
  open: () => void;
  today: () => void;
  pause: () => void;
  resume: () => void;
  quit: () => void;
}

export interface TrayMenuState {
  counts: BadgeCounts;
  /** When paused, until when (epoch ms); null when notifications are on. */
  pausedUntil: number | null;
  /** Formats a time of day in the provider's language. */
  formatTime: (epochMs: number) => string;
}

export function trayTooltip(t: Translate, counts: BadgeCounts): string {
  const total = badgeTotal(counts);
  if (total === 0) return t('tray.tooltip_idle');
  return t('tray.tooltip_counts', { requests: String(whole(counts.pendingRequests)), messages: String(whole(counts.unreadMessages)) });
}

export function buildTrayMenuTemplate(t: Translate, state: TrayMenuState, actions: TrayActions): MenuItemConstructorOptions[] {
  const { counts, pausedUntil } = state;
  return [
    { label: t('tray.open'), click: () => actions.open() },
    { label: t('tray.today'), click: () => actions.today() },
    { type: 'separator' },
    { label: t('tray.pending_requests', { count: String(whole(counts.pendingRequests)) }), enabled: false },
    { label: t('tray.unread_messages', { count: String(whole(counts.unreadMessages)) }), enabled: false },
    { type: 'separator' },
    pausedUntil === null
      ? { label: t('tray.pause'), click: () => actions.pause() }
      : { label: t('tray.resume', { time: state.formatTime(pausedUntil) }), click: () => actions.resume() },
    { type: 'separator' },
    { label: t('tray.quit'), click: () => actions.quit() },
  ];
}

/** The parts of Electron's Tray, Menu and app the badge uses. */
export interface TrayLike {
  setToolTip(text: string): void;
  setTitle(text: string): void;
  setContextMenu(menu: unknown): void;
}

export interface BadgeControllerOptions {
  tray: TrayLike;
  buildMenu: (template: MenuItemConstructorOptions[]) => unknown;
  /** Dock (macOS) and taskbar/launcher badge; answers false where unsupported. */
  setBadgeCount: (count: number) => boolean;
  actions: TrayActions;
  formatTime: (epochMs: number) => string;
}

export interface BadgeController {
  setCounts(counts: BadgeCounts): void;
  setPausedUntil(until: number | null): void;
  setTranslator(t: Translate): void;
  readonly total: number;
}

/** Keeps the tray's title, tooltip and menu and the dock badge in step with the counts. */
export function createBadgeController(options: BadgeControllerOptions, t: Translate): BadgeController {
  let translate = t;
  let counts: BadgeCounts = { pendingRequests: 0, unreadMessages: 0 };
  let pausedUntil: number | null = null;
  const render = (): void => {
    const total = badgeTotal(counts);
    options.tray.setTitle(badgeText(total));
    options.tray.setToolTip(trayTooltip(translate, counts));
    options.tray.setContextMenu(
      options.buildMenu(buildTrayMenuTemplate(translate, { counts, pausedUntil, formatTime: options.formatTime }, options.actions)),
    );
    options.setBadgeCount(total);
  };
  render();
  return {
    setCounts(next) {
      counts = { pendingRequests: whole(next.pendingRequests), unreadMessages: whole(next.unreadMessages) };
      render();
    },
    setPausedUntil(until) {
      pausedUntil = until;
      render();
    },
    setTranslator(next) {
      translate = next;
      render();
    },
    get total() {
      return badgeTotal(counts);
    },
  };
}
