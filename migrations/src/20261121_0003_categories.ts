import type { Knex } from 'knex';
import { categorySeeds } from '../data/categories.ts';

/**
 * Localized service categories, seeded so every install has them. Search is accent-insensitive
 * (`unaccent`) and typo-tolerant (`pg_trgm`) over both languages' names and keywords.
 */
export async function up(knex: Knex): Promise<void> {
  // unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary can be indexed.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);

  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.text('slug').notNullable().unique();
    t.text('group_slug').notNullable();
    t.text('name_es').notNullable();
    t.text('name_en').notNullable();
    t.text('keywords_es').notNullable().defaultTo('');
    t.text('keywords_en').notNullable().defaultTo('');
    t.boolean('is_interest').notNullable().defaultTo(false);
    t.boolean('is_trending').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE categories ADD COLUMN search_text text GENERATED ALWAYS AS (
      lower(f_unaccent(name_es || ' ' || name_en || ' ' || keywords_es || ' ' || keywords_en || ' ' || replace(slug, '-', ' ')))
    ) STORED`);
  await knex.raw('CREATE INDEX categories_search_trgm ON categories USING gin (search_text gin_trgm_ops)');

  await knex('categories').insert(
    categorySeeds.map((c, index) => ({
      slug: c.slug,
      group_slug: c.group,
      name_es: c.es,
      name_en: c.en,
      keywords_es: c.keywordsEs,
      keywords_en: c.keywordsEn,
      is_interest: c.interest ?? false,
      is_trending: ['plumbing', 'electrical', 'cleaning', 'hvac', 'photography'].includes(c.slug),
      sort_order: index,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('categories');
  await knex.raw('DROP FUNCTION IF EXISTS f_unaccent(text)');
}
