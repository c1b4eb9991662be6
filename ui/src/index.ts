export { App } from './app/app.tsx';
export type { AppProps, RouterKind } from './app/app.tsx';
export { initI18n } from './lib/i18n.ts';
export type { InitI18nOptions } from './lib/i18n.ts';
export { createWebPlatform } from './platform/web.ts';
export { setPlatform, getPlatform } from './platform/index.ts';
export type { Platform, SessionTransport, NativeNotification, SignInCredentials } from './platform/index.ts';
