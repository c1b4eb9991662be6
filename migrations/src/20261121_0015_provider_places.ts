import type { Knex } from 'knex';

/**
 * One row per listed provider and category with the provider's point on the earth, under one
 * GiST index over (category, point). "Plumbers within 25 km" is then one index descent that
 * meets only plumbers near the point, instead of every provider in the area's box filtered one by
 * one (15,745 rows for 637 plumbers around Mayagüez on 100,000 providers: bench/search.ts).
 * The row also carries what the filters and the sorts read (rating, reviews, experience,
 * insured, verified), so a page is chosen here and only its 20 providers are read.
 * A row trigger on providers keeps it, whoever writes categories (provider_categories' triggers
 * update providers.category_ids), location, listing or counters (reviews' triggers).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await knex.raw(`
    CREATE TABLE provider_places (
      category_id integer NOT NULL,
      -- providers.id is profiles.id; as jobs do (migration 0007), the account is referenced, so the
      -- providers table stays droppable on its own (api/test/providers-migration.test.ts).
      provider_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      earth earth NOT NULL,
      rating_average numeric(3, 2) NOT NULL,
      review_count integer NOT NULL,
      years_experience integer,
      insured boolean NOT NULL,
      verified boolean NOT NULL,
      PRIMARY KEY (category_id, provider_id)
    )`);
  await knex.raw('CREATE INDEX provider_places_provider ON provider_places (provider_id)');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_places_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM provider_places WHERE provider_id = NEW.id;
      IF NEW.listed AND NEW.lat IS NOT NULL AND NEW.lng IS NOT NULL THEN
        INSERT INTO provider_places (category_id, provider_id, earth, rating_average, review_count, years_experience, insured, verified)
        SELECT DISTINCT unnest(NEW.category_ids), NEW.id, ll_to_earth(NEW.lat, NEW.lng), NEW.rating_average, NEW.review_count,
               NEW.years_experience, NEW.insured, NEW.verified_at IS NOT NULL;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER providers_places_insert AFTER INSERT ON providers
      FOR EACH ROW EXECUTE FUNCTION provider_places_sync();
    CREATE TRIGGER providers_places_update AFTER UPDATE OF category_ids, lat, lng, listed, rating_average, review_count, years_experience, insured, verified_at ON providers
      FOR EACH ROW EXECUTE FUNCTION provider_places_sync();`);
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw(`
    INSERT INTO provider_places (category_id, provider_id, earth, rating_average, review_count, years_experience, insured, verified)
    SELECT DISTINCT unnest(p.category_ids), p.id, ll_to_earth(p.lat, p.lng), p.rating_average, p.review_count,
           p.years_experience, p.insured, p.verified_at IS NOT NULL
    FROM providers p WHERE p.listed AND p.lat IS NOT NULL AND p.lng IS NOT NULL`);
  // Built after the rows are in: one sorted build instead of 200,000 insertions into the tree.
  await knex.raw('CREATE INDEX provider_places_near ON provider_places USING gist (category_id, earth)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS providers_places_insert ON providers');
  await knex.raw('DROP TRIGGER IF EXISTS providers_places_update ON providers');
  await knex.raw('DROP FUNCTION IF EXISTS provider_places_sync()');
  await knex.raw('DROP TABLE IF EXISTS provider_places');
}
