import type { Logger } from '../logger.ts';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  context?: Record<string, unknown>;
}

/** A Logger that keeps what it was told, so tests can assert that a failure was logged. */
export function createRecordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record =
    (level: LogLine['level']) =>
    (message: string, context?: Record<string, unknown>): void => {
      lines.push(context ? { level, message, context } : { level, message });
    };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}
