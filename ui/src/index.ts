export { App, createAppRouter } from './app/app.tsx';
export type { AppProps, RouterKind } from './app/app.tsx';
export { initI18n, useChangeLanguage } from './lib/i18n.ts';
export type { InitI18nOptions } from './lib/i18n.ts';
export { ApiError, apiFetch, isApiError, statusOf } from './lib/api-client.ts';
export type { ApiFetchOptions } from './lib/api-client.ts';
export { networkErrorMessage, invalidResponseMessage } from './lib/api-error.ts';
export { useSession } from './lib/session-store.ts';
export type { SessionState, SessionStatus } from './lib/session-store.ts';
export { createWebPlatform } from './platform/web.ts';
export { setPlatform, getPlatform } from './platform/index.ts';
export type { Platform, SessionTransport, NativeNotification, SignInCredentials } from './platform/index.ts';
// The unread messages count (the badges): the desktop console's tray reads the same query.
export { useUnreadCount } from './entities/conversation/use-unread-count.ts';
export { conversationQueries } from './entities/conversation/api.ts';
// The design system's button, for screens drawn outside the app (the desktop's offline view).
export { Button, ButtonAnchor, ButtonLink, buttonClassName } from './components/button.tsx';
export type { ButtonVariant, ButtonSize } from './components/button.tsx';
// Server rendering of the public pages (web/src/entry-server.tsx) and their hydration (web/src/main.tsx).
export { AppFrame } from './app/app.tsx';
export { appRoutes } from './app/routes.tsx';
export { createQueryClient } from './app/query-client.ts';
export { loadMatchedRoutes, readServerPageState, serializeServerPageState, serverPageStateId } from './app/server-page.ts';
export type { ServerPageState } from './app/server-page.ts';
export { hasSessionMarker } from './platform/web.ts';
export { beginHydration, markHydrated, renderNow, setServerRenderMoment, useHydrated } from './lib/use-hydrated.ts';
