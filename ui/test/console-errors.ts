import { format } from 'node:util';
import { vi } from 'vitest';
import type { MockInstance } from 'vitest';

/**
 * Any console.error during a ui test fails it: React reports invalid markup (a mismatch once the
 * server-rendered page hydrates), updates outside act, missing keys… there. A test whose point is
 * an error that gets logged (an error boundary catching a render failure) says so with
 * expectConsoleError, which also asserts that the log happened.
 *
 * UI_CONSOLE_STACK=1 adds where each logged error came from (to find the update outside act).
 */

type Pattern = RegExp | string;

let logged: string[] = [];
let expected: Pattern[] = [];
let spy: MockInstance<typeof console.error> | undefined;

function record(...args: unknown[]): void {
  let message = format(...args);
  if (process.env.UI_CONSOLE_STACK) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    message += `\n${new Error('logged from').stack ?? ''}`;
    Error.stackTraceLimit = limit;
  }
  logged.push(message);
}

const matches = (message: string, pattern: Pattern) => (typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message));

/**
 * This test logs an error on purpose, matching each pattern (a RegExp, or a string the message
 * contains): the calls that match are allowed; the test fails if a pattern never matched, or if
 * anything else was logged.
 */
export function expectConsoleError(...patterns: Pattern[]): void {
  if (patterns.length === 0) throw new Error('expectConsoleError needs the error it expects');
  expected.push(...patterns);
}

/** Before each test (setup.ts): record console.error instead of printing it. */
export function watchConsoleErrors(): void {
  logged = [];
  expected = [];
  spy = vi.spyOn(console, 'error').mockImplementation(record);
}

const shorten = (message: string) => (message.length > 4000 && !process.env.UI_CONSOLE_STACK ? `${message.slice(0, 4000)}…` : message);

/** After each test (setup.ts): stop recording; what is wrong with what was logged, if anything. */
export function consoleErrorProblems(testName: string): string | undefined {
  const unexpected = logged.filter((message) => !expected.some((pattern) => matches(message, pattern)));
  const missing = expected.filter((pattern) => !logged.some((message) => matches(message, pattern)));
  // A test of its own mocking console.error silences the rule (unless it restored it since).
  const replaced = spy !== undefined && vi.isMockFunction(console.error) && spy.getMockImplementation() !== record;
  logged = [];
  expected = [];
  spy?.mockRestore();
  spy = undefined;
  const problems: string[] = [];
  if (replaced) problems.push(`"${testName}" replaced console.error: declare an error the test expects with expectConsoleError instead`);
  if (unexpected.length > 0) {
    problems.push(
      `"${testName}" called console.error ${unexpected.length} time(s) (a test fails on any; expectConsoleError declares one that is the point of the test):\n` +
        unexpected.map((message, i) => `--- ${i + 1} ---\n${shorten(message)}`).join('\n'),
    );
  }
  if (missing.length > 0) {
    problems.push(`"${testName}" expected console.error matching ${missing.map(String).join(', ')}, but nothing matching was logged`);
  }
  return problems.length > 0 ? problems.join('\n\n') : undefined;
}
