import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildAppMenuTemplate } from './app-menu.ts';
import { join } from 'node:path';
import { readDesktopCatalogs } from '../../vite/desktop-catalogs.ts';
import { createTranslator } from './main-i18n.ts';

const catalogs = readDesktopCatalogs(join(import.meta.dirname, '../../../locales'));

function labels(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.label ? [item.label] : []),
    ...(Array.isArray(item.submenu) ? labels(item.submenu) : []),
  ]);
}

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

const noop = () => undefined;
const menuExtras = { go: noop, closeToTray: true, setCloseToTray: noop };

describe('buildAppMenuTemplate', () => {
  it('labels every item from the locale files, in Spanish', () => {
    const template = buildAppMenuTemplate(createTranslator(catalogs, 'es'), { isMac: false, isDev: false, openWebsite: noop, ...menuExtras });
    const all = labels(template);
    expect(all).toContain('Edición');
    expect(all).toContain('Seleccionar todo');
    expect(all.every((label) => !label.startsWith('menu.'))).toBe(true);
  });

  it('has the app menu on macOS only', () => {
    const mac = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: true, isDev: false, openWebsite: noop, ...menuExtras });
    const win = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: noop, ...menuExtras });
    expect(mac[0]?.label).toBe('Resuelve Pro');
    expect(roles(mac)).toContain('about');
    expect(roles(win)).not.toContain('about');
  });

  it('offers developer tools only in development', () => {
    const dev = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: true, openWebsite: noop, ...menuExtras });
    const prod = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: noop, ...menuExtras });
    expect(roles(dev)).toContain('toggleDevTools');
    expect(roles(prod)).not.toContain('toggleDevTools');
  });

  it('opens the website from the help menu', () => {
    let opened = 0;
    const template = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: () => opened++, ...menuExtras });
    const help = template.find((item) => item.role === 'help');
    const item = (help?.submenu as MenuItemConstructorOptions[])[0];
    (item?.click as () => void)();
    expect(opened).toBe(1);
  });
});

describe('the Go menu and the tray preference', () => {
  it('lists the main screens with their shortcuts, in the provider’s language, and goes there', () => {
    const went: string[] = [];
    const toggled: boolean[] = [];
    const template = buildAppMenuTemplate(createTranslator(catalogs, 'en'), {
      isMac: false,
      isDev: false,
      openWebsite: noop,
      go: (path) => went.push(path),
      closeToTray: true,
      setCloseToTray: (on) => toggled.push(on),
    });
    const go = template.find((item) => item.label === 'Go')!.submenu as MenuItemConstructorOptions[];
    expect(go.map((item) => [item.label, item.accelerator])).toEqual([
      ['Home', 'CmdOrCtrl+1'],
      ['Calendar', 'CmdOrCtrl+2'],
      ['Messages', 'CmdOrCtrl+3'],
      ['Saved jobs (offline)', 'CmdOrCtrl+4'],
    ]);
    for (const item of go) (item.click as () => void)();
    expect(went).toEqual(['/provider/home', '/provider/calendar', '/messages', '/offline']);
    const file = template.find((item) => item.label === 'File')!.submenu as MenuItemConstructorOptions[];
    const keep = file.find((item) => item.type === 'checkbox')!;
    expect(keep).toMatchObject({ label: 'Keep in the tray when closed', checked: true });
    (keep.click as (item: { checked: boolean }) => void)({ checked: false });
    expect(toggled).toEqual([false]);
    const es = buildAppMenuTemplate(createTranslator(catalogs, 'es'), { isMac: true, isDev: false, openWebsite: noop, ...menuExtras });
    expect(labels(es)).toEqual(expect.arrayContaining(['Ir', 'Calendario', 'Mantener en la bandeja al cerrar']));
  });
});
