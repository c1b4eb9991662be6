import type { OfflineFiles } from './offline-store.ts';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the console remembers between runs (not secret: plain JSON in userData). */
export interface WindowPreferences {
  bounds: Rectangle | null;
  maximized: boolean;
  /** Closing the window keeps the app in the tray. */
  closeToTray: boolean;
  /** The first-time "still running in the tray" hint was shown. */
  trayHintShown: boolean;
}

export const defaultWindowSize = { width: 1280, height: 820 };
export const minimumWindowSize = { width: 900, height: 600 };

export const defaultPreferences: WindowPreferences = { bounds: null, maximized: false, closeToTray: true, trayHintShown: false };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads what was saved; anything malformed falls back to the defaults, field by field. */
export function parsePreferences(text: string | null): WindowPreferences {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null) return { ...defaultPreferences };
  const value = raw as Record<string, unknown>;
  const b = value.bounds as Record<string, unknown> | null | undefined;
  const bounds =
    b && isNumber(b.x) && isNumber(b.y) && isNumber(b.width) && isNumber(b.height) ? { x: b.x, y: b.y, width: b.width, height: b.height } : null;
  return {
    bounds,
    maximized: value.maximized === true,
    closeToTray: typeof value.closeToTray === 'boolean' ? value.closeToTray : defaultPreferences.closeToTray,
    trayHintShown: value.trayHintShown === true,
  };
}

/**
 * Where the window opens: the saved bounds when at least a good part of the title bar is on a
 * screen that exists now (a monitor may have been unplugged), else the default size, centred.
 */
export function restoreBounds(saved: Rectangle | null, workAreas: readonly Rectangle[]): Partial<Rectangle> & { width: number; height: number } {
  if (!saved) return { ...defaultWindowSize };
  const width = Math.max(saved.width, minimumWindowSize.width);
  const height = Math.max(saved.height, minimumWindowSize.height);
  const titleBar = { x: saved.x, y: saved.y, width, height: 40 };
  const visible = workAreas.some((area) => {
    const overlapX = Math.min(titleBar.x + titleBar.width, area.x + area.width) - Math.max(titleBar.x, area.x);
    const overlapY = Math.min(titleBar.y + titleBar.height, area.y + area.height) - Math.max(titleBar.y, area.y);
    return overlapX >= 100 && overlapY >= 20;
  });
  if (!visible) return { width: Math.min(width, defaultWindowSize.width), height: Math.min(height, defaultWindowSize.height) };
  return { x: saved.x, y: saved.y, width, height };
}

export type CloseDecision = 'close' | 'hide-to-tray' | 'ask-unsaved';

/**
 * What the window's close button does: the app quitting closes (after asking about unsaved
 * changes); otherwise unsaved changes ask first, and with the preference on the window hides to the tray.
 */
export function decideClose(input: { quitting: boolean; closeToTray: boolean; unsaved: boolean; trayAvailable: boolean }): CloseDecision {
  if (input.unsaved) return 'ask-unsaved';
  if (!input.quitting && input.closeToTray && input.trayAvailable) return 'hide-to-tray';
  return 'close';
}

/** Keeps the preferences in a JSON file, written after a short quiet time so a drag is one write. */
export class PreferencesFile {
  private current: WindowPreferences = { ...defaultPreferences };
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly path: string,
    private readonly files: OfflineFiles,
  ) {}

  async load(): Promise<WindowPreferences> {
    const data = await this.files.read(this.path).catch(() => null);
    this.current = parsePreferences(data ? data.toString('utf8') : null);
    return this.get();
  }

  get(): WindowPreferences {
    return { ...this.current };
  }

  update(change: Partial<WindowPreferences>, delayMs = 500): void {
    this.current = { ...this.current, ...change };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.files.write(this.path, Buffer.from(JSON.stringify(this.current), 'utf8')).catch(() => undefined);
  }
}
