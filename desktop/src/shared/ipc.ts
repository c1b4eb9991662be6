import type { Locale, OfflineActionInput, OfflineState, SignInResponse } from '@resuelve/contract';

export type { OfflineAction, OfflineActionInput, OfflineActionKind, OfflineJob, OfflineSnapshot, OfflineState } from '@resuelve/contract';

/**
 * The one list of IPC channels between the renderer and the main process, named `domain:action`.
 * The preload exposes only these; the main process registers handlers only for these.
 */
export const invokeChannels = {
  sessionSignIn: 'session:sign-in',
  sessionRefresh: 'session:refresh',
  sessionSignOut: 'session:sign-out',
  appConfig: 'app:config',
  offlineRead: 'offline:read',
  offlineEnqueue: 'offline:enqueue',
  offlineFlush: 'offline:flush',
  offlineDismiss: 'offline:dismiss',
} as const;

/** Fire-and-forget messages from the renderer. */
export const sendChannels = {
  notifyShow: 'notify:show',
  shellOpenExternal: 'shell:open-external',
  appSetLanguage: 'app:set-language',
  badgeSet: 'badge:set',
  windowSetUnsaved: 'window:set-unsaved',
  updateRestart: 'update:restart',
} as const;

/** Messages the main process pushes to the renderer. */
export const pushChannels = {
  appNavigate: 'app:navigate',
  offlineChanged: 'offline:changed',
} as const;

export type InvokeChannel = (typeof invokeChannels)[keyof typeof invokeChannels];
export type SendChannel = (typeof sendChannels)[keyof typeof sendChannels];
export type PushChannel = (typeof pushChannels)[keyof typeof pushChannels];

/**
 * An error as the ui's api client knows it (SPEC.md §8): `error` is for logs, `status` 0 means the
 * network failed, `code` is what the ui translates.
 */
export interface IpcError {
  error: string;
  status: number;
  /** The api's code, or `network_error`, `invalid_response`, `http_{status}` as the ui's ApiError names them. */
  code: string;
  details?: Record<string, string>;
  /** Seconds from a `Retry-After` header (429 answers). */
  retry_after?: number;
  /** The X-Correlation-Id the main process sent, to find the call in the server logs. */
  correlation_id?: string;
}

/**
 * Errors thrown in an `ipcMain.handle` listener reach the renderer as a bare message, so every
 * invoke answers a result instead and the preload turns a failure back into a rejection.
 */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** What the renderer gets from a sign-in or refresh: never the refresh token. */
export type RendererSession = Omit<SignInResponse, 'refresh_token'>;

export interface SignInPayload {
  email: string;
  password: string;
}

export interface SignOutPayload {
  accessToken: string | null;
}

/** What a notification is about: decides its group and where a group leads. */
export type NotificationKind = 'request' | 'request_changed' | 'message' | 'reminder' | 'other';

export const notificationKinds: readonly NotificationKind[] = ['request', 'request_changed', 'message', 'reminder', 'other'];

export interface NotifyPayload {
  title: string;
  body: string;
  path?: string;
  kind?: NotificationKind;
}

export interface OpenExternalPayload {
  url: string;
}

export interface SetLanguagePayload {
  language: Locale;
}

export interface NavigatePayload {
  path: string;
}

export interface BadgePayload {
  pendingRequests: number;
  unreadMessages: number;
}

export interface UnsavedPayload {
  unsaved: boolean;
}

export interface DismissPayload {
  id: string;
}

export interface UpdateStatus {
  /** `ready`: downloaded, waiting for the provider to restart. */
  state: 'idle' | 'ready';
  version: string | null;
}

export interface AppConfig {
  apiOrigin: string;
  version: string;
  os: 'win32' | 'darwin' | 'linux' | 'other';
}

export interface InvokeMap {
  'session:sign-in': { payload: SignInPayload; result: RendererSession };
  'session:refresh': { payload: undefined; result: RendererSession | null };
  'session:sign-out': { payload: SignOutPayload; result: null };
  'app:config': { payload: undefined; result: AppConfig };
  'offline:read': { payload: undefined; result: OfflineState };
  'offline:enqueue': { payload: OfflineActionInput; result: OfflineState };
  'offline:flush': { payload: undefined; result: OfflineState };
  'offline:dismiss': { payload: DismissPayload; result: OfflineState };
}

export interface SendMap {
  'notify:show': NotifyPayload;
  'shell:open-external': OpenExternalPayload;
  'app:set-language': SetLanguagePayload;
  'badge:set': BadgePayload;
  'window:set-unsaved': UnsavedPayload;
  'update:restart': undefined;
}

/** The API the preload puts on `window.resuelve`. */
export interface ResuelveBridge {
  session: {
    signIn(payload: SignInPayload): Promise<IpcResult<RendererSession>>;
    refresh(): Promise<IpcResult<RendererSession | null>>;
    signOut(payload: SignOutPayload): Promise<IpcResult<null>>;
  };
  config(): Promise<IpcResult<AppConfig>>;
  notify(payload: NotifyPayload): void;
  openExternal(payload: OpenExternalPayload): void;
  setLanguage(payload: SetLanguagePayload): void;
  /** Calls `listener` when the main process asks to show an app path; answers an unsubscribe. */
  onNavigate(listener: (payload: NavigatePayload) => void): () => void;
  /** The tray and dock badge: pending requests plus unread messages. */
  setBadge(payload: BadgePayload): void;
  /** While true, closing the window asks first (a native dialog in the main process). */
  setUnsaved(payload: UnsavedPayload): void;
  offline: {
    read(): Promise<IpcResult<OfflineState>>;
    enqueue(payload: OfflineActionInput): Promise<IpcResult<OfflineState>>;
    /** Sends the waiting actions now (the renderer calls it when the connection returns). */
    flush(): Promise<IpcResult<OfflineState>>;
    dismiss(payload: DismissPayload): Promise<IpcResult<OfflineState>>;
    /** Calls `listener` when the main process refreshed the saved jobs or sent actions. */
    onChanged(listener: (state: OfflineState) => void): () => void;
  };
}
