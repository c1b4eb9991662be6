import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refreshQueries } from './refresh-queries.ts';

/** A list the server answers by hand: each ask waits until the test answers it. */
function controlledList(queryClient: QueryClient, key: readonly unknown[]) {
  const asked: ((rows: string[]) => void)[] = [];
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: key,
    queryFn: () => new Promise<string[]>((resolve) => asked.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { asked, observer, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('refreshQueries', () => {
  it('asks again a list whose first load started before the change, so the change shows (a plain invalidation would keep the older answer)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = controlledList(queryClient, ['jobs', 'requests']);
    stops.push(list.unsubscribe);
    await settle();
    expect(list.asked).toHaveLength(1);

    // The request is booked while the first load is on its way; its event arrives.
    void refreshQueries(queryClient, ['jobs']);
    await settle();
    expect(list.asked).toHaveLength(2);

    // The first load's answer (from before the booking) comes back late: it no longer counts.
    list.asked[0]!(['older']);
    list.asked[1]!(['older', 'booked']);
    await settle();
    expect(list.observer.getCurrentResult().data).toEqual(['older', 'booked']);
  });

  it('the same without it: TanStack Query folds the invalidation into the load in flight (why the helper exists)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = controlledList(queryClient, ['jobs', 'requests']);
    stops.push(list.unsubscribe);
    await settle();
    void queryClient.invalidateQueries({ queryKey: ['jobs'] }, { cancelRefetch: true });
    await settle();
    // Still one ask: if this ever changes, the library fixed it and the helper can go.
    list.asked[0]!(['older']);
    await settle();
    expect(list.asked).toHaveLength(1);
    expect(list.observer.getCurrentResult().data).toEqual(['older']);
  });

  it('refreshes a shown list that has an answer once, and leaves other keys and unshown loads alone', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = controlledList(queryClient, ['jobs', 'window']);
    const other = controlledList(queryClient, ['reviews']);
    stops.push(shown.unsubscribe, other.unsubscribe);
    await settle();
    shown.asked[0]!(['a']);
    await settle();
    // A prefetch no screen shows yet, on its first load: not cancelled (its caller waits for it).
    let prefetched: string[] | undefined;
    void queryClient.fetchQuery({ queryKey: ['jobs', 'next-week'], queryFn: () => Promise.resolve(['n']) }).then((rows) => (prefetched = rows));

    void refreshQueries(queryClient, ['jobs']);
    await settle();
    expect(shown.asked).toHaveLength(2);
    expect(other.asked).toHaveLength(1);
    expect(prefetched).toEqual(['n']);
    shown.asked[1]!(['a', 'b']);
    await settle();
    expect(shown.observer.getCurrentResult().data).toEqual(['a', 'b']);
  });
});
