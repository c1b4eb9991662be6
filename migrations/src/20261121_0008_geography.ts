import type { Knex } from 'knex';
import geography from '../data/pr-geography.json' with { type: 'json' };

/**
 * Puerto Rico's 78 municipalities and its ZIP codes with coordinates (migrations/data/
 * pr-geography.json, see its SOURCE note), so that addresses get a point and a municipality:
 * providers (columns of the search migration, now tied to municipalities) and clients (distance
 * from the client's address). Addresses saved before this migration are placed here once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('municipalities', (t) => {
    t.text('slug').primary();
    t.text('name').notNullable().unique();
    t.double('lat').notNullable();
    t.double('lng').notNullable();
  });
  // What people type: no accents, any case ("mayaguez" finds Mayagüez); trigrams for typos.
  await knex.raw('ALTER TABLE municipalities ADD COLUMN search_name text GENERATED ALWAYS AS (lower(f_unaccent(name))) STORED');
  await knex.raw('CREATE INDEX municipalities_search_trgm ON municipalities USING gin (search_name gin_trgm_ops)');

  await knex.schema.createTable('zip_codes', (t) => {
    t.text('zip').primary(); // text: Puerto Rico ZIPs start with 00
    t.text('municipality_slug').notNullable().references('municipalities.slug');
    t.double('lat').notNullable();
    t.double('lng').notNullable();
    t.index(['municipality_slug']);
  });

  await knex('municipalities').insert(geography.municipalities);
  await knex('zip_codes').insert(geography.zip_codes);

  await knex.schema.alterTable('providers', (t) => {
    t.foreign('municipality_slug', 'providers_municipality_fk').references('municipalities.slug');
  });
  await knex.schema.alterTable('client_profiles', (t) => {
    t.double('lat');
    t.double('lng');
    t.text('municipality_slug').references('municipalities.slug');
  });

  for (const table of ['providers', 'client_profiles']) await placeAddresses(knex, table);
}

/** The ZIP's point when the ZIP is known, else the centre of the municipality named as the city. */
async function placeAddresses(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `UPDATE ?? AS a SET municipality_slug = z.municipality_slug, lat = z.lat, lng = z.lng
       FROM zip_codes z WHERE z.zip = left(a.zip_code, 5)`,
    [table],
  );
  await knex.raw(
    `UPDATE ?? AS a SET municipality_slug = m.slug, lat = m.lat, lng = m.lng
       FROM municipalities m WHERE a.municipality_slug IS NULL AND m.search_name = lower(f_unaccent(trim(a.city)))`,
    [table],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_profiles', (t) => {
    t.dropColumns('lat', 'lng', 'municipality_slug');
  });
  await knex.schema.alterTable('providers', (t) => {
    t.dropForeign('municipality_slug', 'providers_municipality_fk');
  });
  await knex.schema.dropTableIfExists('zip_codes');
  await knex.schema.dropTableIfExists('municipalities');
}
