import type { SignInResponse } from '@resuelve/contract';
import type { IpcResult, RendererSession, SignInPayload } from '../shared/ipc.ts';
import { invalidResponse, isRecord, postJson, type FetchLike } from './api-call.ts';
import type { Logger } from './logger.ts';
import type { TokenStore } from './token-store.ts';

export interface DesktopSessionOptions {
  apiOrigin: string;
  fetch: FetchLike;
  tokenStore: TokenStore;
  logger: Logger;
  newCorrelationId?: () => string;
}

/**
 * The main-process half of the ui's SessionTransport (ui/src/platform/types.ts). It alone holds
 * the refresh token: the renderer gets access tokens and the profile, never the refresh token.
 */
export class DesktopSession {
  /** Operations run one after another: a refresh rotates the token, so two at once would reuse it. */
  private queue: Promise<unknown> = Promise.resolve();
  private pendingRefresh: Promise<IpcResult<RendererSession | null>> | null = null;
  private readonly newCorrelationId: () => string;

  constructor(private readonly options: DesktopSessionOptions) {
    this.newCorrelationId = options.newCorrelationId ?? (() => crypto.randomUUID());
  }

  signIn(credentials: SignInPayload): Promise<IpcResult<RendererSession>> {
    return this.serially(async () => {
      const answer = await this.post('/auth/signin', { ...credentials, client: 'desktop' });
      if (!answer.ok) return answer;
      const session = parseSession(answer.value);
      if (!session) return invalidAnswer();
      if (session.refresh_token) {
        await this.options.tokenStore.set(session.refresh_token);
      } else {
        // Without it the console works until the access token expires, then asks to sign in.
        this.options.logger.warn('sign-in answer carried no refresh token; session will not survive a restart');
        await this.options.tokenStore.clear();
      }
      return { ok: true, value: withoutRefreshToken(session) };
    });
  }

  /** Concurrent callers share one request, so the token is rotated once. */
  refresh(): Promise<IpcResult<RendererSession | null>> {
    this.pendingRefresh ??= this.serially(() => this.rotate()).finally(() => {
      this.pendingRefresh = null;
    });
    return this.pendingRefresh;
  }

  /** Forgets the token locally even when the api cannot be told (offline sign-out still signs out). */
  signOut(accessToken: string | null): Promise<IpcResult<null>> {
    return this.serially(async () => {
      const refreshToken = await this.options.tokenStore.get();
      await this.options.tokenStore.clear();
      const body = refreshToken ? { refresh_token: refreshToken } : {};
      const answer = await this.post('/auth/signout', body, accessToken);
      if (!answer.ok) {
        this.options.logger.warn('sign-out not confirmed by the api', {
          status: answer.error.status,
          code: answer.error.code,
        });
      }
      return { ok: true, value: null };
    });
  }

  private async rotate(): Promise<IpcResult<RendererSession | null>> {
    const refreshToken = await this.options.tokenStore.get();
    if (!refreshToken) return { ok: true, value: null };
    const answer = await this.post('/auth/refresh', { refresh_token: refreshToken });
    if (!answer.ok) {
      if (answer.error.status === 401 || answer.error.code === 'account_suspended') {
        // Revoked, expired or reused, or the account suspended: the session is over. A suspension
        // reaches the renderer as an error, so the sign-in page can say why.
        await this.options.tokenStore.clear();
        return answer.error.status === 401 ? { ok: true, value: null } : answer;
      }
      // Offline or a server error: keep the token so the session resumes when the api is back.
      return answer;
    }
    const session = parseSession(answer.value);
    if (!session) return invalidAnswer();
    if (session.refresh_token) {
      await this.options.tokenStore.set(session.refresh_token);
    } else {
      // The old token was spent by this call; keeping it would trip the api's reuse detection.
      this.options.logger.warn('refresh answer carried no new refresh token; clearing the spent one');
      await this.options.tokenStore.clear();
    }
    return { ok: true, value: withoutRefreshToken(session) };
  }

  private post(path: string, body: unknown, accessToken?: string | null): Promise<IpcResult<unknown>> {
    return postJson({
      fetch: this.options.fetch,
      apiOrigin: this.options.apiOrigin,
      path,
      body,
      accessToken,
      correlationId: this.newCorrelationId(),
    });
  }

  private serially<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function parseSession(value: unknown): SignInResponse | null {
  if (!isRecord(value)) return null;
  if (typeof value.access_token !== 'string' || typeof value.expires_in !== 'number' || !isRecord(value.user)) {
    return null;
  }
  if (value.refresh_token !== undefined && typeof value.refresh_token !== 'string') return null;
  return value as unknown as SignInResponse;
}

/** Only the known fields cross to the renderer, so nothing token-like rides along by accident. */
function withoutRefreshToken(session: SignInResponse): RendererSession {
  return { access_token: session.access_token, expires_in: session.expires_in, user: session.user };
}

function invalidAnswer(): IpcResult<never> {
  return { ok: false, error: invalidResponse(200) };
}
