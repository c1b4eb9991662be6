/**
 * Conversations (DESIGN.md §8): who may start one (a client with any listed provider; a provider
 * only with a client they have a job with), one per pair and job (starting again answers the
 * existing one), each participant's own view (status, priority, archive, spam), and the lists.
 */
import type { Knex } from 'knex';
import type { Conversation, ConversationPage, ConversationPatch, NewConversation } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { onceForKey, type KeyedAnswer } from '../../../lib/idempotency.ts';
import { decodeTimeCursor, encodeTimeCursor, likePattern } from '../../../lib/keyset.ts';
import type { ConversationListQuery } from '../schemas.ts';
import { announce, sendWithin, type Announcements } from './messages.ts';
import { conversationFor, conversationViews, participantsOf, toConversation, type ConversationView, type MessagesContext } from '../repository.ts';

const recipientNotFound = () => new AppError('recipient_not_found', 'Recipient not found');

interface Pair {
  clientId: string;
  providerId: string;
}

/** Who is the client and who the provider, or why the caller may not start this conversation. */
async function pairOf(db: Knex.Transaction, callerId: string, recipientId: string, jobId: string | null): Promise<Pair> {
  if (callerId === recipientId) throw recipientNotFound();
  const rows: { id: string; is_contractor: boolean; listed: boolean | null }[] = await db('profiles as p')
    .leftJoin('providers as pr', 'pr.id', 'p.id')
    .whereIn('p.id', [callerId, recipientId])
    .select('p.id', 'p.is_contractor', 'pr.listed');
  const caller = rows.find((row) => row.id === callerId);
  const recipient = rows.find((row) => row.id === recipientId);
  if (!caller || !recipient) throw recipientNotFound();
  let pair: Pair;
  if (!caller.is_contractor) {
    // A client writes to any provider people can find.
    if (!recipient.is_contractor || !recipient.listed) throw recipientNotFound();
    pair = { clientId: callerId, providerId: recipientId };
  } else {
    if (recipient.is_contractor) throw recipientNotFound();
    pair = { clientId: recipientId, providerId: callerId };
    const linked = await db('jobs').where({ provider_id: callerId, client_id: recipientId }).first('id');
    if (!linked) throw new AppError('conversation_not_allowed', 'A provider writes only to a client they have a job with');
  }
  if (jobId) {
    const job = await db('jobs').where({ id: jobId, client_id: pair.clientId, provider_id: pair.providerId }).first('id');
    if (!job) throw new AppError('job_not_found', 'Job not found');
  }
  return pair;
}

interface Started {
  conversation: Conversation;
  existed: boolean;
}

/**
 * POST /conversations: 201 with a new conversation, or 200 with the one this pair already has
 * about this job (or about no job). A `text` goes in as its first message, by the sending rules.
 */
export async function startConversation(
  context: MessagesContext,
  caller: Caller,
  body: NewConversation,
  idempotencyKey: string | undefined,
): Promise<KeyedAnswer<Conversation>> {
  const now = context.clock.now();
  let announcements: Announcements = [];
  const answer = await onceForKey<Started>(
    context.knex,
    { userId: caller.userId, key: idempotencyKey, scope: 'POST /conversations', body, now, status: 201 },
    async (trx) => {
      const jobId = body.job_id ?? null;
      const pair = await pairOf(trx, caller.userId, body.recipient_id, jobId);
      const created: { id: string }[] = await trx('conversations')
        .insert({
          client_id: pair.clientId,
          provider_id: pair.providerId,
          job_id: jobId,
          subject: body.subject || null,
          about_project: body.about_project ?? false,
          started_by: caller.userId,
          created_at: now,
          updated_at: now,
        })
        .onConflict(trx.raw('(client_id, provider_id, job_id)'))
        .ignore()
        .returning('id');
      let id = created[0]?.id;
      const existed = !id;
      if (!id) {
        const found = await trx('conversations').where({ client_id: pair.clientId, provider_id: pair.providerId }).where((q) => (jobId ? q.where('job_id', jobId) : q.whereNull('job_id'))).first('id');
        id = found.id as string;
      } else {
        await trx('conversation_participants').insert([
          { conversation_id: id, user_id: pair.clientId, role: 'client', activity_at: now },
          { conversation_id: id, user_id: pair.providerId, role: 'provider', activity_at: now },
        ]);
        announcements.push({
          recipients: [pair.clientId, pair.providerId],
          event: { type: 'conversation.updated', conversation_id: id, changes: ['created'], actor_id: caller.userId, at: now.toISOString() },
        });
      }
      if (body.text) {
        const sent = await sendWithin(context, trx, caller.userId, id, { text: body.text }, now);
        announcements = [...announcements, ...sent.announcements];
      }
      return { conversation: await conversationFor(trx, id, caller.userId, context.config.jwtSecret, now), existed };
    },
  );
  await announce(context, announcements);
  return { status: answer.body.existed ? 200 : 201, body: answer.body.conversation, replayed: answer.replayed };
}

/** GET /conversations: the caller's conversations, latest activity first, in keyset pages. */
export async function listConversations(
  context: MessagesContext,
  caller: Caller,
  filters: ConversationListQuery,
): Promise<ConversationPage> {
  const query = conversationViews(context.knex, caller.userId)
    .where('me.archived', filters.archived)
    // Until its first message a conversation is its starter's draft, not the other side's news.
    .where((q) => q.whereNotNull('c.last_message_id').orWhereNull('c.started_by').orWhereRaw('c.started_by = me.user_id'));
  if (filters.status) query.where('me.status', filters.status);
  if (filters.priority) query.where('me.priority', filters.priority);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    query.where((q) =>
      q
        .whereRaw(`c.subject ILIKE ?`, [pattern])
        .orWhereRaw(`coalesce(opr.company_name, '') ILIKE ?`, [pattern])
        .orWhereRaw(`concat_ws(' ', op.first_name, op.last_name, op.display_name) ILIKE ?`, [pattern])
        .orWhereExists((m) => m.select(context.knex.raw('1')).from('messages as sm').whereRaw('sm.conversation_id = c.id').whereRaw('sm.text ILIKE ?', [pattern])),
    );
  }
  if (filters.cursor) {
    const cursor = decodeTimeCursor(filters.cursor);
    query.whereRaw('(me.activity_at, me.conversation_id) < (?::timestamptz, ?::uuid)', [cursor.at, cursor.id]);
  }
  const rows: ConversationView[] = await query.orderBy([
    { column: 'me.activity_at', order: 'desc' },
    { column: 'me.conversation_id', order: 'desc' },
  ]).limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const now = context.clock.now();
  const last = page.at(-1);
  return {
    items: page.map((view) => toConversation(view, context.config.jwtSecret, now)),
    next_cursor: rows.length > filters.limit && last ? encodeTimeCursor({ at: new Date(last.activity_at).toISOString(), id: last.id }) : null,
  };
}

export function getConversation(context: MessagesContext, caller: Caller, id: string): Promise<Conversation> {
  return conversationFor(context.knex, id, caller.userId, context.config.jwtSecret, context.clock.now());
}

/**
 * PATCH /conversations/{id}: the caller's own view. Flagging spam archives it too. Blocking (and
 * unblocking) is told to both sides, since it decides whether the other may write; the rest only
 * to the caller's own screens.
 */
export async function patchConversation(context: MessagesContext, caller: Caller, id: string, patch: ConversationPatch): Promise<Conversation> {
  const now = context.clock.now();
  const { conversation, recipients, changes } = await context.knex.transaction(async (trx) => {
    const { me, other } = await participantsOf(trx, id, caller.userId);
    const update: Partial<Record<keyof ConversationPatch, unknown>> = { ...patch };
    if (patch.spam === true && patch.archived === undefined) update.archived = true;
    const changes = (Object.keys(update) as (keyof ConversationPatch)[]).filter((key) => update[key] !== me[key]);
    if (changes.length) await trx('conversation_participants').where({ conversation_id: id, user_id: me.user_id }).update(update);
    const blocking = changes.includes('status') && (me.status === 'blocked' || patch.status === 'blocked');
    return {
      conversation: await conversationFor(trx, id, caller.userId, context.config.jwtSecret, now),
      recipients: blocking ? [me.user_id, other.user_id] : [me.user_id],
      changes: blocking ? [...changes, 'blocked'] : changes,
    };
  });
  if (changes.length) {
    await announce(context, [{ recipients, event: { type: 'conversation.updated', conversation_id: id, changes, actor_id: caller.userId, at: now.toISOString() } }]);
  }
  return conversation;
}
