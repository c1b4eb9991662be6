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
