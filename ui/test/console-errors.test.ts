import { describe, expect, it, vi } from 'vitest';
import { consoleErrorProblems, expectConsoleError, watchConsoleErrors } from './console-errors.ts';

// The rule itself, checked on its own recording (setup.ts runs the same around every test).
describe('failing a test on console.error', () => {
  it('reports what was logged and by which test', () => {
    watchConsoleErrors();
    console.error('Warning: %s went wrong', 'something');
    const problems = consoleErrorProblems('a file > a test');
    expect(problems).toContain('"a file > a test" called console.error 1 time(s)');
    expect(problems).toContain('Warning: something went wrong');
  });

  it('allows an error the test expects, and only that one', () => {
    watchConsoleErrors();
    expectConsoleError(/boundary caught/);
    console.error('the boundary caught it');
    expect(consoleErrorProblems('t')).toBeUndefined();

    watchConsoleErrors();
    expectConsoleError('boundary caught');
    console.error('the boundary caught it');
    console.error('and something else');
    expect(consoleErrorProblems('t')).toContain('and something else');
  });

  it('fails when the expected error was never logged', () => {
    watchConsoleErrors();
    expectConsoleError(/boundary caught/);
    expect(consoleErrorProblems('t')).toContain('expected console.error matching /boundary caught/, but nothing matching was logged');
  });

  it('fails a test that silences console.error itself', () => {
    watchConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    console.error('hidden');
    expect(consoleErrorProblems('t')).toContain('"t" replaced console.error');
  });

  it('passes a test that logged nothing', () => {
    watchConsoleErrors();
    expect(consoleErrorProblems('t')).toBeUndefined();
  });
});
