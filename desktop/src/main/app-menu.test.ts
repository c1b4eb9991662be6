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

describe('buildAppMenuTemplate', () => {
  it('labels every item from the locale files, in Spanish', () => {
    const template = buildAppMenuTemplate(createTranslator(catalogs, 'es'), { isMac: false, isDev: false, openWebsite: noop });
    const all = labels(template);
    expect(all).toContain('Edición');
    expect(all).toContain('Seleccionar todo');
    expect(all.every((label) => !label.startsWith('menu.'))).toBe(true);
  });

  it('has the app menu on macOS only', () => {
    const mac = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: true, isDev: false, openWebsite: noop });
    const win = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: noop });
    expect(mac[0]?.label).toBe('Resuelve Pro');
    expect(roles(mac)).toContain('about');
    expect(roles(win)).not.toContain('about');
  });

  it('offers developer tools only in development', () => {
    const dev = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: true, openWebsite: noop });
    const prod = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: noop });
    expect(roles(dev)).toContain('toggleDevTools');
    expect(roles(prod)).not.toContain('toggleDevTools');
  });

  it('opens the website from the help menu', () => {
    let opened = 0;
    const template = buildAppMenuTemplate(createTranslator(catalogs, 'en'), { isMac: false, isDev: false, openWebsite: () => opened++ });
    const help = template.find((item) => item.role === 'help');
    const item = (help?.submenu as MenuItemConstructorOptions[])[0];
    (item?.click as () => void)();
    expect(opened).toBe(1);
  });
});
