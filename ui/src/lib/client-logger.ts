import { limits } from '@resuelve/contract';
import type { ClientLogEntry, LogLevel } from '@resuelve/contract';
import { useSession } from './session-store.ts';
import { apiUrl, newCorrelationId } from './api-client.ts';

export type SendLogs = (logs: ClientLogEntry[]) => Promise<void>;

export interface LogContext {
  category?: string;
  correlationId?: string;
}

const sessionKey = 'resuelve.log-session';

/** One id per browser tab, so the server can follow a person's visit without knowing who they are. */
function tabSessionId(): string {
  try {
    const existing = sessionStorage.getItem(sessionKey);
    if (existing) return existing;
    const id = newCorrelationId();
    sessionStorage.setItem(sessionKey, id);
    return id;
  } catch {
    return newCorrelationId();
  }
}

// Only the path: search strings carry one-time tokens (verify-email, reset-password).
function currentUrl(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.location.pathname + (window.location.hash.split('?')[0] ?? '');
}

/** POST /logs/batch directly with fetch: logging must never trigger the api client's toasts or sign-out. */
export const sendToServer: SendLogs = async (logs) => {
  const token = useSession.getState().accessToken;
  await fetch(apiUrl('/logs/batch'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Correlation-Id': newCorrelationId(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ logs }),
    keepalive: true,
    credentials: 'same-origin',
  });
};

export interface ClientLoggerOptions {
  send?: SendLogs;
  batchSize?: number;
  flushMs?: number;
}

/** Client log entries (SPEC.md §3) sent in batches of 50 or every 15 seconds, whichever comes first. */
export class ClientLogger {
  private buffer: ClientLogEntry[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly sessionId = tabSessionId();
  private readonly send: SendLogs;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private detach: (() => void) | null = null;

  constructor(options: ClientLoggerOptions = {}) {
    this.send = options.send ?? sendToServer;
    this.batchSize = Math.min(options.batchSize ?? limits.logBatchSize, limits.logBatchMaxEntries);
    this.flushMs = options.flushMs ?? limits.logFlushMs;
  }

  get pending(): number {
    return this.buffer.length;
  }

  log(level: LogLevel, message: string, context: LogContext = {}): void {
    const user = useSession.getState().user;
    const entry: ClientLogEntry = {
      timestamp: new Date().toISOString(),
      level,
      message: message.slice(0, limits.logMessageMaxLength),
      correlation_id: context.correlationId ?? newCorrelationId(),
      session_id: this.sessionId,
      url: currentUrl(),
      category: context.category ?? 'app',
    };
    if (user) entry.user_id = user.id;
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  debug = (message: string, context?: LogContext) => this.log('debug', message, context);
  info = (message: string, context?: LogContext) => this.log('info', message, context);
  warn = (message: string, context?: LogContext) => this.log('warn', message, context);
  error = (message: string, context?: LogContext) => this.log('error', message, context);

  /** Send what is buffered, in batches the server accepts. Failures drop the batch: logs must never pile up or loop. */
  async flush(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchSize);
      try {
        await this.send(batch);
      } catch {
        return;
      }
    }
  }

  /** Start the 15-second timer and capture uncaught errors and rejections. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    if (typeof window === 'undefined') return;
    const onError = (event: ErrorEvent) =>
      this.error(event.message || 'Uncaught error', { category: 'window' });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason instanceof Error ? event.reason.message : String(event.reason);
      this.error(`Unhandled rejection: ${reason}`, { category: 'window' });
    };
    const onHide = () => void this.flush();
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('pagehide', onHide);
    this.detach = () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('pagehide', onHide);
    };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.detach?.();
    this.detach = null;
  }
}

export const clientLogger = new ClientLogger();
