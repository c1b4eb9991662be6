import { describe, expect, it } from 'vitest';
import { message } from '../../../test/message-fixtures.ts';
import { mergeMessages, newestUnreadFrom, withDaySeparators, withMessages, withReadUpTo } from './thread.ts';

const ids = (messages: { id: string }[]) => messages.map((m) => m.id);

describe('a thread of messages', () => {
  it('holds each message once, by id, whichever way and however often it arrived', () => {
    const held = [message(1), message(2), message(3)];
    // The live copy of 3 and the catch-up page (3, 4, 5) overlap; 4 also came by the socket.
    const merged = mergeMessages(mergeMessages(held, [message(4)]), [message(3), message(4), message(5)]);
    expect(ids(merged)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('orders by id as numbers, not as text (9 before 10, and past 2^53)', () => {
    const merged = mergeMessages([message(10), message('9007199254740993')], [message(9), message('9007199254740992')]);
    expect(ids(merged)).toEqual(['9', '10', '9007199254740992', '9007199254740993']);
  });

  it('lets a later copy replace an earlier one (an edit, a read mark) in its place', () => {
    const merged = mergeMessages([message(1), message(2)], [message(1, { text: 'corregido', edited_at: '2026-11-25T14:05:00.000Z' })]);
    expect(merged.map((m) => m.text)).toEqual(['corregido', 'Mensaje 2']);
  });

  it('keeps older pages put on top when newer messages join', () => {
    const thread = withMessages({ items: [message(5), message(6)], hasOlder: true }, [message(7)]);
    expect(ids(thread.items)).toEqual(['5', '6', '7']);
    expect(thread.hasOlder).toBe(true);
  });

  it('marks read what the reader received up to the id read, and nothing of their own or after it', () => {
    const thread = {
      items: [message(1, { sender_id: 'me' }), message(2), message(3, { sender_id: 'me' }), message(4, { sender_id: 'me' })],
      hasOlder: false,
    };
    // The provider read up to 3: my 1 and 3 are read, 4 came after, their own 2 is not touched.
    const read = withReadUpTo(thread, 'provider-1', '3', '2026-11-25T14:10:00.000Z')!;
    expect(read.items.map((m) => m.read_at)).toEqual(['2026-11-25T14:10:00.000Z', null, '2026-11-25T14:10:00.000Z', null]);
  });

  it('names the newest unread message from the other side, none once it is read', () => {
    const thread = { items: [message(1), message(2), message(3, { sender_id: 'me' })], hasOlder: false };
    expect(newestUnreadFrom(thread, 'me')?.id).toBe('2');
    expect(newestUnreadFrom(withReadUpTo(thread, 'me', '2', '2026-11-25T14:10:00.000Z'), 'me')).toBeNull();
  });

  it('puts a day separator before the first message of each day, in Puerto Rico time', () => {
    const rows = withDaySeparators(
      [
        message(1, { created_at: '2026-11-24T23:30:00.000Z' }), // 19:30 on the 24th in San Juan
        message(2, { created_at: '2026-11-25T03:59:00.000Z' }), // 23:59 on the 24th
        message(3, { created_at: '2026-11-25T04:00:00.000Z' }), // midnight: the 25th
      ],
      'America/Puerto_Rico',
    );
    expect(rows.map((row) => (row.kind === 'day' ? row.day : row.message.id))).toEqual(['2026-11-24', '1', '2', '2026-11-25', '3']);
  });
});
