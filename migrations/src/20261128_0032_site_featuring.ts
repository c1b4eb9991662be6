import type { Knex } from 'knex';

/**
 * Featuring a project on the landing is an admin's decision (issue 25, decision 0046): when it was
 * put there, or null. `projects.featured` stays the provider's own mark of the projects that lead
 * their gallery. Projects providers marked before are not carried over: nobody decided those.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE projects ADD COLUMN featured_on_site_at timestamptz');
  await knex.raw('CREATE INDEX projects_featured_on_site ON projects (featured_on_site_at DESC) WHERE featured_on_site_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS projects_featured_on_site');
  await knex.raw('ALTER TABLE projects DROP COLUMN IF EXISTS featured_on_site_at');
}
