import type { Knex } from 'knex';

/**
 * Whether a provider is listed in search (an onboarded contractor account), on the provider row:
 * search then reads one table instead of joining every candidate to profiles (about a third of
 * the statement's time in bench/search.ts). Triggers copy it from profiles whoever writes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers ADD COLUMN listed boolean NOT NULL DEFAULT false');
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw(`UPDATE providers p SET listed = true FROM profiles a WHERE a.id = p.id AND a.is_onboarded AND a.is_contractor`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION providers_listed_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.listed := coalesce((SELECT a.is_onboarded AND a.is_contractor FROM profiles a WHERE a.id = NEW.id), false);
      RETURN NEW;
    END $$;
    CREATE TRIGGER providers_listed_insert BEFORE INSERT ON providers
      FOR EACH ROW EXECUTE FUNCTION providers_listed_on_insert();
    CREATE OR REPLACE FUNCTION profiles_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE providers SET listed = NEW.is_onboarded AND NEW.is_contractor WHERE id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER profiles_listed_update AFTER UPDATE OF is_onboarded, is_contractor ON profiles
      FOR EACH ROW WHEN (OLD.is_onboarded IS DISTINCT FROM NEW.is_onboarded OR OLD.is_contractor IS DISTINCT FROM NEW.is_contractor)
      EXECUTE FUNCTION profiles_listed_changed();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS profiles_listed_update ON profiles');
  await knex.raw('DROP TRIGGER IF EXISTS providers_listed_insert ON providers');
  await knex.raw('DROP FUNCTION IF EXISTS profiles_listed_changed()');
  await knex.raw('DROP FUNCTION IF EXISTS providers_listed_on_insert()');
  await knex.raw('ALTER TABLE providers DROP COLUMN IF EXISTS listed');
}
