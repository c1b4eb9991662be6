import type { Locale } from '@resuelve/contract';
import {
  invokeChannels,
  sendChannels,
  type AppConfig,
  type BadgePayload,
  type OfflineActionInput,
  type OfflineState,
  type IpcError,
  type IpcResult,
  type RendererSession,
  type SignInPayload,
} from '../shared/ipc.ts';
import {
  isBadgePayload,
  isDismissPayload,
  isOfflineActionInput,
  isUnsavedPayload,
  isNotifyPayload,
  isOpenExternalPayload,
  isSetLanguagePayload,
  isSignInPayload,
  isSignOutPayload,
} from './ipc-validation.ts';
import { describeError, type Logger } from './logger.ts';
import type { Notifier } from './notifications.ts';
import { originOf } from './security.ts';

/** The frame an IPC message came from, as Electron's `event.senderFrame` describes it. */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

export interface IpcEventLike {
  senderFrame: SenderFrame | null;
}

/** The part of Electron's `ipcMain` the registry uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, payload?: unknown) => Promise<unknown>): void;
  on(channel: string, listener: (event: IpcEventLike, payload?: unknown) => void): void;
}

export interface SessionPort {
  signIn(credentials: SignInPayload): Promise<IpcResult<RendererSession>>;
  refresh(): Promise<IpcResult<RendererSession | null>>;
  signOut(accessToken: string | null): Promise<IpcResult<null>>;
}

/** The offline store and its sender, as the renderer reaches them. */
export interface OfflinePort {
  read(): Promise<OfflineState>;
  enqueue(input: OfflineActionInput): Promise<OfflineState>;
  flush(): Promise<OfflineState>;
  dismiss(id: string): Promise<OfflineState>;
}

export interface IpcHandlerDeps {
  ipc: IpcMainLike;
  /** Origins whose top-level frame may talk to the main process (the app, and the dev server in dev). */
  appOrigins: readonly string[];
  session: SessionPort;
  notifier: Notifier;
  openExternal: (url: string) => void;
  setLanguage: (language: Locale) => void;
  appConfig: AppConfig;
  logger: Logger;
  offline: OfflinePort;
  setBadge: (counts: BadgePayload) => void;
  setUnsaved: (unsaved: boolean) => void;
  restartForUpdate: () => void;
}

const forbidden: IpcError = { error: 'Forbidden', status: 403, code: 'forbidden' };
const invalidPayload: IpcError = { error: 'Invalid request', status: 400, code: 'validation_failed' };
const unexpected: IpcError = { error: 'Unexpected error', status: 500, code: 'internal_error' };

/**
 * Registers every main-process IPC listener. Each checks that the message comes from the app's own
 * top-level frame (not an iframe, not a page navigated elsewhere) and that the payload has the
 * expected shape before any module is called.
 */
export function registerIpcHandlers(deps: IpcHandlerDeps): void {
  const { ipc, logger } = deps;

  const isTrusted = (event: IpcEventLike, channel: string): boolean => {
    const frame = event.senderFrame;
    const origin = frame ? originOf(frame.url) : null;
    const trusted = frame !== null && frame.parent === null && origin !== null && deps.appOrigins.includes(origin);
    if (!trusted) logger.warn('IPC from an untrusted sender refused', { channel, origin });
    return trusted;
  };

  function handle<P, T>(
    channel: string,
    accepts: (payload: unknown) => payload is P,
    run: (payload: P) => Promise<IpcResult<T>>,
  ): void {
    ipc.handle(channel, async (event, payload): Promise<IpcResult<T>> => {
      if (!isTrusted(event, channel)) return { ok: false, error: forbidden };
      if (!accepts(payload)) {
        logger.warn('IPC payload refused', { channel });
        return { ok: false, error: invalidPayload };
      }
      try {
        return await run(payload);
      } catch (error) {
        logger.error('IPC handler failed', { channel, error: describeError(error) });
        return { ok: false, error: unexpected };
      }
    });
  }

  function on<P>(channel: string, accepts: (payload: unknown) => payload is P, run: (payload: P) => void): void {
    ipc.on(channel, (event, payload) => {
      if (!isTrusted(event, channel)) return;
      if (!accepts(payload)) {
        logger.warn('IPC payload refused', { channel });
        return;
      }
      try {
        run(payload);
      } catch (error) {
        logger.error('IPC listener failed', { channel, error: describeError(error) });
      }
    });
  }

  const noPayload = (payload: unknown): payload is undefined => payload === undefined;

  handle(invokeChannels.sessionSignIn, isSignInPayload, (payload) => deps.session.signIn(payload));
  handle(invokeChannels.sessionRefresh, noPayload, () => deps.session.refresh());
  handle(invokeChannels.sessionSignOut, isSignOutPayload, (payload) => deps.session.signOut(payload.accessToken));
  handle(invokeChannels.appConfig, noPayload, async () => ({ ok: true, value: deps.appConfig }));

  const value = async <T>(promise: Promise<T>): Promise<IpcResult<T>> => ({ ok: true, value: await promise });
  handle(invokeChannels.offlineRead, noPayload, () => value(deps.offline.read()));
  handle(invokeChannels.offlineEnqueue, isOfflineActionInput, (payload) => value(deps.offline.enqueue(payload)));
  handle(invokeChannels.offlineFlush, noPayload, () => value(deps.offline.flush()));
  handle(invokeChannels.offlineDismiss, isDismissPayload, (payload) => value(deps.offline.dismiss(payload.id)));

  on(sendChannels.badgeSet, isBadgePayload, (payload) => deps.setBadge(payload));
  on(sendChannels.windowSetUnsaved, isUnsavedPayload, (payload) => deps.setUnsaved(payload.unsaved));
  on(sendChannels.updateRestart, noPayload, () => deps.restartForUpdate());
  on(sendChannels.notifyShow, isNotifyPayload, (payload) => deps.notifier.show(payload));
  on(sendChannels.shellOpenExternal, isOpenExternalPayload, (payload) => deps.openExternal(payload.url));
  on(sendChannels.appSetLanguage, isSetLanguagePayload, (payload) => deps.setLanguage(payload.language));
}
