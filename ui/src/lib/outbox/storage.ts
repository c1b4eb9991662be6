import type { OutboxItem } from './outbox.ts';

/** Where a queue keeps its items between changes. */
export interface OutboxStorage<T extends OutboxItem> {
  load(): T[];
  save(items: T[]): void;
}

/** For this page's life only. */
export function memoryStorage<T extends OutboxItem>(): OutboxStorage<T> {
  return { load: () => [], save: () => undefined };
}

/**
 * Kept in this browser's storage under `key` (an outage often ends the page too). One on its way
 * when the page ended may or may not have arrived: it loads as waiting, and its key makes a resend safe.
 */
export function localStorageStorage<T extends OutboxItem>(key: string): OutboxStorage<T> {
  return {
    load() {
      try {
        const saved = JSON.parse(globalThis.localStorage?.getItem(key) ?? '[]') as T[];
        return Array.isArray(saved) ? saved.map((item) => (item.state === 'sending' ? { ...item, state: 'waiting' } : item)) : [];
      } catch {
        return [];
      }
    },
    save(items) {
      try {
        if (items.length === 0) globalThis.localStorage?.removeItem(key);
        else globalThis.localStorage?.setItem(key, JSON.stringify(items));
      } catch {
        // Storage full or refused: the queue still works for this page's life.
      }
    },
  };
}
