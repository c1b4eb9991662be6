/**
 * Quotes (issue 28, contract quotes.ts): the provider of a pending job sends a priced quote and
 * revises it; the client accepts a version (the job becomes upcoming for the quote's hours, action
 * `accept_quote`, or stays pending until its deposit is paid, service/deposits.ts), declines (the job is cancelled by the client, action `decline_quote`) or
 * counter-offers. Every change is one transaction that locks the job first and then the quote
 * row, so concurrent answers and a revision queue and exactly one of them wins; the others read
 * what it committed and get a 409 with a code. Events go out after commit: `quote.changed` to both
 * parties, and `job.changed` when the job moved.
 */
import type { Knex } from 'knex';
import {
  labourLine,
  priceLines,
  quoteLimits,
  type NewQuoteCounter,
  type NewQuoteVersion,
  type PricedLines,
  type Quote,
  type QuoteAcceptance,
  type QuoteDecline,
  type QuoteStatus,
  type TaxRate,
} from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { publishAfterCommit } from '../../../lib/events.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { lockJob, type JobRow, type JobsContext } from '../repository.ts';
import {
  insertVersion,
  lockQuote,
  newestVersion,
  openQuoteStatuses,
  quoteForUser,
  quoteNotFound,
  quoteRow,
  quoteRowOfJob,
  quoteStatusAt,
  type QuoteRow,
  type QuoteVersionRow,
} from '../repository/quotes.ts';
import { writeTransition } from './lifecycle.ts';
import { addressFor, insertJob } from './booking.ts';
import { checkSchedule, endOf, lockProviderTime } from './schedule-check.ts';
import { announce, type TransitionRecord } from './transitions.ts';
import { depositCentsFor } from '../repository/deposits.ts';
import { holdUntil } from './deposits.ts';

const dayMs = 86_400_000;

export const quoteAlreadyAnswered = () => new AppError('quote_already_answered', 'The quote was already answered');

/**
 * Prices a version the provider wrote, after the checks that need the clock: a valid-until in the
 * future and at most `validDaysMax` days ahead, and a total under the cap.
 */
export function priceVersion(version: NewQuoteVersion, now: Date): PricedLines {
  const validUntil = new Date(version.valid_until).getTime();
  if (validUntil <= now.getTime() || validUntil > now.getTime() + quoteLimits.validDaysMax * dayMs) {
    throw new AppError('validation_failed', `valid_until is in the future, at most ${quoteLimits.validDaysMax} days ahead`, {
      details: { valid_until: 'out_of_range' },
    });
  }
  const priced = priceLines(version.lines);
  if (priced.total_cents > quoteLimits.totalMaxCents) throw new AppError('quote_total_too_large', 'The total is over the largest a quote may have');
  return priced;
}

/** `quote.changed` to both parties, after commit. */
export async function announceQuote(context: Pick<JobsContext, 'events'>, quote: Pick<QuoteRow, 'id' | 'job_id' | 'conversation_id' | 'provider_id' | 'client_id'>, status: QuoteStatus, version: number, now: Date): Promise<void> {
  await publishAfterCommit(context, [quote.client_id, quote.provider_id], {
    type: 'quote.changed',
    quote_id: quote.id,
    job_id: quote.job_id,
    conversation_id: quote.conversation_id,
    status,
    version,
    at: now.toISOString(),
  });
}

/**
 * Adds a version to an open quote (a revision; status back to `sent`), or refuses an answered one.
 * The quote row is locked by the caller.
 */
export async function reviseQuote(trx: Knex.Transaction, quote: QuoteRow, body: NewQuoteVersion, priced: PricedLines, now: Date, columns: Record<string, unknown> = {}): Promise<number> {
  if (!openQuoteStatuses.includes(quote.status)) throw quoteAlreadyAnswered();
  const number = quote.version + 1;
  await insertVersion(trx, quote.id, number, priced, body, now);
  await trx('quotes').where({ id: quote.id }).update({ ...columns, status: 'sent', version: number, updated_at: now });
  return number;
}

/** POST /jobs/{id}/quote: the job's provider sends its quote, or a revision of it; the job stays pending. */
export async function sendJobQuote(context: JobsContext, jobId: string, caller: Caller, body: NewQuoteVersion): Promise<Quote> {
  const now = context.clock.now();
  const sent = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    if (job.provider_id !== caller.userId) throw forbidden();
    const existing = await lockQuote(trx, { job_id: jobId });
    if (existing && !openQuoteStatuses.includes(existing.status)) throw quoteAlreadyAnswered();
    if (job.status !== 'pending') throw new AppError('invalid_transition', `A job in ${job.status} takes no quote`);
    const priced = priceVersion(body, now);
    if (existing) return { ...existing, version: await reviseQuote(trx, existing, body, priced, now) };
    const [created] = (await trx('quotes')
      .insert({ job_id: jobId, provider_id: job.provider_id, client_id: job.client_id, status: 'sent', version: 1, created_at: now, updated_at: now })
      .returning('*')) as QuoteRow[];
    await insertVersion(trx, created!.id, 1, priced, body, now);
    return created!;
  });
  await announceQuote(context, sent, 'sent', sent.version, now);
  return quoteForUser(context.knex, await quoteRow(context.knex, sent.id), caller, now);
}

/** GET /jobs/{id}/quote: the job's quote with every version, for the job's parties. */
export async function jobQuote(context: JobsContext, jobId: string, caller: Caller): Promise<Quote> {
  const now = context.clock.now();
  const job = (await context.knex('jobs').where({ id: jobId }).first('client_id', 'provider_id')) as Pick<JobRow, 'client_id' | 'provider_id'> | undefined;
  if (!job || (job.client_id !== caller.userId && job.provider_id !== caller.userId && !caller.isAdmin)) {
    throw new AppError('job_not_found', 'Job not found');
  }
  return quoteForUser(context.knex, await quoteRowOfJob(context.knex, jobId), caller, now);
}

/** GET /quotes/{id}. */
export async function quoteById(context: JobsContext, quoteId: string, caller: Caller): Promise<Quote> {
  return quoteForUser(context.knex, await quoteRow(context.knex, quoteId), caller, context.clock.now());
}

/** The quote a client answers: 404 to anyone but its parties, 403 to its provider. */
async function clientsQuote(db: Knex, quoteId: string, caller: Caller): Promise<QuoteRow> {
  const quote = await quoteRow(db, quoteId);
  if (!quote || (quote.client_id !== caller.userId && quote.provider_id !== caller.userId)) throw quoteNotFound();
  if (quote.client_id !== caller.userId) throw forbidden();
  return quote;
}

/**
 * The version the client answers, checked on the locked quote: still open (not answered, its job
 * still pending), the newest (`quote_superseded` otherwise) and not past its valid-until.
 */
async function answerableVersion(trx: Knex.Transaction, quote: QuoteRow, version: number, now: Date): Promise<QuoteVersionRow> {
  if (!openQuoteStatuses.includes(quote.status)) throw quoteAlreadyAnswered();
  if (quote.job_status !== null && quote.job_status !== 'pending') throw quoteAlreadyAnswered();
  if (version !== quote.version) throw new AppError('quote_superseded', 'A newer version of the quote replaced this one');
  const newest = await newestVersion(trx, quote);
  if (quoteStatusAt(quote.status, newest.valid_until, quote.job_status, now) === 'expired') throw new AppError('quote_expired', 'The quote expired');
  return newest;
}

/**
 * Runs one answer of the client in a transaction: the job (if any) locked first, then the quote;
 * answers the quote as the client now reads it, after announcing the change.
 */
async function answer(
  context: JobsContext,
  quoteId: string,
  caller: Caller,
  act: (trx: Knex.Transaction, quote: QuoteRow, job: JobRow | null) => Promise<{ status: QuoteStatus; record: TransitionRecord | null; jobId?: string }>,
): Promise<Quote> {
  const now = context.clock.now();
  const found = await clientsQuote(context.knex, quoteId, caller);
  const done = await context.knex.transaction(async (trx) => {
    const job = found.job_id ? await lockJob(trx, found.job_id, caller) : null;
    const quote = await lockQuote(trx, { id: quoteId });
    if (!quote) throw quoteNotFound();
    const result = await act(trx, quote, job);
    return { quote: { ...quote, job_id: result.jobId ?? quote.job_id }, ...result };
  });
  if (done.record) await announce(context, done.record);
  await announceQuote(context, done.quote, done.status, done.quote.version, now);
  return quoteForUser(context.knex, await quoteRow(context.knex, quoteId), caller, now);
}

/**
 * POST /quotes/{id}/accept: the job becomes upcoming at its requested start for the quote's hours.
 * When the provider asks a deposit for the service (repository/deposits.ts; a connected payment
 * account and a rule giving $1 or more), the job stays pending instead, holding the provider's time
 * for `paymentLimits.holdMinutes` (action `accept_quote_deposit_due`): it becomes upcoming once the
 * deposit is read back paid, or expires unpaid (service/deposits.ts).
 */
export function acceptQuote(context: JobsContext, quoteId: string, caller: Caller, body: QuoteAcceptance): Promise<Quote> {
  return answer(context, quoteId, caller, async (trx, quote, job) => {
    const version = await answerableVersion(trx, quote, body.version, context.clock.now());
    const now = context.clock.now();
    const hours = Number(version.hours);
    const categoryId = job ? job.category_id : quote.offer!.category_id;
    const deposit = await depositCentsFor(trx, quote.provider_id, categoryId, version.total_cents);
    const hold = deposit > 0 ? { deposit_cents: deposit, deposit_hold_until: holdUntil(now) } : {};
    let record: TransitionRecord;
    let jobId = quote.job_id;
    if (job) {
      await lockProviderTime(trx, job.provider_id);
      const columns = { estimated_hours: hours, scheduled_end: endOf(job.scheduled_start, hours), ...hold };
      const to = deposit > 0 ? 'pending' : 'upcoming';
      record = await writeTransition(trx, job, { to, action: deposit > 0 ? 'accept_quote_deposit_due' : 'accept_quote', party: 'client', actorId: caller.userId, columns, now });
    } else {
      record = await bookOffer(trx, quote, version, now, hold);
      jobId = record.jobId;
    }
    await trx('quotes')
      .where({ id: quote.id })
      .update({ status: 'accepted', job_id: jobId, accepted_version: version.number, accepted_at: now, updated_at: now });
    return { status: 'accepted', record, jobId: jobId ?? undefined };
  });
}

/**
 * Books the job a conversation's quote offers, inside the accepting transaction: the booking's
 * checks for the client (the provider's hours, days and services, a quarter-hour start not in the
 * past) and the overlap rule, then an upcoming job for the quote's hours (action `accept_quote`),
 * or a pending one holding the time for its deposit (`accept_quote_deposit_due`).
 */
async function bookOffer(trx: Knex.Transaction, quote: QuoteRow, version: QuoteVersionRow, now: Date, hold: { deposit_cents?: number; deposit_hold_until?: Date }): Promise<TransitionRecord> {
  const offer = quote.offer!;
  const start = new Date(offer.scheduled_start);
  const hours = Number(version.hours);
  const depositDue = hold.deposit_cents !== undefined;
  await checkSchedule(trx, { providerId: quote.provider_id, start, hours, now, categoryId: offer.category_id, bookerId: quote.client_id });
  const created = await insertJob(
    trx,
    {
      client_id: quote.client_id,
      provider_id: quote.provider_id,
      category_id: offer.category_id,
      title: offer.title,
      description: version.note ?? '',
      status: depositDue ? 'pending' : 'upcoming',
      start,
      hours,
      estimated_hours: hours,
      location_type: offer.location_type,
      location_address: addressFor(offer.location_type, offer.location_address),
      created_by: quote.client_id,
    },
    depositDue ? 'accept_quote_deposit_due' : 'accept_quote',
    now,
  );
  if (depositDue) await trx('jobs').where({ id: created.record.jobId }).update(hold);
  return created.record;
}

/** POST /quotes/{id}/decline: the quote is declined; a job's request is cancelled by the client with the reason. */
export function declineQuote(context: JobsContext, quoteId: string, caller: Caller, body: QuoteDecline): Promise<Quote> {
  return answer(context, quoteId, caller, async (trx, quote, job) => {
    const now = context.clock.now();
    if (!openQuoteStatuses.includes(quote.status) || (job && job.status !== 'pending')) throw quoteAlreadyAnswered();
    const reason = body.reason.trim() || null;
    const record = job
      ? await writeTransition(trx, job, { to: 'cancelled_by_client', action: 'decline_quote', party: 'client', actorId: caller.userId, columns: { decline_reason: reason }, now })
      : null;
    await trx('quotes').where({ id: quote.id }).update({ status: 'declined', decline_reason: reason, updated_at: now });
    return { status: 'declined', record };
  });
}

/** POST /quotes/{id}/counter: the client questions the newest version (once); the provider may revise. */
export function counterQuote(context: JobsContext, quoteId: string, caller: Caller, body: NewQuoteCounter): Promise<Quote> {
  return answer(context, quoteId, caller, async (trx, quote) => {
    const now = context.clock.now();
    if (quote.status === 'countered') throw quoteAlreadyAnswered();
    const version = await answerableVersion(trx, quote, body.version, now);
    const lines = body.line_numbers ?? [];
    if (lines.some((n) => n > version.lines.length)) {
      throw new AppError('validation_failed', 'A questioned line is not in the quote', { details: { line_numbers: 'out_of_range' } });
    }
    await trx('quote_versions')
      .where({ quote_id: quote.id, number: version.number })
      .update({ counter_message: body.message, counter_line_numbers: lines, countered_at: now });
    await trx('quotes').where({ id: quote.id }).update({ status: 'countered', updated_at: now });
    return { status: 'countered', record: null };
  });
}

/**
 * The provider's PATCH accept with estimated hours, as a quote (called inside its transaction, the
 * job locked): one labour line at the provider's rate (the hours at an hourly rate, or one visit)
 * and their default IVU rate, recorded `accepted`. A job with an open quote gets it as a new
 * version; a provider who states no rate records none.
 */
export async function recordAcceptedEstimate(trx: Knex.Transaction, job: JobRow, hours: number, now: Date): Promise<{ quote: QuoteRow; version: number } | null> {
  const provider = (await trx('providers').where({ id: job.provider_id }).first('rate_cents', 'rate_unit', 'default_tax_rate')) as
    | { rate_cents: number | null; rate_unit: 'hour' | 'visit' | null; default_tax_rate: TaxRate }
    | undefined;
  if (!provider || provider.rate_cents === null || provider.rate_unit === null) return null;
  const line = labourLine(job.title.slice(0, quoteLimits.descriptionMaxLength), { amount_cents: provider.rate_cents, unit: provider.rate_unit }, hours, provider.default_tax_rate);
  const priced = priceLines([line]);
  const body = { hours, valid_until: now.toISOString() };
  const accepted = { status: 'accepted', accepted_at: now, updated_at: now };
  const existing = await lockQuote(trx, { job_id: job.id });
  if (existing) {
    if (!openQuoteStatuses.includes(existing.status)) return null;
    const number = existing.version + 1;
    await insertVersion(trx, existing.id, number, priced, body, now);
    await trx('quotes').where({ id: existing.id }).update({ ...accepted, version: number, accepted_version: number });
    return { quote: existing, version: number };
  }
  const [created] = (await trx('quotes')
    .insert({ job_id: job.id, provider_id: job.provider_id, client_id: job.client_id, version: 1, accepted_version: 1, created_at: now, ...accepted })
    .returning('*')) as QuoteRow[];
  await insertVersion(trx, created!.id, 1, priced, body, now);
  return { quote: created!, version: 1 };
}
