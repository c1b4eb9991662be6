import type { SignInResponse } from '@resuelve/contract';
import type { Platform } from '@resuelve/ui';
// ApiError is what the ui's screens recognise (instanceof); it is not exported from @resuelve/ui yet.
import { ApiError, networkErrorMessage } from '../../../ui/src/lib/api-error.ts';
import type { AppConfig, IpcError, IpcResult, ResuelveBridge } from '../shared/ipc.ts';

/**
 * The ui's error object from the main process's plain one (IPC carries no classes). `path` is the
 * api call the main process made, so the ui keeps auth failures silent as it does on the web.
 */
export function toApiError(error: IpcError, path: string): ApiError {
  const apiError = new ApiError(error.error, error.status, error.code, error.details, error.correlation_id);
  apiError.path = path;
  // The sign-in screen reads `retryAfter` to count down a lock (SPEC.md §8).
  if (error.retry_after !== undefined) Object.assign(apiError, { retryAfter: error.retry_after });
  return apiError;
}

async function unwrap<T>(path: string, call: () => Promise<IpcResult<T>>): Promise<T> {
  let result: IpcResult<T>;
  try {
    result = await call();
  } catch {
    // The main process did not answer at all: as good as no network.
    throw toApiError({ error: networkErrorMessage, status: 0, code: 'network_error' }, path);
  }
  if (!result.ok) throw toApiError(result.error, path);
  return result.value;
}

/**
 * The ui's Platform over the preload bridge: sessions live in the main process (the refresh token
 * never reaches this page), notifications are native, links open in the system browser.
 */
export function createDesktopPlatform(bridge: ResuelveBridge, config: AppConfig): Platform {
  return {
    kind: 'desktop',
    apiOrigin: config.apiOrigin,
    // The shared ui's offline banner leads to the console's saved jobs (decision 0029).
    offlineWorkHref: '#/offline',
    session: {
      signIn: (credentials) =>
        unwrap('/auth/signin', () =>
          bridge.session.signIn({ email: credentials.email, password: credentials.password }),
        ) as Promise<SignInResponse>,
      refresh: () => unwrap('/auth/refresh', () => bridge.session.refresh()) as Promise<SignInResponse | null>,
      signOut: async (accessToken) => {
        await unwrap('/auth/signout', () => bridge.session.signOut({ accessToken }));
      },
    },
    notify: ({ title, body, path, kind }) =>
      bridge.notify({ title, body, ...(path === undefined ? {} : { path }), ...(kind === undefined ? {} : { kind }) }),
    openExternal: (url) => bridge.openExternal({ url }),
    setBadge: (counts) => bridge.setBadge({ pendingRequests: counts.pendingRequests, unreadMessages: counts.unreadMessages }),
    setUnsaved: (unsaved) => bridge.setUnsaved({ unsaved }),
  };
}
