import { errorStatus, type ErrorCode } from '@resuelve/contract';

/** A failure the product expects (a rule, a missing thing, a limit), with its stable code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { details?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.details = extra.details;
    this.headers = extra.headers;
  }
}

/** English sentence for logs and API users; people see the translated `errors:<code>` instead. */
export function defaultMessage(code: string): string {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = () => new AppError('forbidden', 'You may not do this');

/**
 * What a log line needs of an error from a background part (pg-boss, the event bus): its code
 * and message, not the database client it carries (pino would print the whole connection).
 * The database shutting down (57P01: Ctrl-C on `npm start`) is expected, not an error.
 */
export function backgroundProblem(error: unknown): { tags: string[]; data: { code?: string; message: string } } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const data = { ...(typeof code === 'string' ? { code } : {}), message: typeof message === 'string' ? message : String(error) };
  return { tags: code === '57P01' ? ['warn'] : ['error'], data };
}
