import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientLogEntry } from '@resuelve/contract';
import { ClientLogger } from '../src/lib/client-logger.ts';
import { useSession } from '../src/lib/session-store.ts';
import { profile, signInResponse } from './helpers.tsx';

describe('client logger', () => {
  let sent: ClientLogEntry[][];
  let logger: ClientLogger;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    logger = new ClientLogger({ send: async (logs) => void sent.push(logs) });
  });
  afterEach(() => {
    logger.stop();
    vi.useRealTimers();
    useSession.getState().signedOut();
  });

  it('sends a batch as soon as 50 entries wait', async () => {
    logger.start();
    for (let i = 0; i < 49; i += 1) logger.info(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    logger.info('entry 49');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(50);
    expect(logger.pending).toBe(0);
  });

  it('sends what waits every 15 seconds', async () => {
    logger.start();
    logger.warn('slow screen');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent).toHaveLength(1); // nothing new, nothing sent
  });

  it('fills every field of a client log entry, without the query string', () => {
    window.history.replaceState(null, '', '/verify-email?token=secret');
    useSession.getState().signedIn(signInResponse(profile({ id: 'user-9' })));
    logger.error('broke', { category: 'api', correlationId: 'cid-1' });
    void logger.flush();
    const [entry] = sent[0]!;
    expect(entry).toMatchObject({ level: 'error', message: 'broke', category: 'api', correlation_id: 'cid-1', user_id: 'user-9', url: '/verify-email' });
    expect(entry!.session_id).toMatch(/.{8,}/);
    expect(Date.parse(entry!.timestamp)).not.toBeNaN();
    window.history.replaceState(null, '', '/');
  });

  it('captures uncaught errors and unhandled rejections', async () => {
    logger.start();
    window.dispatchEvent(new ErrorEvent('error', { message: 'kaboom' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    await logger.flush();
    expect(sent.flat().map((e) => [e.category, e.message])).toEqual([
      ['window', 'kaboom'],
      ['window', 'Unhandled rejection: nope'],
    ]);
  });

  it('drops a batch the server refused instead of piling up', async () => {
    const failing = new ClientLogger({ send: async () => Promise.reject(new Error('down')) });
    failing.info('a');
    await failing.flush();
    expect(failing.pending).toBe(0);
  });
});
