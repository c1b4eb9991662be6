/**
 * Messaging (SPEC.md §2, §3, §7, §9; DESIGN.md §8): conversations between one client and one
 * provider, and their messages. The rules (who may start, limits, blocking) live in the api; this
 * file holds the shapes both sides read and the limits both check.
 *
 * Message ids are decimal strings of a number that grows within a conversation in the order the
 * messages were stored: `?after=<id>` after a dropped socket returns exactly what is missing.
 * Compare them with `compareMessageIds`, never as plain strings.
 */
import { limits } from './limits.ts';

/** The status of a conversation in one participant's view (each side has its own). */
export const conversationStatuses = ['active', 'completed', 'blocked'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const conversationPriorities = ['urgent', 'high', 'normal', 'low'] as const;
export type ConversationPriority = (typeof conversationPriorities)[number];

/**
 * What an attachment is once stored: images are checked by their content and re-encoded (WebP,
 * no metadata); PDF is kept as sent after its signature is checked.
 */
export const attachmentContentTypes = ['image/webp', 'application/pdf'] as const;
export type AttachmentContentType = (typeof attachmentContentTypes)[number];

/** What a file picker offers (the api decides by content, not by this). */
export const attachmentAccept = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif,application/pdf';

export const messageLimits = {
  /** A message's text, as typed (SPEC.md §5, §9). */
  textMinLength: 1,
  textMaxLength: limits.messageMaxLength,
  /** Per sender, across all their conversations; business rules, never scaled (SPEC.md §9). */
  perHour: limits.messagesPerHour,
  perDay: limits.messagesPerDay,
  attachmentMaxBytes: limits.attachmentMaxBytes,
  subjectMaxLength: 120,
  searchMaxLength: 100,
  /** The provider's automatic reply, in each language. */
  autoReplyMaxLength: limits.messageMaxLength,
  conversationPageSizeDefault: 20,
  conversationPageSizeMax: 100,
  /** Enough for a catch-up of 500 missed messages in one request. */
  messagePageSizeDefault: 50,
  messagePageSizeMax: 500,
  /** Cache lifetimes of SPEC.md §7 and §9, in seconds. */
  conversationListCacheSeconds: 30,
  messageListCacheSeconds: 5,
} as const;

/** Orders two message ids of one conversation: negative when `a` came first. */
export function compareMessageIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The other participant as the list and the chat show them. */
export interface ConversationParty {
  id: string;
  /** The shown name ("María R." or a company name). */
  name: string;
  avatar_url: string | null;
  /** Whether the other party is the provider of the conversation. */
  is_provider: boolean;
}

export interface MessageAttachment {
  /** Served only to the two participants (with the bearer token). */
  url: string;
  name: string;
  /** Bytes as stored (images after re-encoding). */
  size: number;
  content_type: AttachmentContentType;
}

export interface Message {
  id: string;
  conversation_id: string;
  sender_id: string;
  /**
   * As typed; render it as text (never as HTML). Empty for a deleted message, and may be empty
   * for an attachment sent without words.
   */
  text: string;
  attachment: MessageAttachment | null;
  /** When the recipient read it (null: not yet). */
  read_at: string | null;
  created_at: string;
  edited_at: string | null;
  /** A deleted message stays in its place as a trace: text empty, attachment null. */
  deleted_at: string | null;
  /** Sent by the provider's automatic reply, not typed by a person. */
  automatic: boolean;
}

export interface Conversation {
  id: string;
  subject: string | null;
  /** Started about a portfolio project (SPEC.md §3). */
  about_project: boolean;
  /** The caller's own view of it. */
  status: ConversationStatus;
  priority: ConversationPriority;
  archived: boolean;
  spam: boolean;
  job_id: string | null;
  client_id: string;
  provider_id: string;
  other_party: ConversationParty;
  last_message: Message | null;
  /** Messages from the other party the caller has not read. */
  unread_count: number;
  /** The other party blocked it: the caller can read but not write (403 conversation_blocked). */
  blocked_by_other_party: boolean;
  created_at: string;
  updated_at: string;
}

/** A keyset page; pass `next_cursor` back as `cursor` (null: nothing more). */
export interface ConversationPage {
  items: Conversation[];
  next_cursor: string | null;
}

/**
 * A page of messages, always oldest first. Without `after`/`before` it is the newest `limit`
 * messages and `next_cursor` is the id to pass as `before` to load older ones; with `before` the
 * same; with `after` it is what came after that id and `next_cursor` is the id to pass as `after`
 * when more are waiting. null: nothing more that way.
 */
export interface MessagePage {
  items: Message[];
  next_cursor: string | null;
}

/** `POST /conversations` body. Starting again with the same person about the same job answers the open one (200). */
export interface NewConversation {
  recipient_id: string;
  subject?: string;
  job_id?: string;
  about_project?: boolean;
  /** A first message, sent with the same rules as `POST /conversations/{id}/messages`. */
  text?: string;
}

/** `PATCH /conversations/{id}` body: any of these, for the caller's own view. Spam also archives. */
export interface ConversationPatch {
  status?: ConversationStatus;
  priority?: ConversationPriority;
  archived?: boolean;
  spam?: boolean;
}

/** `GET /conversations` query. */
export interface ConversationFilters {
  status?: ConversationStatus;
  priority?: ConversationPriority;
  /** Default false: the inbox; true: the archive. */
  archived?: boolean;
  /** Matches the other party's name, the subject and message text. */
  q?: string;
  limit?: number;
  cursor?: string;
}

/** `GET /conversations/{id}/messages` query. */
export interface MessageListQuery {
  after?: string;
  before?: string;
  limit?: number;
}

/** `POST /conversations/{id}/messages` body (with an `Idempotency-Key` header). */
export interface NewMessage {
  text: string;
}

/** `PATCH /messages/{id}` body: the sender edits the text of their own message. */
export interface MessagePatch {
  text: string;
}

/** `POST /messages/upload`, multipart: `file`, `conversation_id`, optional `text`; 201 with the Message. */
export interface MessageUploadFields {
  conversation_id: string;
  text?: string;
}

/** `GET /conversations/unread-count`: messages to the caller not yet read, across conversations. */
export interface UnreadCount {
  count: number;
}

/** `POST /messages/{id}/read`: that message and every earlier one from the other party are read. */
export interface MessagesRead {
  conversation_id: string;
  /** The id up to which the caller has read the conversation. */
  last_read_id: string;
  read_at: string;
  /** The caller's unread messages across all conversations afterwards. */
  unread_count: number;
}

/** How many messages the caller may still send (the counters of SPEC.md §2), `GET /messages/limits`. */
export interface MessageAllowance {
  hour_used: number;
  hour_limit: number;
  day_used: number;
  day_limit: number;
  /** When the next message may go when a limit is reached, else null. */
  retry_at: string | null;
}

/** A provider's automatic reply (provider settings): sent once per conversation, marked automatic. */
export interface AutoReply {
  enabled: boolean;
  text_es: string;
  text_en: string;
}

/** Live event `message.created`: the message itself (at most 500 characters), to both participants. */
export interface MessageCreated {
  conversation_id: string;
  message: Message;
}

/** Live event `message.updated`: a message was edited or deleted (its trace), to both participants. */
export interface MessageUpdated {
  conversation_id: string;
  message: Message;
}

/** Live event `message.read`: the reader has read everything up to `last_read_id`. */
export interface MessageReadEvent {
  conversation_id: string;
  reader_id: string;
  last_read_id: string;
  read_at: string;
}

/** Live event `conversation.updated`: something of a conversation changed; screens refetch it. */
export interface ConversationUpdated {
  conversation_id: string;
  /** What changed: `created`, `status`, `priority`, `archived`, `spam`, `blocked`, `last_message`. */
  changes: string[];
  /** Who changed it (null: the system). */
  actor_id: string | null;
  at: string;
}
