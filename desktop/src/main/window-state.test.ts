import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFiles } from './offline-store.ts';
import { decideClose, defaultPreferences, parsePreferences, PreferencesFile, restoreBounds } from './window-state.ts';

const screen = { x: 0, y: 0, width: 1920, height: 1040 };

describe('window state', () => {
  it('reopens where it was, when that place is still on a screen', () => {
    expect(restoreBounds({ x: 200, y: 100, width: 1400, height: 900 }, [screen])).toEqual({ x: 200, y: 100, width: 1400, height: 900 });
  });

  it('a window left on an unplugged monitor comes back at the default size', () => {
    expect(restoreBounds({ x: 2500, y: 100, width: 1400, height: 900 }, [screen])).toEqual({ width: 1280, height: 820 });
    expect(restoreBounds(null, [screen])).toEqual({ width: 1280, height: 820 });
  });

  it('never smaller than the minimum', () => {
    expect(restoreBounds({ x: 10, y: 10, width: 200, height: 100 }, [screen])).toEqual({ x: 10, y: 10, width: 900, height: 600 });
  });

  it('reads malformed preferences as the defaults, field by field', () => {
    expect(parsePreferences(null)).toEqual(defaultPreferences);
    expect(parsePreferences('{not json')).toEqual(defaultPreferences);
    expect(parsePreferences(JSON.stringify({ bounds: { x: 'a' }, closeToTray: false, trayHintShown: true }))).toEqual({
      bounds: null,
      maximized: false,
      closeToTray: false,
      trayHintShown: true,
    });
  });

  it('remembers size, position and the tray preference across runs', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'resuelve-prefs-'));
    try {
      const path = join(directory, 'window.json');
      const first = new PreferencesFile(path, nodeFiles);
      await first.load();
      first.update({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, closeToTray: false });
      await first.flush();
      const second = new PreferencesFile(path, nodeFiles);
      expect(await second.load()).toMatchObject({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, closeToTray: false });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('closing: unsaved changes ask first; with the preference the window goes to the tray', () => {
    expect(decideClose({ quitting: false, closeToTray: true, unsaved: true, trayAvailable: true })).toBe('ask-unsaved');
    expect(decideClose({ quitting: true, closeToTray: true, unsaved: true, trayAvailable: true })).toBe('ask-unsaved');
    expect(decideClose({ quitting: false, closeToTray: true, unsaved: false, trayAvailable: true })).toBe('hide-to-tray');
    expect(decideClose({ quitting: false, closeToTray: true, unsaved: false, trayAvailable: false })).toBe('close');
    expect(decideClose({ quitting: false, closeToTray: false, unsaved: false, trayAvailable: true })).toBe('close');
    expect(decideClose({ quitting: true, closeToTray: true, unsaved: false, trayAvailable: true })).toBe('close');
  });
});
