/** The api origin baked in at build time (electron.vite.config.ts), '' when none was given. */
declare const __BUILD_API_ORIGIN__: string;

/** locales/{lng}/desktop.json by language, read at build time (electron.vite.config.ts). */
declare const __DESKTOP_LOCALES__: { es: unknown; en: unknown };

/** appId of electron-builder.yml, read at build time. */
declare const __APP_ID__: string;

/** The generic update feed (RESUELVE_UPDATE_URL at build time), '' when none: no update checks. */
declare const __UPDATE_FEED_URL__: string;

/** The tray icon as a data URL (resources/tray@2x.png), read at build time. */
declare const __TRAY_ICON__: string;
