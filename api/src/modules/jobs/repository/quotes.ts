/**
 * How a quote is read and written (contract quotes.ts, migration 0037): the `quotes` row, its
 * versions oldest first, and the contract's `Quote` for one viewer. A quote's status is stored as
 * its parties left it and read through `quoteStatusAt`: an open quote past its newest version's
 * valid-until reads `expired`, and one whose job is no longer pending (cancelled, expired, accepted
 * another way) reads `withdrawn`, without a background write that could race an answer.
 */
import type { Knex } from 'knex';
import { taxSummaries, type JobStatus, type PricedLines, type Quote, type QuoteAction, type QuoteLine, type QuoteOffer, type QuoteStatus, type QuoteSummary, type QuoteVersion } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { depositOf, depositRules } from './deposits.ts';

/** A row of `quotes`, with its job's status (null for a conversation's quote not yet booked). */
export interface QuoteRow {
  id: string;
  job_id: string | null;
  conversation_id: string | null;
  provider_id: string;
  client_id: string;
  status: QuoteStatus;
  version: number;
  accepted_version: number | null;
  accepted_at: Date | null;
  decline_reason: string | null;
  offer: QuoteOffer | null;
  created_at: Date;
  updated_at: Date;
  job_status: JobStatus | null;
  /** Its job's service and the deposit accepting it asked for (null without a job, or none asked). */
  job_category_id: number | null;
  job_deposit_cents: number | null;
}

/** A row of `quote_versions`. */
export interface QuoteVersionRow {
  quote_id: string;
  number: number;
  lines: QuoteLine[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  hours: string | number;
  valid_until: Date;
  note: string | null;
  counter_message: string | null;
  counter_line_numbers: number[] | null;
  countered_at: Date | null;
  created_at: Date;
}

export const quoteNotFound = () => new AppError('quote_not_found', 'Quote not found');

/** Statuses a party can still answer or revise. */
export const openQuoteStatuses: readonly QuoteStatus[] = ['sent', 'countered'];

/** The status a quote reads now (see the file's comment). */
export function quoteStatusAt(status: QuoteStatus, validUntil: Date, jobStatus: JobStatus | null, now: Date): QuoteStatus {
  if (!openQuoteStatuses.includes(status)) return status;
  if (jobStatus !== null && jobStatus !== 'pending') return 'withdrawn';
  return validUntil.getTime() <= now.getTime() ? 'expired' : status;
}

const quoteColumns = ['q.*', 'j.status as job_status', 'j.category_id as job_category_id', 'j.deposit_cents as job_deposit_cents'];

function quotes(db: Knex) {
  return db('quotes as q').leftJoin('jobs as j', 'j.id', 'q.job_id');
}

export async function quoteRow(db: Knex, id: string): Promise<QuoteRow | undefined> {
  return quotes(db).where('q.id', id).first<QuoteRow | undefined>(quoteColumns);
}

export async function quoteRowOfJob(db: Knex, jobId: string): Promise<QuoteRow | undefined> {
  return quotes(db).where('q.job_id', jobId).first<QuoteRow | undefined>(quoteColumns);
}

/**
 * The quote locked for a change (FOR UPDATE of the quote row only): concurrent answers and a
 * revision queue here, and each reads what the one before it committed. Callers that also change
 * the job lock the job first (lockJob), so the two locks are always taken in the same order.
 */
export async function lockQuote(trx: Knex.Transaction, where: { id: string } | { job_id: string }): Promise<QuoteRow | undefined> {
  const column = 'id' in where ? 'q.id' : 'q.job_id';
  const value = 'id' in where ? where.id : where.job_id;
  return quotes(trx).where(column, value).forUpdate('q').first<QuoteRow | undefined>(quoteColumns);
}

export async function versionsOf(db: Knex, quoteIds: string[]): Promise<Map<string, QuoteVersionRow[]>> {
  const rows = quoteIds.length ? ((await db('quote_versions').whereIn('quote_id', quoteIds).orderBy(['quote_id', 'number'])) as QuoteVersionRow[]) : [];
  const byQuote = new Map<string, QuoteVersionRow[]>(quoteIds.map((id) => [id, []]));
  for (const row of rows) byQuote.get(row.quote_id)!.push(row);
  return byQuote;
}

export async function newestVersion(db: Knex, quote: Pick<QuoteRow, 'id' | 'version'>): Promise<QuoteVersionRow> {
  return (await db('quote_versions').where({ quote_id: quote.id, number: quote.version }).first()) as QuoteVersionRow;
}

/** What the viewer may do with the quote now (the routes enforce the same rules). */
export function quoteActionsFor(row: QuoteRow, newest: QuoteVersionRow, viewerId: string, now: Date): QuoteAction[] {
  const status = quoteStatusAt(row.status, newest.valid_until, row.job_status, now);
  if (viewerId === row.client_id) {
    if (status === 'sent') return ['accept', 'decline', 'counter'];
    if (status === 'countered') return ['accept', 'decline'];
    return [];
  }
  // The provider revises an open quote, also one whose date passed (a new date revives it).
  const jobPending = row.job_status === null || row.job_status === 'pending';
  if (viewerId === row.provider_id && openQuoteStatuses.includes(row.status) && jobPending) return ['revise'];
  return [];
}

function toVersion(row: QuoteVersionRow): QuoteVersion {
  return {
    number: row.number,
    lines: row.lines,
    subtotal_cents: row.subtotal_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    taxes: taxSummaries(row.lines),
    hours: Number(row.hours),
    valid_until: row.valid_until.toISOString(),
    note: row.note,
    created_at: row.created_at.toISOString(),
    counter:
      row.counter_message === null || row.countered_at === null
        ? null
        : { message: row.counter_message, line_numbers: row.counter_line_numbers ?? [], created_at: row.countered_at.toISOString() },
  };
}

/** The service a quote prices: its job's, or the one its conversation offer books. */
const categoryOf = (row: QuoteRow): number | null => (row.job_id ? row.job_category_id : (row.offer?.category_id ?? null));

/** `depositCents`: what accepting the newest version asks for now (quotesFor). */
export function toQuote(row: QuoteRow, versions: QuoteVersionRow[], viewerId: string, now: Date, depositCents = 0): Quote {
  const newest = versions[versions.length - 1]!;
  return {
    id: row.id,
    job_id: row.job_id,
    conversation_id: row.conversation_id,
    provider_id: row.provider_id,
    client_id: row.client_id,
    status: quoteStatusAt(row.status, newest.valid_until, row.job_status, now),
    version: row.version,
    versions: versions.map(toVersion),
    decline_reason: row.decline_reason,
    accepted_version: row.accepted_version,
    accepted_at: row.accepted_at ? row.accepted_at.toISOString() : null,
    offer: row.offer,
    allowed_actions: quoteActionsFor(row, newest, viewerId, now),
    deposit_cents: depositCents,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Quotes as `viewerId` reads them, in the order given (one query for all their versions, one for
 * their providers' deposit rules). The deposit: an accepted quote's is the one its acceptance
 * asked for (kept on the job); an open one's, the provider's rule now over the newest total.
 */
export async function quotesFor(db: Knex, rows: QuoteRow[], viewerId: string, now: Date): Promise<Quote[]> {
  const versions = await versionsOf(
    db,
    rows.map((row) => row.id),
  );
  const rules = await depositRules(
    db,
    rows.filter((row) => row.status !== 'accepted').map((row) => ({ providerId: row.provider_id, categoryId: categoryOf(row) })),
  );
  return rows.map((row) => {
    const own = versions.get(row.id)!;
    const deposit = row.status === 'accepted' ? (row.job_deposit_cents ?? 0) : depositOf(rules, row.provider_id, categoryOf(row), own[own.length - 1]!.total_cents);
    return toQuote(row, own, viewerId, now, deposit);
  });
}

/** A quote for one of its parties (an admin reads too); anyone else 404 quote_not_found. */
export async function quoteForUser(db: Knex, row: QuoteRow | undefined, caller: { userId: string; isAdmin: boolean }, now: Date): Promise<Quote> {
  if (!row || (row.client_id !== caller.userId && row.provider_id !== caller.userId && !caller.isAdmin)) throw quoteNotFound();
  return (await quotesFor(db, [row], caller.userId, now))[0]!;
}

export async function conversationQuoteRows(db: Knex, conversationId: string): Promise<QuoteRow[]> {
  return quotes(db).where('q.conversation_id', conversationId).orderBy('q.created_at').orderBy('q.id').select<QuoteRow[]>(quoteColumns);
}

/**
 * `Job.quote`, one correlated subquery in the jobs view (quotes_one_per_job and the versions'
 * primary key serve it): no query per job in a list.
 */
export const quoteSummaryJsonSql = `(SELECT json_build_object('id', q.id, 'status', q.status, 'version', q.version,
    'total_cents', v.total_cents, 'valid_until', v.valid_until)
  FROM quotes q JOIN quote_versions v ON v.quote_id = q.id AND v.number = q.version WHERE q.job_id = j.id) AS quote`;

/** The subquery's JSON: instants arrive as PostgreSQL's text. */
export interface QuoteSummaryJson {
  id: string;
  status: QuoteStatus;
  version: number;
  total_cents: number;
  valid_until: string;
}

export function toQuoteSummary(json: QuoteSummaryJson | null, jobStatus: JobStatus, now: Date): QuoteSummary | null {
  if (!json) return null;
  const validUntil = new Date(json.valid_until);
  return {
    id: json.id,
    status: quoteStatusAt(json.status, validUntil, jobStatus, now),
    version: json.version,
    total_cents: json.total_cents,
    valid_until: validUntil.toISOString(),
  };
}

/** Inserts one version (lines as priceLines gave them). */
export async function insertVersion(
  trx: Knex.Transaction,
  quoteId: string,
  number: number,
  priced: PricedLines,
  version: { hours: number; valid_until: string; note?: string | null | undefined },
  now: Date,
): Promise<void> {
  await trx('quote_versions').insert({
    quote_id: quoteId,
    number,
    lines: JSON.stringify(priced.lines),
    subtotal_cents: priced.subtotal_cents,
    tax_cents: priced.tax_cents,
    total_cents: priced.total_cents,
    hours: version.hours,
    valid_until: new Date(version.valid_until),
    note: version.note ?? null,
    created_at: now,
  });
}
