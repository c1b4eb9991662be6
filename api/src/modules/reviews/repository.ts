/**
 * Reading reviews: one row shape (the review, its reply, the reviewer as "María R." and the
 * provider's company name) and keyset pages of it, newest first, for a provider's profile, the
 * provider's own list and the client's own list.
 */
import type { Knex } from 'knex';
import type { RatingDistribution, Review, ReviewPage } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';
import { personNameSql } from '../profiles/index.ts';
import { afterCursor, decodeCursor, encodeCursor, isUnreadableCursorValue, orderBy, unreadableCursor, type SortKey } from '../../lib/keyset.ts';

export interface ReviewRow {
  id: string;
  job_id: string | null;
  provider_id: string;
  client_id: string;
  rating: number;
  comment: string;
  reply: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
  client_name: string | null;
  provider_name: string;
  created_at: Date;
  updated_at: Date;
  sort_0: string;
}

/** Every review with what is shown beside it; narrow it with `where` on `r.`. */
export function reviewViews(db: Knex): Knex.QueryBuilder<ReviewRow, ReviewRow[]> {
  return db('reviews as r')
    .leftJoin('profiles as c', 'c.id', 'r.client_id')
    .join('providers as pr', 'pr.id', 'r.provider_id')
    .select<ReviewRow[]>(
      'r.id',
      'r.job_id',
      'r.provider_id',
      'r.client_id',
      'r.rating',
      'r.comment',
      'r.reply',
      'r.reply_created_at',
      'r.reply_updated_at',
      'r.created_at',
      'r.updated_at',
      'pr.company_name as provider_name',
      db.raw(`${personNameSql('c')} AS client_name`),
      db.raw('r.created_at::text AS sort_0'),
    ) as unknown as Knex.QueryBuilder<ReviewRow, ReviewRow[]>;
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    job_id: row.job_id,
    provider_id: row.provider_id,
    client_id: row.client_id,
    rating: row.rating,
    comment: row.comment,
    reply:
      row.reply !== null && row.reply_created_at
        ? { text: row.reply, created_at: row.reply_created_at.toISOString(), updated_at: (row.reply_updated_at ?? row.reply_created_at).toISOString() }
        : null,
    client_name: row.client_name,
    provider_name: row.provider_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function reviewById(db: Knex, id: string): Promise<Review> {
  const row = await reviewViews(db).where('r.id', id).first();
  if (!row) throw new AppError('review_not_found', 'Review not found');
  return toReview(row as ReviewRow);
}

const newestFirst: SortKey[] = [{ sql: 'r.created_at', type: 'timestamptz', descending: true, nullable: false }];

/** One page, newest first, of the reviews `where` picks. */
export async function reviewPage(
  db: Knex,
  where: { 'r.provider_id': string } | { 'r.client_id': string },
  params: { limit: number; cursor?: string },
): Promise<ReviewPage> {
  const query = reviewViews(db)
    .where(where)
    .orderByRaw(orderBy(newestFirst, 'r.id'))
    .limit(params.limit + 1);
  if (params.cursor) {
    const after = afterCursor(newestFirst, decodeCursor(params.cursor, 'reviews', 1), 'r.id');
    query.whereRaw(after.sql, after.bindings as Knex.RawBinding[]);
  }
  const rows = (await query.catch((error: unknown) => {
    throw params.cursor && isUnreadableCursorValue(error) ? unreadableCursor() : error;
  })) as ReviewRow[];
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  return {
    items: page.map(toReview),
    next_cursor: rows.length > params.limit && last ? encodeCursor({ sort: 'reviews', values: [last.sort_0], id: last.id }) : null,
  };
}

/** How many of the provider's reviews gave each rating. */
export async function ratingDistribution(db: Knex, providerId: string): Promise<RatingDistribution> {
  const rows: { rating: number; n: string }[] = await db('reviews').where({ provider_id: providerId }).groupBy('rating').select('rating', db.raw('count(*) AS n'));
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) distribution[String(row.rating) as keyof RatingDistribution] = Number(row.n);
  return distribution;
}
