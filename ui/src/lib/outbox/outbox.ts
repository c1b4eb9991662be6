/**
 * One offline queue (STYLE.md: "one outbox for every offline queue"). An item gets its
 * Idempotency-Key when it is written, before the first try, and keeps it through every retry, so a
 * send that timed out and is tried again is answered, not applied, twice. Items move
 * waiting → sending → (gone | failed | waiting again); one on its way cannot be cancelled; the
 * queue is forgotten when the person signs out. What an item holds, how it is sent and in which
 * order is the owner's; the storage (memory, localStorage) is pluggable.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { newCorrelationId } from '../api-client.ts';
import { useSession, type SessionState } from '../session-store.ts';
import { canCancel, type OutboxState } from './state.ts';
import { memoryStorage, type OutboxStorage } from './storage.ts';

export interface OutboxItem {
  localId: string;
  /** Made when the item is written; every send of it carries this key. */
  idempotencyKey: string;
  state: OutboxState;
}

export type OutboxStoreState<T extends OutboxItem, E extends object> = { items: T[] } & E;

export interface Outbox<T extends OutboxItem, E extends object> {
  /** The zustand store: `{ items }` and whatever else the owner keeps beside them. */
  store: UseBoundStore<StoreApi<OutboxStoreState<T, E>>>;
  add(item: T): T;
  find(localId: string): T | undefined;
  update(localId: string, change: Partial<T>): void;
  remove(localId: string): void;
  /** Drops an item that has not gone (waiting or failed); false when it is on its way or gone. */
  cancel(localId: string): boolean;
  /** Keeps only the items `keep` accepts. */
  keep(keep: (item: T) => boolean): void;
  /** Forgets every item (and the owner's extra state). */
  clear(): void;
}

/** The fields every item starts with: a local id, its key (given, or made now) and its first state. */
export function newOutboxItem(state: OutboxState, idempotencyKey: string = newCorrelationId()): OutboxItem {
  return { localId: newCorrelationId(), idempotencyKey, state };
}

export function createOutbox<T extends OutboxItem, E extends object = object>(
  storage: OutboxStorage<T> = memoryStorage<T>(),
  extra: () => E = () => ({}) as E,
): Outbox<T, E> {
  const store = create<OutboxStoreState<T, E>>()(() => ({ ...extra(), items: storage.load() }));
  store.subscribe((state, before) => {
    if (state.items !== before.items) storage.save(state.items);
  });
  const find = (localId: string) => store.getState().items.find((item) => item.localId === localId);
  const setItems = (change: (items: T[]) => T[]) => store.setState((s) => ({ ...s, items: change(s.items) }));
  const remove = (localId: string) => setItems((items) => items.filter((item) => item.localId !== localId));
  return {
    store,
    find,
    remove,
    add(item) {
      setItems((items) => [...items, item]);
      return item;
    },
    update(localId, change) {
      setItems((items) => items.map((item) => (item.localId === localId ? { ...item, ...change } : item)));
    },
    cancel(localId) {
      const item = find(localId);
      if (!item || !canCancel(item.state)) return false;
      remove(localId);
      return true;
    },
    keep(keep) {
      setItems((items) => items.filter(keep));
    },
    clear() {
      store.setState({ ...extra(), items: [] } as OutboxStoreState<T, E>);
    },
  };
}

/**
 * Forgets the queue when the session changes hands: `onChange` is told each change of status or
 * person, and by default clears the queue when the person is another one (or nobody). Returns the
 * stop function.
 */
export function forgetOnSignOut(
  outbox: Pick<Outbox<OutboxItem, object>, 'clear'>,
  onChange: (state: SessionState, before: SessionState) => void = (state, before) => {
    if (state.user?.id !== before.user?.id) outbox.clear();
  },
): () => void {
  return useSession.subscribe((state, before) => {
    if (state.status !== before.status || state.user?.id !== before.user?.id) onChange(state, before);
  });
}
