import type { Knex } from 'knex';

/**
 * A provider's category ids on the provider row, kept by provider_categories' triggers, so a
 * search by category and text and distance is one bitmap over providers' own indexes (GIN on
 * the ids, GIN trigram and tsvector on the text, GiST on the location) instead of a join that
 * fetches every provider of the area. Measured with bench/search.ts on 100,000 providers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE providers ADD COLUMN category_ids integer[] NOT NULL DEFAULT '{}'`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION providers_recount_categories(ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE providers p SET category_ids = ARRAY(
        SELECT pc.category_id FROM provider_categories pc WHERE pc.provider_id = p.id ORDER BY pc.category_id)
      WHERE p.id = ANY(ids)
    $$`);
  // One pass for existing rows (a large island rewrites every provider: no statement timeout).
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw(`
    UPDATE providers p SET category_ids = offered.ids
    FROM (SELECT provider_id, array_agg(category_id ORDER BY category_id) AS ids FROM provider_categories GROUP BY provider_id) AS offered
    WHERE offered.provider_id = p.id`);
  await knex.raw('CREATE INDEX providers_category_ids ON providers USING gin (category_ids)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_categories_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM providers_recount_categories(ARRAY(SELECT DISTINCT provider_id FROM new_rows)); RETURN NULL; END $$;
    CREATE OR REPLACE FUNCTION provider_categories_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM providers_recount_categories(ARRAY(SELECT DISTINCT provider_id FROM old_rows)); RETURN NULL; END $$;
    CREATE OR REPLACE FUNCTION provider_categories_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM providers_recount_categories(ARRAY(SELECT provider_id FROM new_rows UNION SELECT provider_id FROM old_rows)); RETURN NULL; END $$;
    CREATE TRIGGER provider_categories_ids_insert AFTER INSERT ON provider_categories
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_categories_inserted();
    CREATE TRIGGER provider_categories_ids_delete AFTER DELETE ON provider_categories
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_categories_deleted();
    CREATE TRIGGER provider_categories_ids_update AFTER UPDATE ON provider_categories
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_categories_updated();`);
}

export async function down(knex: Knex): Promise<void> {
  for (const kind of ['insert', 'delete', 'update']) await knex.raw(`DROP TRIGGER IF EXISTS provider_categories_ids_${kind} ON provider_categories`);
  for (const kind of ['inserted', 'deleted', 'updated']) await knex.raw(`DROP FUNCTION IF EXISTS provider_categories_${kind}()`);
  await knex.raw('DROP FUNCTION IF EXISTS providers_recount_categories(uuid[])');
  await knex.raw('ALTER TABLE providers DROP COLUMN IF EXISTS category_ids');
}
