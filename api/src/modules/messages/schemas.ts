/** joi for conversations and messages, built from contract/src/messages.ts (one source for each limit). */
import Joi from 'joi';
import {
  attachmentContentTypes,
  conversationPriorities,
  conversationStatuses,
  messageLimits,
  type AutoReply,
  type ConversationFilters,
  type ConversationPatch,
  type MessagePatch,
  type MessageUploadFields,
  type NewConversation,
  type NewMessage,
} from '@resuelve/contract';
import { fileField, type FilePart } from '../../lib/multipart.ts';
import { schemas } from '../../lib/validation.ts';

const rule = { 'any.rule': '{{#label}} fails the rule {{#rule}}' };

/** A message's text: stored as typed (not trimmed), 1 to 500 characters, not only spaces. */
export const messageText = Joi.string()
  .min(messageLimits.textMinLength)
  .max(messageLimits.textMaxLength)
  .custom((value: string, helpers) => (/\S/.test(value) ? value : helpers.error('any.rule', { rule: 'required' })))
  .messages(rule);

/** A message id: the decimal digits of a positive number. */
export const messageId = Joi.string().pattern(/^[1-9]\d{0,17}$/);

export const conversationIdParams = Joi.object<{ id: string }>({ id: schemas.uuid.required() });
export const messageIdParams = Joi.object<{ id: string }>({ id: messageId.required() });

export const newConversationBody = Joi.object<NewConversation>({
  recipient_id: schemas.uuid.required(),
  subject: Joi.string().trim().max(messageLimits.subjectMaxLength).allow(''),
  job_id: schemas.uuid.allow(null),
  about_project: Joi.boolean(),
  text: messageText,
}).label('NewConversation');

export const conversationPatchBody = Joi.object<ConversationPatch>({
  status: Joi.string().valid(...conversationStatuses),
  priority: Joi.string().valid(...conversationPriorities),
  archived: Joi.boolean(),
  spam: Joi.boolean(),
})
  .min(1)
  .label('ConversationPatch');

/** `GET /conversations` once joi has filled in its defaults. */
export interface ConversationListQuery extends ConversationFilters {
  limit: number;
  archived: boolean;
}

export const conversationListQuery = Joi.object<ConversationListQuery>({
  status: Joi.string().valid(...conversationStatuses),
  priority: Joi.string().valid(...conversationPriorities),
  archived: Joi.boolean().default(false),
  q: Joi.string().trim().max(messageLimits.searchMaxLength).allow(''),
  limit: Joi.number().integer().min(1).max(messageLimits.conversationPageSizeMax).default(messageLimits.conversationPageSizeDefault),
  cursor: Joi.string().max(200),
});

/** `GET /conversations/{id}/messages`: after or before a message id, `limit` of them. */
export interface MessageRange {
  after?: string;
  before?: string;
  limit: number;
}

export const messageListQuery = Joi.object<MessageRange>({
  after: messageId,
  before: messageId,
  limit: Joi.number().integer().min(1).max(messageLimits.messagePageSizeMax).default(messageLimits.messagePageSizeDefault),
});

export const newMessageBody = Joi.object<NewMessage>({ text: messageText.required() }).label('NewMessage');
export const messagePatchBody = Joi.object<MessagePatch>({ text: messageText.required() }).label('MessagePatch');

/** `POST /messages/upload`, multipart: the file and the fields beside it. */
export interface MessageUpload extends MessageUploadFields {
  file: FilePart;
}

export const uploadPayload = Joi.object<MessageUpload>({
  file: fileField.required().description('An image (checked by content, re-encoded as WebP without metadata) or a PDF, at most 25 MB'),
  conversation_id: schemas.uuid.required(),
  text: messageText.allow(''),
}).label('MessageUpload');

const autoReplyWords = Joi.string().trim().max(messageLimits.autoReplyMaxLength);
const autoReplyText = autoReplyWords.allow('');

export const autoReplySchema = Joi.object<AutoReply>({
  enabled: Joi.boolean().required(),
  // Spanish first: the reply needs its Spanish words to be on; English falls back to them.
  text_es: Joi.when('enabled', { is: true, then: autoReplyWords.required(), otherwise: autoReplyText.required() }),
  text_en: autoReplyText.required(),
}).label('AutoReply');

const nullableString = Joi.string().allow(null);

export const messageSchema = Joi.object({
  id: Joi.string().required(),
  conversation_id: Joi.string().required(),
  sender_id: Joi.string().required(),
  text: Joi.string().allow('').required(),
  attachment: Joi.object({
    url: Joi.string().required(),
    name: Joi.string().required(),
    size: Joi.number().integer().required(),
    content_type: Joi.string().valid(...attachmentContentTypes).required(),
  })
    .allow(null)
    .required(),
  read_at: nullableString.required(),
  created_at: Joi.string().required(),
  edited_at: nullableString.required(),
  deleted_at: nullableString.required(),
  automatic: Joi.boolean().required(),
}).label('Message');

export const conversationSchema = Joi.object({
  id: Joi.string().required(),
  subject: nullableString.allow('').required(),
  about_project: Joi.boolean().required(),
  status: Joi.string().valid(...conversationStatuses).required(),
  priority: Joi.string().valid(...conversationPriorities).required(),
  archived: Joi.boolean().required(),
  spam: Joi.boolean().required(),
  job_id: nullableString.required(),
  client_id: Joi.string().required(),
  provider_id: Joi.string().required(),
  other_party: Joi.object({
    id: Joi.string().required(),
    name: Joi.string().allow('').required(),
    avatar_url: nullableString.required(),
    is_provider: Joi.boolean().required(),
  }).required(),
  last_message: messageSchema.allow(null).required(),
  unread_count: Joi.number().integer().min(0).required(),
  blocked_by_other_party: Joi.boolean().required(),
  created_at: Joi.string().required(),
  updated_at: Joi.string().required(),
}).label('Conversation');

export const conversationPage = Joi.object({
  items: Joi.array().items(conversationSchema).required(),
  next_cursor: nullableString.required(),
}).label('ConversationPage');

export const messagePage = Joi.object({
  items: Joi.array().items(messageSchema).required(),
  next_cursor: nullableString.required(),
}).label('MessagePage');

export const unreadCountSchema = Joi.object({ count: Joi.number().integer().min(0).required() }).label('UnreadCount');

export const messagesReadSchema = Joi.object({
  conversation_id: Joi.string().required(),
  last_read_id: Joi.string().required(),
  read_at: Joi.string().required(),
  unread_count: Joi.number().integer().min(0).required(),
}).label('MessagesRead');

export const allowanceSchema = Joi.object({
  hour_used: Joi.number().integer().required(),
  hour_limit: Joi.number().integer().required(),
  day_used: Joi.number().integer().required(),
  day_limit: Joi.number().integer().required(),
  retry_at: nullableString.required(),
}).label('MessageAllowance');
