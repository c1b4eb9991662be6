import type { Knex } from 'knex';

/**
 * A provider knows a client (their email, phone and address: GET /clients, and booking for them)
 * once a job between them was accepted (decision record 0030), no longer from a request alone: a
 * job that is or was once `upcoming` (accepted, agreed to a new time, or created by the provider
 * for the client), or one already in progress or done. Before acceptance the provider sees the
 * client's name and municipality only.
 */
export const acceptedJobSql = (job: string) =>
  `(${job}.status IN ('upcoming', 'in_progress', 'completed') OR ${job}.original_job_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM job_transitions t WHERE t.job_id = ${job}.id AND t.to_status = 'upcoming'))`;

/** The rule of migration 0020: every job but one that ended before it was ever accepted. */
const unlessEndedUnacceptedSql = (job: string) =>
  `(${job}.status NOT IN ('cancelled', 'cancelled_by_client', 'expired')
    OR EXISTS (SELECT 1 FROM job_transitions t WHERE t.job_id = ${job}.id AND t.to_status = 'upcoming'))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE VIEW provider_client_links AS
    SELECT DISTINCT j.provider_id, j.client_id FROM jobs j WHERE ${acceptedJobSql('j')}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE VIEW provider_client_links AS
    SELECT DISTINCT j.provider_id, j.client_id FROM jobs j WHERE ${unlessEndedUnacceptedSql('j')}`);
}
