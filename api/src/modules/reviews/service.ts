/**
 * The rules of reviews (SPEC.md §2, §6, decision record 0021): a client reviews each of their
 * completed jobs with a provider (403 review_not_allowed without one; another person's job is 404
 * job_not_found), once per job (409 review_already_given, kept under concurrency by the unique
 * constraint reviews_one_per_job of migration 0034); only the author changes or
 * deletes a review; only the reviewed provider answers it, once, and may edit the answer. The
 * provider's rating_average and review_count follow each write through the triggers of
 * migration 0007 in the same transaction.
 */
import type { Knex } from 'knex';
import type { ProviderReviewPage, Review, ReviewInput, ReviewPage, ReviewPrompt } from '@resuelve/contract';
import type { AppContext, Caller } from '../../context.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { publishAfterCommit, type DomainEventOf } from '../../lib/events.ts';
import { earnForReview, takeBackReview } from '../loyalty/index.ts';
import { ratingDistribution, reviewById, reviewPage, type ReviewRow } from './repository.ts';

export type ReviewsContext = Pick<AppContext, 'knex' | 'clock' | 'events'>;

interface PageParams {
  limit: number;
  cursor?: string;
}

const notFound = () => new AppError('review_not_found', 'Review not found');

async function lockReview(trx: Knex.Transaction, id: string): Promise<Pick<ReviewRow, 'id' | 'provider_id' | 'client_id'>> {
  const row = await trx('reviews').where({ id }).forUpdate().first('id', 'provider_id', 'client_id');
  if (!row) throw notFound();
  return row as Pick<ReviewRow, 'id' | 'provider_id' | 'client_id'>;
}

/**
 * The job a review is written for: the one named (the caller's own completed job with this
 * provider), or else the caller's newest completed job with the provider that has no review yet.
 */
async function reviewedJob(trx: Knex.Transaction, providerId: string, caller: Caller, jobId: string | undefined): Promise<string> {
  if (jobId) {
    const job = (await trx('jobs').where({ id: jobId }).first('client_id', 'provider_id', 'status')) as
      | { client_id: string; provider_id: string; status: string }
      | undefined;
    // Another person's job is not revealed (as GET /jobs/{id}); its provider cannot review it either.
    if (!job || (job.client_id !== caller.userId && job.provider_id !== caller.userId)) throw new AppError('job_not_found', 'Job not found');
    if (job.client_id !== caller.userId) throw new AppError('review_not_allowed', 'Only the client of a job reviews it');
    if (job.provider_id !== providerId) throw new AppError('review_not_allowed', 'This job is with another provider');
    if (job.status !== 'completed') throw new AppError('review_not_allowed', 'A job is reviewed once it is completed');
    if (await trx('reviews').where({ job_id: jobId }).first('id')) throw new AppError('review_already_given', 'You already reviewed this job');
    return jobId;
  }
  const completed = trx('jobs').where({ client_id: caller.userId, provider_id: providerId, status: 'completed' });
  const job = (await completed
    .clone()
    .whereNotExists(trx('reviews as r').whereRaw('r.job_id = jobs.id').select(trx.raw('1')))
    .orderByRaw('coalesce(ended_at, scheduled_end) DESC, id DESC')
    .first('id')) as { id: string } | undefined;
  if (job) return job.id;
  if (await completed.first('id')) throw new AppError('review_already_given', 'You already reviewed every job with this provider');
  throw new AppError('review_not_allowed', 'A review needs a completed job with this provider');
}

/** POST /providers/{id}/reviews: the review of one completed job (decision record 0021). */
export async function createReview(context: ReviewsContext, providerId: string, caller: Caller, input: ReviewInput): Promise<Review> {
  const now = context.clock.now();
  const id = await context.knex.transaction(async (trx) => {
    const provider = await trx('providers').where({ id: providerId }).first('id');
    if (!provider) throw new AppError('provider_not_found', 'Provider not found');
    const jobId = await reviewedJob(trx, providerId, caller, input.job_id);
    // Two reviews of one job sent at once: the constraint reviews_one_per_job refuses the second (409).
    const [row] = await trx('reviews')
      .insert({
        job_id: jobId,
        provider_id: providerId,
        client_id: caller.userId,
        rating: input.rating,
        comment: input.comment ?? '',
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const reviewId = (row as { id: string }).id;
    // The review's points commit with it (decision record 0025): each job's review earns once.
    await earnForReview(trx, { id: reviewId, client_id: caller.userId, job_id: jobId }, now);
    return reviewId;
  });
  const event: DomainEventOf<'review.created'> = { type: 'review.created', review_id: id, provider_id: providerId, rating: input.rating, at: now.toISOString() };
  // The review is saved; a bus that cannot publish must not turn it into a failure.
  await publishAfterCommit(context, [providerId], event);
  return reviewById(context.knex, id);
}

/** PATCH /reviews/{id}: the author changes the rating or the comment. */
export async function updateReview(context: ReviewsContext, id: string, caller: Caller, changes: Partial<ReviewInput>): Promise<Review> {
  const now = context.clock.now();
  await context.knex.transaction(async (trx) => {
    const review = await lockReview(trx, id);
    if (review.client_id !== caller.userId) throw forbidden();
    await trx('reviews')
      .where({ id })
      .update({ ...changes, updated_at: now });
  });
  return reviewById(context.knex, id);
}

/** DELETE /reviews/{id}: the author takes the review back (they may write a new one later). */
export async function deleteReview(context: ReviewsContext, id: string, caller: Caller): Promise<void> {
  const now = context.clock.now();
  await context.knex.transaction(async (trx) => {
    const review = await lockReview(trx, id);
    if (review.client_id !== caller.userId) throw forbidden();
    await trx('reviews').where({ id }).delete();
    await takeBackReview(trx, review, now);
  });
}

/** PUT /reviews/{id}/reply: the reviewed provider's one public answer, written or edited. */
export async function replyToReview(context: ReviewsContext, id: string, caller: Caller, text: string): Promise<Review> {
  const now = context.clock.now();
  await context.knex.transaction(async (trx) => {
    const review = await lockReview(trx, id);
    if (review.provider_id !== caller.userId) throw forbidden();
    await trx('reviews')
      .where({ id })
      .update({ reply: text, reply_created_at: trx.raw('coalesce(reply_created_at, ?)', [now]), reply_updated_at: now });
  });
  return reviewById(context.knex, id);
}

/** GET /providers/{id}/reviews/my-review: the caller's latest review of this provider, or 404. */
export async function myReviewOf(db: Knex, providerId: string, caller: Caller): Promise<Review> {
  const row = (await db('reviews')
    .where({ provider_id: providerId, client_id: caller.userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id')) as { id: string } | undefined;
  if (!row) throw notFound();
  return reviewById(db, row.id);
}

/** GET /jobs/{id}/review: the job's review, for its client or provider (anyone else: 404 job_not_found); 404 review_not_found when there is none. */
export async function reviewOfJob(db: Knex, jobId: string, caller: Caller): Promise<Review> {
  const job = (await db('jobs').where({ id: jobId }).first('client_id', 'provider_id')) as { client_id: string; provider_id: string } | undefined;
  if (!job || (job.client_id !== caller.userId && job.provider_id !== caller.userId && !caller.isAdmin)) throw new AppError('job_not_found', 'Job not found');
  const row = (await db('reviews').where({ job_id: jobId }).first('id')) as { id: string } | undefined;
  if (!row) throw notFound();
  return reviewById(db, row.id);
}

async function isContractor(db: Knex, userId: string): Promise<boolean> {
  const row = (await db('profiles').where({ id: userId }).first('is_contractor')) as { is_contractor: boolean } | undefined;
  return row?.is_contractor === true;
}

/** GET /reviews/my-reviews: the client's own reviews, newest first (a provider account has none to list: 403). */
export async function reviewsByClient(db: Knex, caller: Caller, params: PageParams): Promise<ReviewPage> {
  if (await isContractor(db, caller.userId)) throw forbidden();
  return reviewPage(db, { 'r.client_id': caller.userId }, params);
}

/** GET /reviews/for-me: the reviews of the calling provider, newest first (403 for anyone else). */
export async function reviewsForProvider(db: Knex, caller: Caller, params: PageParams): Promise<ReviewPage> {
  const own = await db('providers as pr').join('profiles as p', 'p.id', 'pr.id').where({ 'pr.id': caller.userId, 'p.is_contractor': true }).first('pr.id');
  if (!own) throw forbidden();
  return reviewPage(db, { 'r.provider_id': caller.userId }, params);
}

/**
 * GET /providers/{id}/reviews: a public provider's reviews with the counts per rating. A provider
 * not yet onboarded is not public: only they can read theirs (as their profile, search/service/profile.ts).
 */
export async function providerReviews(db: Knex, providerId: string, viewerId: string | null, params: PageParams): Promise<ProviderReviewPage> {
  const provider = (await db('providers as pr')
    .join('profiles as p', 'p.id', 'pr.id')
    .where({ 'pr.id': providerId, 'p.is_contractor': true })
    .first('pr.rating_average', 'pr.review_count', 'p.is_onboarded')) as { rating_average: string; review_count: number; is_onboarded: boolean } | undefined;
  if (!provider || (!provider.is_onboarded && providerId !== viewerId)) throw new AppError('provider_not_found', 'Provider not found');
  const [page, distribution] = await Promise.all([reviewPage(db, { 'r.provider_id': providerId }, params), ratingDistribution(db, providerId)]);
  return { ...page, distribution, rating_average: Number(provider.rating_average), review_count: provider.review_count };
}

/** GET /reviews/prompt: the completed job without a review the client is asked to review now, if any (SPEC.md §3's flag). */
export async function reviewPrompt(db: Knex, caller: Caller): Promise<{ prompt: ReviewPrompt | null }> {
  const row = (await db('jobs as j')
    .join('providers as pr', 'pr.id', 'j.provider_id')
    .where({ 'j.client_id': caller.userId, 'j.status': 'completed', 'j.review_prompt_shown': false })
    .whereNull('j.client_hidden_at')
    .whereNotExists(db('reviews as r').whereRaw('r.job_id = j.id').select(db.raw('1')))
    .orderByRaw('coalesce(j.ended_at, j.scheduled_end) DESC, j.id')
    .first('j.id as job_id', 'j.title as job_title', 'j.provider_id', 'pr.company_name as provider_name')) as ReviewPrompt | undefined;
  return { prompt: row ?? null };
}
