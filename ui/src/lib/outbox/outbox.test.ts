import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../session-store.ts';
import { profile } from '../../../test/helpers.tsx';
import { createOutbox, forgetOnSignOut, newOutboxItem, type OutboxItem } from './outbox.ts';
import { canCancel, stateAfter } from './state.ts';
import { localStorageStorage, memoryStorage } from './storage.ts';

interface Note extends OutboxItem {
  text: string;
}

const note = (text: string, state: Note['state'] = 'waiting', key?: string): Note => ({ ...newOutboxItem(state, key), text });
const texts = (items: Note[]) => items.map((item) => [item.text, item.state]);

afterEach(() => {
  localStorage.clear();
  useSession.setState({ status: 'signed_out', user: null, accessToken: null });
});

describe('an outbox item', () => {
  it('gets its idempotency key when written, or keeps the one it was given', () => {
    const first = newOutboxItem('waiting');
    const second = newOutboxItem('waiting');
    expect(first.idempotencyKey).toBeTruthy();
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
    expect(first.localId).not.toBe(first.idempotencyKey);
    expect(newOutboxItem('sending', 'key-1').idempotencyKey).toBe('key-1');
  });

  it('moves waiting → sending → gone, failed or waiting again, by how the try ended', () => {
    expect(stateAfter('sent')).toBeNull();
    expect(stateAfter('refused')).toBe('failed');
    expect(stateAfter('unreachable')).toBe('waiting');
    expect([canCancel('waiting'), canCancel('sending'), canCancel('failed')]).toEqual([true, false, true]);
  });
});

describe('an outbox', () => {
  it('adds, updates and removes items in the order written, keeping each key through updates', () => {
    const outbox = createOutbox<Note>(memoryStorage());
    const a = outbox.add(note('a'));
    outbox.add(note('b'));
    outbox.update(a.localId, { state: 'sending' });
    expect(texts(outbox.store.getState().items)).toEqual([['a', 'sending'], ['b', 'waiting']]);
    expect(outbox.find(a.localId)?.idempotencyKey).toBe(a.idempotencyKey);
    outbox.remove(a.localId);
    expect(texts(outbox.store.getState().items)).toEqual([['b', 'waiting']]);
  });

  it('cancels what has not gone, never what is on its way', () => {
    const outbox = createOutbox<Note>();
    const sending = outbox.add(note('on its way', 'sending'));
    const failed = outbox.add(note('refused', 'failed'));
    expect(outbox.cancel(sending.localId)).toBe(false);
    expect(outbox.cancel(failed.localId)).toBe(true);
    expect(outbox.cancel('unknown')).toBe(false);
    expect(texts(outbox.store.getState().items)).toEqual([['on its way', 'sending']]);
  });

  it('keeps its items in localStorage, and one on its way when the page ended loads as waiting, same key', () => {
    const first = createOutbox<Note>(localStorageStorage('test.outbox'));
    const item = first.add(note('sent when the page ended', 'sending', 'key-7'));
    const again = createOutbox<Note>(localStorageStorage('test.outbox'));
    expect(again.store.getState().items).toEqual([{ ...item, state: 'waiting' }]);
    again.clear();
    expect(localStorage.getItem('test.outbox')).toBeNull();
  });

  it('reads an unreadable store as empty', () => {
    localStorage.setItem('test.outbox', '{not json');
    expect(createOutbox<Note>(localStorageStorage('test.outbox')).store.getState().items).toEqual([]);
  });

  it('clears its items and the extra state the owner keeps beside them', () => {
    const outbox = createOutbox<Note, { sent: Record<string, string> }>(memoryStorage(), () => ({ sent: {} }));
    outbox.add(note('a'));
    outbox.store.setState({ sent: { a: 'job-1' } });
    outbox.clear();
    expect(outbox.store.getState()).toEqual({ items: [], sent: {} });
  });

  it('is forgotten when the person signs out or another signs in', () => {
    useSession.setState({ status: 'signed_in', user: profile({ id: 'client-1' }) });
    const outbox = createOutbox<Note>();
    const stop = forgetOnSignOut(outbox);
    outbox.add(note('mine'));
    useSession.setState({ accessToken: 'refreshed' });
    expect(outbox.store.getState().items).toHaveLength(1);
    useSession.setState({ status: 'signed_out', user: null });
    expect(outbox.store.getState().items).toEqual([]);
    stop();
  });
});
