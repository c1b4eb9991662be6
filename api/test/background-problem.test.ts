import { describe, expect, it } from 'vitest';
import { backgroundProblem } from '../src/lib/errors.ts';

describe('background problems in the log', () => {
  it('keeps the code and message of a database error, not the client it carries', () => {
    const error = Object.assign(new Error('deadlock detected'), { code: '40P01', client: { connectionParameters: { password: 'x' } } });
    expect(backgroundProblem(error)).toEqual({ tags: ['error'], data: { code: '40P01', message: 'deadlock detected' } });
  });

  it('reads the database shutting down (Ctrl-C on npm start) as a warning', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(backgroundProblem(error).tags).toEqual(['warn']);
  });

  it('describes what is not an error at all', () => {
    expect(backgroundProblem('socket hang up')).toEqual({ tags: ['error'], data: { message: 'socket hang up' } });
  });
});
