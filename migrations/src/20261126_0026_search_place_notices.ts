import type { Knex } from 'knex';

/**
 * Every change to provider_places (migration 0015: one row per listed provider and category, kept
 * by the providers trigger) is announced on the channel `resuelve_search_places` with the
 * provider's id, at commit. The api's in-memory place index (api/src/modules/search/place-index.ts,
 * decision record 0035) re-reads that provider's rows when it hears it. PostgreSQL folds equal
 * notices of one transaction into one, so the DELETE + INSERT of a provider's rows is one notice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_places_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('resuelve_search_places', coalesce(NEW.provider_id, OLD.provider_id)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER provider_places_notice AFTER INSERT OR UPDATE OR DELETE ON provider_places
      FOR EACH ROW EXECUTE FUNCTION provider_places_notice();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS provider_places_notice ON provider_places');
  await knex.raw('DROP FUNCTION IF EXISTS provider_places_notice()');
}
