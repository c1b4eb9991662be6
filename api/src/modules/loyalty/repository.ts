/**
 * Writing the loyalty ledger (decision record 0025). Called inside the transaction that completes a
 * job or writes or deletes a review, so the points and their cause commit together. Every insert is
 * keyed by what earned it (`loyalty_ledger_once`: client, reason, source) and skips a key that is
 * already there, so a job reported completed twice, or the same review counted again, adds nothing.
 */
import type { Knex } from 'knex';
import { loyaltyRules, type LoyaltyReason } from '@resuelve/contract';

interface Entry {
  client_id: string;
  reason: LoyaltyReason;
  source_id: string;
  points: number;
  job_id: string | null;
  created_at: Date;
}

async function append(trx: Knex, entries: Entry[]): Promise<void> {
  // No conflict target: the one-per-source key and the one-first-booking index both skip (a later
  // row of the same statement too, so of many jobs at once the earliest takes the bonus).
  for (let from = 0; from < entries.length; from += 2000) await trx('loyalty_ledger').insert(entries.slice(from, from + 2000)).onConflict().ignore();
}

/** A completed job earns its points, and the client's first completed job the first-booking bonus. */
export async function earnForCompletedJob(trx: Knex, job: { id: string; client_id: string }, at: Date): Promise<void> {
  await earnForCompletedJobs(trx, [{ ...job, at }]);
}

/**
 * Many completed jobs at once (the demo island's history), oldest first: the same entries as one
 * by one, in a few statements.
 */
export async function earnForCompletedJobs(trx: Knex, jobs: { id: string; client_id: string; at: Date }[]): Promise<void> {
  const base = (job: (typeof jobs)[number]) => ({ client_id: job.client_id, source_id: job.id, job_id: job.id, created_at: job.at });
  await append(trx, jobs.map((job): Entry => ({ ...base(job), reason: 'job_completed', points: loyaltyRules.pointsPerCompletedJob })));
  await append(trx, jobs.map((job): Entry => ({ ...base(job), reason: 'first_booking', points: loyaltyRules.firstBookingBonus })));
}

/** A review earns its points once. */
export async function earnForReview(trx: Knex, review: { id: string; client_id: string; job_id: string | null }, at: Date): Promise<void> {
  await earnForReviews(trx, [{ ...review, at }]);
}

/** Many reviews at once (the demo island's): the same entries as one by one. */
export async function earnForReviews(trx: Knex, reviews: { id: string; client_id: string; job_id: string | null; at: Date }[]): Promise<void> {
  await append(
    trx,
    reviews.map((review): Entry => ({ client_id: review.client_id, reason: 'review', source_id: review.id, points: loyaltyRules.pointsPerReview, job_id: review.job_id, created_at: review.at })),
  );
}

/** A deleted review takes back exactly what it earned (nothing when it earned nothing), once. */
export async function takeBackReview(trx: Knex, review: { id: string; client_id: string }, at: Date): Promise<void> {
  await trx.raw(
    `INSERT INTO loyalty_ledger (client_id, reason, source_id, points, job_id, created_at)
     SELECT client_id, 'review_removed', source_id, -points, job_id, ?
     FROM loyalty_ledger WHERE client_id = ? AND reason = 'review' AND source_id = ?
     ON CONFLICT DO NOTHING`,
    [at, review.client_id, review.id],
  );
}
