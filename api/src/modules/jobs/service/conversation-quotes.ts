/**
 * A quote before any booking (issue 28): the provider of a conversation offers a job (service,
 * time, place) at a price; the client accepts it there (service/quotes.ts books the job, with the
 * booking's checks) or declines or counters as with a job's quote. While the conversation has an
 * open quote, a new one from the provider revises it (a version more, the offer replaced), so
 * sending and revising are one request here as on a job.
 */
import type { Knex } from 'knex';
import type { NewConversationQuote, Quote } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { JobsContext } from '../repository.ts';
import { conversationQuoteRows, insertVersion, quoteRow, quoteForUser, quotesFor, type QuoteRow } from '../repository/quotes.ts';
import { announceQuote, priceVersion, reviseQuote } from './quotes.ts';
import { checkSchedule } from './schedule-check.ts';

interface ConversationParties {
  id: string;
  client_id: string;
  provider_id: string;
  blocked: boolean;
}

const conversationNotFound = () => new AppError('conversation_not_found', 'Conversation not found');

/** The conversation for one of its two people (404 for anyone else), locked when writing. */
async function conversationFor(db: Knex, conversationId: string, caller: Caller, lock: boolean): Promise<ConversationParties> {
  const query = db('conversations as c')
    .where('c.id', conversationId)
    .first<ConversationParties | undefined>(
      'c.id',
      'c.client_id',
      'c.provider_id',
      db.raw(`EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = c.id AND cp.status = 'blocked') AS blocked`),
    );
  const conversation = await (lock ? query.forUpdate() : query);
  if (!conversation || (conversation.client_id !== caller.userId && conversation.provider_id !== caller.userId)) throw conversationNotFound();
  return conversation;
}

/** POST /conversations/{id}/quote: the conversation's provider offers a job at a price, or revises the open offer. */
export async function sendConversationQuote(context: JobsContext, conversationId: string, caller: Caller, body: NewConversationQuote): Promise<Quote> {
  const now = context.clock.now();
  const offer = { ...body.offer, location_address: body.offer.location_type === 'client_location' ? (body.offer.location_address ?? null) : null };
  const sent = await context.knex.transaction(async (trx) => {
    const conversation = await conversationFor(trx, conversationId, caller, true);
    if (conversation.provider_id !== caller.userId) throw forbidden();
    if (conversation.blocked) throw new AppError('conversation_blocked', 'The conversation is blocked');
    const priced = priceVersion(body, now);
    // The open quote first: an acceptance locks it before the provider's time, so this order avoids a deadlock.
    const open = (await trx('quotes as q')
      .leftJoin('jobs as j', 'j.id', 'q.job_id')
      .where({ 'q.conversation_id': conversationId, 'q.job_id': null })
      .whereIn('q.status', ['sent', 'countered'])
      .orderBy('q.created_at', 'desc')
      .forUpdate('q')
      .first('q.*', 'j.status as job_status')) as QuoteRow | undefined;
    // The offered time must be one the client could book (the same checks accepting runs again).
    await checkSchedule(trx, { providerId: caller.userId, start: new Date(offer.scheduled_start), hours: body.hours, now, categoryId: offer.category_id });
    if (open) return { ...open, version: await reviseQuote(trx, open, body, priced, now, { offer: JSON.stringify(offer) }) };
    const [created] = (await trx('quotes')
      .insert({
        conversation_id: conversationId,
        provider_id: conversation.provider_id,
        client_id: conversation.client_id,
        status: 'sent',
        version: 1,
        offer: JSON.stringify(offer),
        created_at: now,
        updated_at: now,
      })
      .returning('*')) as QuoteRow[];
    await insertVersion(trx, created!.id, 1, priced, body, now);
    return created!;
  });
  await announceQuote(context, sent, 'sent', sent.version, now);
  return quoteForUser(context.knex, await quoteRow(context.knex, sent.id), caller, now);
}

/** GET /conversations/{id}/quotes: the quotes of a conversation, oldest first, for its two people. */
export async function conversationQuotes(context: JobsContext, conversationId: string, caller: Caller): Promise<{ items: Quote[] }> {
  await conversationFor(context.knex, conversationId, caller, false);
  const rows = await conversationQuoteRows(context.knex, conversationId);
  return { items: await quotesFor(context.knex, rows, caller.userId, context.clock.now()) };
}
