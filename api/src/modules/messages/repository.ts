/**
 * How conversations and messages are read: one select of a conversation as one participant sees
 * it (their own status and flags, the other party, the last message), the contract's shapes, and
 * the participant check every route starts with (a stranger meets 404, never a hint that the
 * conversation exists).
 */
import type { Knex } from 'knex';
import type { AttachmentContentType, Conversation, ConversationPriority, ConversationStatus, Message } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { personNameSql } from '../profiles/index.ts';
import { attachmentUrl } from './service/attachment-links.ts';

/** What the messaging rules use of the app context. */
export type MessagesContext = Pick<AppContext, 'knex' | 'clock' | 'events' | 'config' | 'storage'>;

export type Role = 'client' | 'provider';

export interface ParticipantRow {
  conversation_id: string;
  user_id: string;
  role: Role;
  status: ConversationStatus;
  priority: ConversationPriority;
  archived: boolean;
  spam: boolean;
  last_read_id: string;
  unread_count: number;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string;
  attachment_path: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  attachment_type: string | null;
  automatic: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export const messageColumns = [
  'id',
  'conversation_id',
  'sender_id',
  'text',
  'attachment_path',
  'attachment_name',
  'attachment_size',
  'attachment_type',
  'automatic',
  'read_at',
  'created_at',
  'edited_at',
  'deleted_at',
];

/** A stored message as the contract shows it; the attachment's address is signed for its readers. */
export function toMessage(row: MessageRow, secret: string, now: Date): Message {
  const id = String(row.id);
  return {
    id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    text: row.text,
    attachment:
      row.attachment_path && !row.deleted_at
        ? {
            url: attachmentUrl(id, secret, now),
            name: row.attachment_name ?? 'file',
            size: row.attachment_size ?? 0,
            content_type: (row.attachment_type ?? 'application/pdf') as AttachmentContentType,
          }
        : null,
    read_at: isoOrNull(row.read_at),
    created_at: iso(row.created_at),
    edited_at: isoOrNull(row.edited_at),
    deleted_at: isoOrNull(row.deleted_at),
    automatic: row.automatic,
  };
}

export interface ConversationView {
  id: string;
  subject: string | null;
  about_project: boolean;
  job_id: string | null;
  client_id: string;
  provider_id: string;
  created_at: Date;
  updated_at: Date;
  status: ConversationStatus;
  priority: ConversationPriority;
  archived: boolean;
  spam: boolean;
  unread_count: number;
  activity_at: Date;
  other_id: string;
  other_role: Role;
  other_status: ConversationStatus;
  other_name: string;
  other_avatar: string | null;
  last_message: MessageRow | null;
}

/** The shown name of the other participant: a provider's company, a client's "María R.". */
const otherName = `coalesce(CASE WHEN other.role = 'provider' THEN opr.company_name END, ${personNameSql('op')}, '')`;

/** Conversations as `viewer` sees them; filter with `c.` and `me.` columns, order by `me.activity_at`. */
export function conversationViews(db: Knex | Knex.Transaction, viewer: string) {
  return db
    .from('conversation_participants as me')
    .join('conversations as c', 'c.id', 'me.conversation_id')
    .joinRaw('JOIN conversation_participants other ON other.conversation_id = c.id AND other.user_id <> me.user_id')
    .joinRaw('JOIN profiles op ON op.id = other.user_id')
    .joinRaw("LEFT JOIN providers opr ON opr.id = other.user_id AND other.role = 'provider'")
    .joinRaw('LEFT JOIN messages lm ON lm.id = c.last_message_id')
    .where('me.user_id', viewer)
    .select<ConversationView[]>(
      db.raw(`c.id, c.subject, c.about_project, c.job_id, c.client_id, c.provider_id, c.created_at, c.updated_at,
        me.status, me.priority, me.archived, me.spam, me.unread_count, me.activity_at,
        other.user_id AS other_id, other.role AS other_role, other.status AS other_status,
        ${otherName} AS other_name, coalesce(opr.profile_picture_url, op.avatar_url) AS other_avatar,
        CASE WHEN lm.id IS NULL THEN NULL ELSE to_jsonb(lm) END AS last_message`),
    );
}

export function toConversation(view: ConversationView, secret: string, now: Date): Conversation {
  return {
    id: view.id,
    subject: view.subject,
    about_project: view.about_project,
    status: view.status,
    priority: view.priority,
    archived: view.archived,
    spam: view.spam,
    job_id: view.job_id,
    client_id: view.client_id,
    provider_id: view.provider_id,
    other_party: { id: view.other_id, name: view.other_name, avatar_url: view.other_avatar, is_provider: view.other_role === 'provider' },
    last_message: view.last_message ? toMessage(view.last_message, secret, now) : null,
    unread_count: view.unread_count,
    blocked_by_other_party: view.other_status === 'blocked',
    created_at: iso(view.created_at),
    updated_at: iso(view.activity_at),
  };
}

export const conversationNotFound = () => new AppError('conversation_not_found', 'Conversation not found');
export const messageNotFound = () => new AppError('message_not_found', 'Message not found');

/** Both participants of a conversation the caller takes part in; 404 for anyone else. */
export async function participantsOf(
  db: Knex | Knex.Transaction,
  conversationId: string,
  userId: string,
): Promise<{ me: ParticipantRow; other: ParticipantRow }> {
  const rows: ParticipantRow[] = await db('conversation_participants').where('conversation_id', conversationId);
  const me = rows.find((row) => row.user_id === userId);
  const other = rows.find((row) => row.user_id !== userId);
  if (!me || !other) throw conversationNotFound();
  return { me, other };
}

/** One conversation as `viewer` sees it (they must take part). */
export async function conversationFor(db: Knex | Knex.Transaction, id: string, viewer: string, secret: string, now: Date): Promise<Conversation> {
  const view = await conversationViews(db, viewer).where('c.id', id).first();
  if (!view) throw conversationNotFound();
  return toConversation(view, secret, now);
}
