import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import type { QueryClient} from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../app/query-client.ts';
import { followReach } from './connection.ts';
import { useChange } from './use-change.ts';
import { testI18n } from '../../test/setup.ts';

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let stop = () => undefined as void;
afterEach(() => {
  stop();
  window.dispatchEvent(new Event('online'));
});

describe('a change asked for offline', () => {
  it('is not sent, never waits to go later unseen, and says it needs the connection', async () => {
    stop = followReach();
    window.dispatchEvent(new Event('offline'));
    const change = vi.fn(async () => 'done');
    const refresh = vi.fn();
    const { result } = renderHook(() => useChange(change, refresh), { wrapper: wrapper(createQueryClient()) });
    let ok = true;
    await act(async () => {
      ok = await result.current.run(undefined, 'Cancelled');
    });
    expect(ok).toBe(false);
    expect(result.current.problem).toBe(testI18n.t('common:offline.needs_connection'));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(change).not.toHaveBeenCalled();
  });

  it('goes at once when online', async () => {
    stop = followReach();
    const change = vi.fn(async () => 'done');
    const { result } = renderHook(() => useChange(change, vi.fn()), { wrapper: wrapper(createQueryClient()) });
    await act(async () => {
      await result.current.run(undefined, 'Done');
    });
    expect(change).toHaveBeenCalledTimes(1);
    expect(result.current.problem).toBeNull();
  });
});
