import type { Knex } from 'knex';

/**
 * The api's in-memory search index holds whole cards (decision record 0039): what a card shows
 * (name, description, municipality, rate, photo, categories, completed jobs, badge) and the
 * provider's next free time. Every change that can alter one is announced at commit on the
 * channel of migration 0026 (`resuelve_search_places`) with the provider's id, and the index reads
 * that provider again: the provider's row (hours, time zone, ratings, listed…), their categories,
 * their projects and photos (the cover photo), their blocked dates and their held job times (the
 * next free time). A change to the categories' or municipalities' names is announced as `names`
 * (every card reads them). PostgreSQL folds equal notices of one transaction into one.
 */
const channel = 'resuelve_search_places';

const byProvider: { table: string; trigger: string; events: string }[] = [
  { table: 'provider_categories', trigger: 'provider_categories_search_card_notice', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'blocked_dates', trigger: 'blocked_dates_search_card_notice', events: 'INSERT OR UPDATE OR DELETE' },
  {
    table: 'jobs',
    trigger: 'jobs_search_card_notice',
    events: 'INSERT OR DELETE OR UPDATE OF provider_id, status, scheduled_start, scheduled_end, proposed_start, proposed_end',
  },
  // Views are counted on every visit and no card shows them.
  { table: 'projects', trigger: 'projects_search_card_notice', events: 'INSERT OR DELETE OR UPDATE OF provider_id, featured, is_public, likes, created_at' },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION search_card_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.provider_id IS NOT NULL THEN PERFORM pg_notify('${channel}', OLD.provider_id::text); END IF;
      IF TG_OP <> 'DELETE' AND NEW.provider_id IS NOT NULL THEN PERFORM pg_notify('${channel}', NEW.provider_id::text); END IF;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION providers_search_card_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${channel}', coalesce(NEW.id, OLD.id)::text);
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION project_images_search_card_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${channel}', pj.provider_id::text)
        FROM projects pj WHERE pj.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.project_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.project_id END);
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION search_names_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${channel}', 'names');
      RETURN NULL;
    END $$;`);
  await knex.raw(`CREATE TRIGGER providers_search_card_notice AFTER INSERT OR UPDATE OR DELETE ON providers
    FOR EACH ROW EXECUTE FUNCTION providers_search_card_notice()`);
  for (const { table, trigger, events } of byProvider) {
    await knex.raw(`CREATE TRIGGER ${trigger} AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION search_card_notice()`);
  }
  await knex.raw(`CREATE TRIGGER project_images_search_card_notice AFTER INSERT OR UPDATE OR DELETE ON project_images
    FOR EACH ROW EXECUTE FUNCTION project_images_search_card_notice()`);
  for (const table of ['categories', 'municipalities']) {
    await knex.raw(`CREATE TRIGGER ${table}_search_names_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION search_names_notice()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['categories', 'municipalities']) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_search_names_notice ON ${table}`);
  await knex.raw('DROP TRIGGER IF EXISTS project_images_search_card_notice ON project_images');
  for (const { table, trigger } of byProvider) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
  await knex.raw('DROP TRIGGER IF EXISTS providers_search_card_notice ON providers');
  await knex.raw('DROP FUNCTION IF EXISTS providers_search_card_notice()');
  await knex.raw('DROP FUNCTION IF EXISTS search_names_notice()');
  await knex.raw('DROP FUNCTION IF EXISTS project_images_search_card_notice()');
  await knex.raw('DROP FUNCTION IF EXISTS search_card_notice()');
}
