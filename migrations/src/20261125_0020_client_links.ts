import type { Knex } from 'knex';

/**
 * A provider knows a client (their email, phone and address: GET /clients, and booking for them)
 * through a job, but not through one that ended before the provider ever accepted it: a request
 * the client cancelled, the provider declined, or nobody answered. A job was accepted when it was
 * ever `upcoming` (accepted, agreed to a new time, or created by the provider for the client).
 */
export const contactSharedSql = (job: string) =>
  `(${job}.status NOT IN ('cancelled', 'cancelled_by_client', 'expired')
    OR EXISTS (SELECT 1 FROM job_transitions t WHERE t.job_id = ${job}.id AND t.to_status = 'upcoming'))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE VIEW provider_client_links AS
    SELECT DISTINCT j.provider_id, j.client_id FROM jobs j WHERE ${contactSharedSql('j')}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE OR REPLACE VIEW provider_client_links AS SELECT DISTINCT provider_id, client_id FROM jobs');
}
