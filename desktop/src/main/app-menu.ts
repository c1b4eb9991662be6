import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from './main-i18n.ts';

export interface AppMenuOptions {
  isMac: boolean;
  isDev: boolean;
  /** Opens the web version in the system browser. */
  openWebsite: () => void;
  /** Shows an app path in the console window (the Go menu's shortcuts). */
  go: (path: string) => void;
  closeToTray: boolean;
  setCloseToTray: (on: boolean) => void;
}

/** The main screens and their shortcuts (Ctrl on Windows, ⌘ on macOS), listed in the Go menu. */
export const goShortcuts = [
  { key: 'menu.go_home', path: '/provider/home', accelerator: 'CmdOrCtrl+1' },
  { key: 'menu.go_calendar', path: '/provider/calendar', accelerator: 'CmdOrCtrl+2' },
  { key: 'menu.go_messages', path: '/messages', accelerator: 'CmdOrCtrl+3' },
  { key: 'menu.go_today', path: '/offline', accelerator: 'CmdOrCtrl+4' },
] as const;

/**
 * The application menu with every label from locales/ (Electron's role labels are English only).
 * Roles keep the native behaviour and shortcuts.
 */
export function buildAppMenuTemplate(t: Translate, options: AppMenuOptions): MenuItemConstructorOptions[] {
  const macApp: MenuItemConstructorOptions = {
    label: t('menu.app'),
    submenu: [
      { role: 'about', label: t('menu.about') },
      { type: 'separator' },
      { role: 'hide', label: t('menu.hide') },
      { role: 'hideOthers', label: t('menu.hide_others') },
      { role: 'unhide', label: t('menu.show_all') },
      { type: 'separator' },
      { role: 'quit', label: t('menu.quit') },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: t('menu.file'),
    submenu: [
      {
        type: 'checkbox',
        label: t('menu.close_to_tray'),
        checked: options.closeToTray,
        click: (item) => options.setCloseToTray(item.checked),
      },
      { type: 'separator' },
      options.isMac ? { role: 'close', label: t('menu.close_window') } : { role: 'quit', label: t('menu.quit') },
    ],
  };
  const go: MenuItemConstructorOptions = {
    label: t('menu.go'),
    submenu: goShortcuts.map((shortcut) => ({
      label: t(shortcut.key),
      accelerator: shortcut.accelerator,
      click: () => options.go(shortcut.path),
    })),
  };
  const edit: MenuItemConstructorOptions = {
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      { type: 'separator' },
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      { role: 'selectAll', label: t('menu.select_all') },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: t('menu.view'),
    submenu: [
      { role: 'reload', label: t('menu.reload') },
      ...(options.isDev ? [{ role: 'toggleDevTools', label: t('menu.developer_tools') } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom', label: t('menu.actual_size') },
      { role: 'zoomIn', label: t('menu.zoom_in') },
      { role: 'zoomOut', label: t('menu.zoom_out') },
      { type: 'separator' },
      { role: 'togglefullscreen', label: t('menu.toggle_full_screen') },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: t('menu.window'),
    submenu: [
      { role: 'minimize', label: t('menu.minimize') },
      ...(options.isMac
        ? [{ role: 'zoom', label: t('menu.zoom') } as const, { type: 'separator' } as const, { role: 'front', label: t('menu.front') } as const]
        : [{ role: 'close', label: t('menu.close_window') } as const]),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: t('menu.help'),
    submenu: [{ label: t('menu.open_website'), click: () => options.openWebsite() }],
  };
  return [...(options.isMac ? [macApp] : []), file, edit, view, go, windowMenu, help];
}
