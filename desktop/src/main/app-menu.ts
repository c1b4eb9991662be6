import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from './main-i18n.ts';

export interface AppMenuOptions {
  isMac: boolean;
  isDev: boolean;
  /** Opens the web version in the system browser. */
  openWebsite: () => void;
}

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
    submenu: [options.isMac ? { role: 'close', label: t('menu.close_window') } : { role: 'quit', label: t('menu.quit') }],
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
  return [...(options.isMac ? [macApp] : []), file, edit, view, windowMenu, help];
}
