/** What main-process modules log through; tests pass a recording fake. */
export interface Logger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** Structured lines on stdout/stderr, where Electron's main process logs go. */
export function createConsoleLogger(scope: string): Logger {
  const line = (level: string, message: string, context?: Record<string, unknown>): string =>
    JSON.stringify({ time: new Date().toISOString(), level, scope, message, ...context });
  return {
    info: (message, context) => console.log(line('info', message, context)),
    warn: (message, context) => console.warn(line('warn', message, context)),
    error: (message, context) => console.error(line('error', message, context)),
  };
}

/** A message from anything thrown, for logs (never shown to a person). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
