/**
 * Messages (DESIGN.md §8): sending with its rules (a participant, not blocked, within the limits,
 * once per Idempotency-Key), pages after or before an id, edits and deletes of one's own, and
 * reading up to a message. Each change commits first; its live event goes to both participants
 * after.
 */
import type { Knex } from 'knex';
import type { LiveEvent, Message, MessagePage, MessagesRead } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { publishAfterCommit } from '../../../lib/events.ts';
import { onceForKey, type KeyedAnswer } from '../../../lib/idempotency.ts';
import type { MessageRange } from '../schemas.ts';
import { autoReplyFor } from './auto-reply.ts';
import { checkSendingLimits, senderLockKey, senderLockSql } from './limits.ts';
import {
  conversationNotFound,
  messageColumns,
  messageNotFound,
  participantsOf,
  toMessage,
  type MessageRow,
  type MessagesContext,
  type ParticipantRow,
} from '../repository.ts';

export interface StoredAttachment {
  path: string;
  name: string;
  size: number;
  content_type: string;
}

export interface Outgoing {
  text: string;
  attachment?: StoredAttachment | null;
  automatic?: boolean;
}

/** Events to publish once the transaction that caused them has committed. */
export type Announcements = { recipients: string[]; event: LiveEvent }[];

export async function announce(context: Pick<MessagesContext, 'events'>, announcements: Announcements): Promise<void> {
  // A bus that fails is logged; the message is stored, and a reconnecting client catches up with ?after=.
  for (const { recipients, event } of announcements) await publishAfterCommit(context, recipients, event);
}

export const conversationBlocked = () => new AppError('conversation_blocked', 'This conversation is blocked');

/**
 * The locks of a send, its conversation's two participants, and whether an automatic reply may be
 * due, in one statement (a send is a handful of round trips):
 * - the sender's lock (limits.ts), taken first, so their sends to any conversation count in turn;
 * - the conversation's row lock, taken before any id is drawn and held to commit, so ids grow
 *   within a conversation in commit order (decision 0020).
 */
async function lockForSending(trx: Knex.Transaction, conversationId: string, senderId: string) {
  const { rows } = await trx.raw<{ rows: (ParticipantRow & { auto_replied_at: Date | null; auto_reply_enabled: boolean | null })[] }>(
    `SELECT p.*, c.auto_replied_at, pr.auto_reply_enabled, ${senderLockSql}
       FROM conversations c
       JOIN conversation_participants p ON p.conversation_id = c.id
       LEFT JOIN providers pr ON pr.id = c.provider_id
      WHERE c.id = ?
      FOR UPDATE OF c`,
    [senderLockKey(senderId), conversationId],
  );
  const me = rows.find((row) => row.user_id === senderId);
  const other = rows.find((row) => row.user_id !== senderId);
  if (!me || !other) throw conversationNotFound();
  return { me, other, autoReplyMayBeDue: me.role === 'client' && !me.auto_replied_at && Boolean(me.auto_reply_enabled) };
}

/** Stores one message; the caller holds the conversation's row lock (lockForSending). */
export async function storeMessage(
  trx: Knex.Transaction,
  sender: ParticipantRow,
  recipient: ParticipantRow,
  outgoing: Outgoing,
  now: Date,
): Promise<MessageRow> {
  const { rows } = await trx.raw<{ rows: MessageRow[] }>(
    `WITH stored AS (
       INSERT INTO messages (conversation_id, sender_id, text, attachment_path, attachment_name, attachment_size, attachment_type, automatic, created_at)
       VALUES (:conversation, :sender, :text, :path, :name, :size, :type, :automatic, :now)
       RETURNING ${messageColumns.join(', ')})
     , latest AS (
       UPDATE conversations SET last_message_id = (SELECT id FROM stored), last_message_at = :now, updated_at = :now WHERE id = :conversation)
     , seen AS (
       UPDATE conversation_participants
          SET activity_at = :now,
              unread_count = unread_count + CASE WHEN user_id = :recipient THEN 1 ELSE 0 END,
              archived = CASE WHEN user_id = :recipient AND NOT spam THEN false ELSE archived END
        WHERE conversation_id = :conversation)
     SELECT * FROM stored`,
    {
      conversation: sender.conversation_id,
      sender: sender.user_id,
      recipient: recipient.user_id,
      text: outgoing.text,
      path: outgoing.attachment?.path ?? null,
      name: outgoing.attachment?.name ?? null,
      size: outgoing.attachment?.size ?? null,
      type: outgoing.attachment?.content_type ?? null,
      automatic: outgoing.automatic ?? false,
      now,
    },
  );
  return rows[0]!;
}

/**
 * The whole of sending by a person, inside a transaction: the rules, the message, and the
 * provider's automatic reply when it is due. Answers the message and what to announce.
 */
export async function sendWithin(
  context: MessagesContext,
  trx: Knex.Transaction,
  senderId: string,
  conversationId: string,
  outgoing: Outgoing,
  now: Date,
): Promise<{ message: Message; announcements: Announcements }> {
  const { me, other, autoReplyMayBeDue } = await lockForSending(trx, conversationId, senderId);
  if (me.status === 'blocked' || other.status === 'blocked') throw conversationBlocked();
  // A statement of its own, so that it sees every send committed while this one waited for the locks.
  await checkSendingLimits(trx, senderId, now);
  const row = await storeMessage(trx, me, other, outgoing, now);
  const secret = context.config.jwtSecret;
  const message = toMessage(row, secret, now);
  const both = [me.user_id, other.user_id];
  const announcements: Announcements = [{ recipients: both, event: { type: 'message.created', conversation_id: conversationId, message } }];
  if (autoReplyMayBeDue) {
    const reply = await autoReplyFor(trx, conversationId, other.user_id, me.user_id, now);
    if (reply) {
      const replyRow = await storeMessage(trx, other, me, { text: reply, automatic: true }, now);
      announcements.push({ recipients: both, event: { type: 'message.created', conversation_id: conversationId, message: toMessage(replyRow, secret, now) } });
    }
  }
  return { message, announcements };
}

/** POST /conversations/{id}/messages: 201 with the message; the same Idempotency-Key answers it again. */
export async function sendMessage(
  context: MessagesContext,
  caller: Caller,
  conversationId: string,
  outgoing: Outgoing,
  idempotencyKey: string | undefined,
  scopeBody: unknown = outgoing,
): Promise<KeyedAnswer<Message>> {
  const now = context.clock.now();
  let announcements: Announcements = [];
  const answer = await onceForKey(
    context.knex,
    { userId: caller.userId, key: idempotencyKey, scope: `POST /conversations/${conversationId}/messages`, body: scopeBody, now, status: 201 },
    async (trx) => {
      const sent = await sendWithin(context, trx, caller.userId, conversationId, outgoing, now);
      announcements = sent.announcements;
      return sent.message;
    },
  );
  await announce(context, announcements);
  return answer;
}

/** GET /conversations/{id}/messages: oldest first; see MessagePage in contract for the cursor. */
export async function listMessages(context: MessagesContext, caller: Caller, conversationId: string, range: MessageRange): Promise<MessagePage> {
  await participantsOf(context.knex, conversationId, caller.userId);
  const query = context.knex('messages').where('conversation_id', conversationId).select(messageColumns).limit(range.limit + 1);
  if (range.after) query.where('id', '>', range.after);
  if (range.before) query.where('id', '<', range.before);
  const forward = Boolean(range.after);
  const rows: MessageRow[] = await query.orderBy('id', forward ? 'asc' : 'desc');
  const more = rows.length > range.limit;
  const page = rows.slice(0, range.limit);
  if (!forward) page.reverse();
  const now = context.clock.now();
  const items = page.map((row) => toMessage(row, context.config.jwtSecret, now));
  const edge = forward ? items.at(-1) : items[0];
  return { items, next_cursor: more && edge ? edge.id : null };
}

/** A message and the caller's place in its conversation; 404 for anyone outside it. */
async function messageOf(db: Knex | Knex.Transaction, messageId: string, userId: string, lock = false) {
  const query = db('messages').where('id', messageId).first(messageColumns);
  if (lock) query.forUpdate();
  const row = (await query) as MessageRow | undefined;
  if (!row) throw messageNotFound();
  try {
    return { row, ...(await participantsOf(db, row.conversation_id, userId)) };
  } catch {
    throw messageNotFound();
  }
}

const notEditable = () => new AppError('message_not_editable', 'Only the sender changes a message');

/** Recounts what `userId` has not read in a conversation (after a read or a delete). */
function recountUnread(trx: Knex.Transaction, conversationId: string, userId: string) {
  return trx.raw(
    `UPDATE conversation_participants p
        SET unread_count = (SELECT count(*) FROM messages m
                             WHERE m.conversation_id = p.conversation_id AND m.sender_id <> p.user_id
                               AND m.id > p.last_read_id AND m.deleted_at IS NULL)
      WHERE p.conversation_id = ? AND p.user_id = ?`,
    [conversationId, userId],
  );
}

async function changeOwnMessage(
  context: MessagesContext,
  caller: Caller,
  messageId: string,
  change: (trx: Knex.Transaction, row: MessageRow, other: ParticipantRow, now: Date) => Promise<MessageRow>,
): Promise<Message> {
  const now = context.clock.now();
  let removedFile: string | null = null;
  const { message, recipients } = await context.knex.transaction(async (trx) => {
    await trx.raw('SELECT 1 FROM conversations c JOIN messages m ON m.conversation_id = c.id WHERE m.id = ? FOR UPDATE OF c', [messageId]);
    const { row, me, other } = await messageOf(trx, messageId, caller.userId, true);
    if (row.sender_id !== caller.userId || row.automatic) throw notEditable();
    if (row.deleted_at) return { message: toMessage(row, context.config.jwtSecret, now), recipients: [] };
    if (me.status === 'blocked' || other.status === 'blocked') throw conversationBlocked();
    removedFile = row.attachment_path;
    const changed = await change(trx, row, other, now);
    if (changed.attachment_path) removedFile = null;
    return { message: toMessage(changed, context.config.jwtSecret, now), recipients: [me.user_id, other.user_id] };
  });
  if (removedFile) await context.storage.delete(removedFile).catch(() => undefined);
  if (recipients.length) await announce(context, [{ recipients, event: { type: 'message.updated', conversation_id: message.conversation_id, message } }]);
  return message;
}

/** PATCH /messages/{id}: the sender changes the words of their own message. */
export function editMessage(context: MessagesContext, caller: Caller, messageId: string, text: string): Promise<Message> {
  return changeOwnMessage(context, caller, messageId, async (trx, _row, _other, now) => {
    const [row] = await trx('messages').where('id', messageId).update({ text, edited_at: now }).returning(messageColumns);
    return row as MessageRow;
  });
}

/** DELETE /messages/{id}: the message stays as a trace (no words, no file), in its place. */
export function deleteMessage(context: MessagesContext, caller: Caller, messageId: string): Promise<Message> {
  return changeOwnMessage(context, caller, messageId, async (trx, _row, other, now) => {
    const [row] = await trx('messages')
      .where('id', messageId)
      .update({ text: '', attachment_path: null, attachment_name: null, attachment_size: null, attachment_type: null, deleted_at: now })
      .returning(messageColumns);
    await recountUnread(trx, (row as MessageRow).conversation_id, other.user_id);
    return row as MessageRow;
  });
}

/** POST /messages/{id}/read: that message and every earlier one from the other party are read. */
export async function readUpTo(context: MessagesContext, caller: Caller, messageId: string): Promise<MessagesRead> {
  const now = context.clock.now();
  const result = await context.knex.transaction(async (trx) => {
    const { row, me, other } = await messageOf(trx, messageId, caller.userId);
    // Shares the lock senders take: a message stored meanwhile is counted, not lost.
    await trx.raw('SELECT 1 FROM conversations WHERE id = ? FOR SHARE', [row.conversation_id]);
    const conversationId = row.conversation_id;
    await trx('messages')
      .where('conversation_id', conversationId)
      .where('sender_id', other.user_id)
      .where('id', '<=', messageId)
      .whereNull('read_at')
      .update({ read_at: now });
    await trx('conversation_participants')
      .where({ conversation_id: conversationId, user_id: me.user_id })
      // Having read, they may hear by email or SMS of what comes next (notices.ts).
      .update({ last_read_id: trx.raw('greatest(last_read_id, ?::bigint)', [messageId]), notified_at: null });
    await recountUnread(trx, conversationId, me.user_id);
    const total = await unreadTotal(trx, me.user_id);
    const last = await trx('conversation_participants').where({ conversation_id: conversationId, user_id: me.user_id }).first('last_read_id');
    return { read: { conversation_id: conversationId, last_read_id: String(last.last_read_id), read_at: now.toISOString(), unread_count: total }, both: [me.user_id, other.user_id] };
  });
  await announce(context, [
    {
      recipients: result.both,
      event: { type: 'message.read', conversation_id: result.read.conversation_id, reader_id: caller.userId, last_read_id: result.read.last_read_id, read_at: result.read.read_at },
    },
  ]);
  return result.read;
}

/** The caller's unread messages across conversations (spam left out). */
export async function unreadTotal(db: Knex | Knex.Transaction, userId: string): Promise<number> {
  const row = await db('conversation_participants').where('user_id', userId).where('unread_count', '>', 0).where('spam', false).sum({ total: 'unread_count' }).first();
  return Number(row?.total ?? 0);
}
