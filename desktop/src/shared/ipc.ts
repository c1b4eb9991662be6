import type { Locale, SignInResponse } from '@resuelve/contract';

/**
 * The one list of IPC channels between the renderer and the main process, named `domain:action`.
 * The preload exposes only these; the main process registers handlers only for these.
 */
export const invokeChannels = {
  sessionSignIn: 'session:sign-in',
  sessionRefresh: 'session:refresh',
  sessionSignOut: 'session:sign-out',
  appConfig: 'app:config',
} as const;

/** Fire-and-forget messages from the renderer. */
export const sendChannels = {
  notifyShow: 'notify:show',
  shellOpenExternal: 'shell:open-external',
  appSetLanguage: 'app:set-language',
} as const;

/** Messages the main process pushes to the renderer. */
export const pushChannels = {
  appNavigate: 'app:navigate',
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

export interface NotifyPayload {
  title: string;
  body: string;
  path?: string;
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
}

export interface SendMap {
  'notify:show': NotifyPayload;
  'shell:open-external': OpenExternalPayload;
  'app:set-language': SetLanguagePayload;
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
}
