import type { Knex } from 'knex';

/**
 * The portfolio (SPEC.md §3 Project): a provider's projects, their photos, likes and views.
 *
 * A photo is a row from its upload on: uploaded photos wait with no project (project_id null) until
 * a project takes them, and the `project-uploads-cleanup` background job removes the files of those
 * left waiting a day. `likes` and `views` are counters kept in the same transaction as the row
 * that causes them (a like per client and project, a view per viewer, project and day), so a
 * count cannot drift from its rows and the gallery can sort by them through an index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description').notNullable();
    t.text('project_type');
    t.text('location_slug').references('municipalities.slug').onDelete('SET NULL');
    t.date('start_date');
    t.date('completion_date');
    t.text('budget_range');
    t.specificType('materials', 'text[]').notNullable().defaultTo('{}');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('is_public').notNullable().defaultTo(true);
    t.integer('likes').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Days of work, both ends counted (a one-day job lasts 1 day).
  await knex.raw(`
    ALTER TABLE projects ADD COLUMN duration_days integer GENERATED ALWAYS AS (
      CASE WHEN start_date IS NOT NULL AND completion_date IS NOT NULL THEN completion_date - start_date + 1 END) STORED`);
  await knex.raw('ALTER TABLE projects ADD CONSTRAINT projects_completion_after_start CHECK (completion_date IS NULL OR start_date IS NULL OR completion_date >= start_date)');
  await knex.raw('ALTER TABLE projects ADD CONSTRAINT projects_counts_not_negative CHECK (likes >= 0 AND views >= 0)');
  await knex.raw('CREATE INDEX projects_by_provider_created ON projects (provider_id, created_at DESC, id)');
  await knex.raw('CREATE INDEX projects_featured ON projects (created_at DESC, id) WHERE featured AND is_public');

  await knex.schema.createTable('project_images', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Storage key without size and format: `<path>-<width>.webp` and `<path>-<width>.jpg` exist.
    t.text('path').notNullable().unique();
    t.uuid('owner_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.uuid('project_id').references('projects.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('is_cover').notNullable().defaultTo(false);
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.specificType('widths', 'integer[]').notNullable();
    // A blurred 16 px picture as a data URI, drawn while the photo loads.
    t.text('placeholder').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['project_id', 'position'], 'project_images_by_project');
  });
  await knex.raw('CREATE UNIQUE INDEX project_images_one_cover ON project_images (project_id) WHERE is_cover');
  await knex.raw('CREATE INDEX project_images_waiting ON project_images (created_at) WHERE project_id IS NULL');

  await knex.schema.createTable('project_likes', (t) => {
    t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['project_id', 'client_id']);
  });

  await knex.schema.createTable('project_views', (t) => {
    t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
    // The account's id, or a hash of a visitor's address and browser.
    t.text('viewer').notNullable();
    t.date('day').notNullable();
    t.primary(['project_id', 'viewer', 'day']);
    t.index(['day'], 'project_views_by_day');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('project_views');
  await knex.schema.dropTable('project_likes');
  await knex.schema.dropTable('project_images');
  await knex.schema.dropTable('projects');
}
