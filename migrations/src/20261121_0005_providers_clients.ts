import type { Knex } from 'knex';

/**
 * Provider and client profiles (SPEC.md §3), the categories a provider offers and a client is
 * interested in, blocked full days, saved onboarding progress, and the provider-client relation
 * that decides who may see a client (empty until jobs exist).
 */
// The values of contract's defaultBusinessHours, contactMethods and accountTypes when this was
// written: migrations import nothing outside migrations/ (DESIGN.md §1), and a migration records
// the schema as it was. api/test/providers-migration.test.ts fails if contract's default hours move away.
const defaultBusinessHours = {
  monday: { open: true, from: '08:00', to: '17:00' },
  tuesday: { open: true, from: '08:00', to: '17:00' },
  wednesday: { open: true, from: '08:00', to: '17:00' },
  thursday: { open: true, from: '08:00', to: '17:00' },
  friday: { open: true, from: '08:00', to: '17:00' },
  saturday: { open: true, from: '09:00', to: '13:00' },
  sunday: { open: false, from: '09:00', to: '13:00' },
};
const contactMethods = ['email', 'phone', 'sms'];
const accountTypes = ['client', 'provider'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('providers', (t) => {
    t.uuid('id').primary().references('profiles.id').onDelete('CASCADE');
    t.text('company_name').notNullable();
    t.text('ein'); // 9 digits, no dash
    t.text('business_address');
    t.text('city');
    t.text('state');
    t.text('zip_code'); // text: Puerto Rico ZIPs start with 00
    t.text('website_url');
    t.integer('years_experience');
    t.text('company_description');
    t.boolean('insured').notNullable().defaultTo(false);
    t.text('insurance_details');
    t.jsonb('social_media').notNullable().defaultTo('{}');
    t.text('profile_picture_url');
    t.jsonb('business_hours').notNullable().defaultTo(JSON.stringify(defaultBusinessHours));
    t.text('timezone').notNullable().defaultTo('America/Puerto_Rico');
    timestamps(knex, t);
  });
  await knex.raw('ALTER TABLE providers ADD CONSTRAINT providers_years_experience_not_negative CHECK (years_experience >= 0)');

  await knex.schema.createTable('provider_categories', (t) => {
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.integer('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['provider_id', 'category_id']);
    // Search by category ("plumbers") walks from the category to its providers.
    t.index(['category_id', 'provider_id'], 'provider_categories_by_category');
  });

  await knex.schema.createTable('blocked_dates', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.date('date').notNullable(); // a wall-clock day in the provider's time zone
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Also the index availability reads by (provider, date range).
    t.unique(['provider_id', 'date'], { indexName: 'blocked_dates_provider_date_unique' });
  });

  await knex.schema.createTable('client_profiles', (t) => {
    t.uuid('id').primary().references('profiles.id').onDelete('CASCADE');
    t.date('birth_date');
    t.text('address');
    t.text('city');
    t.text('state');
    t.text('zip_code');
    t.text('preferred_contact').notNullable().defaultTo('email').checkIn(contactMethods);
    timestamps(knex, t);
  });

  // Interests are categories flagged is_interest; a table rather than an array keeps them valid.
  await knex.schema.createTable('client_interests', (t) => {
    t.uuid('client_id').notNullable().references('client_profiles.id').onDelete('CASCADE');
    t.integer('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.primary(['client_id', 'category_id']);
    t.index(['category_id']);
  });

  await knex.schema.createTable('onboarding_progress', (t) => {
    t.uuid('user_id').primary().references('profiles.id').onDelete('CASCADE');
    t.text('account_type').checkIn(accountTypes);
    t.text('step');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Which clients a provider may see: those they have a job with. The jobs issue redefines it.
  await knex.raw('CREATE VIEW provider_client_links AS SELECT NULL::uuid AS provider_id, NULL::uuid AS client_id WHERE false');
}

function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP VIEW IF EXISTS provider_client_links');
  await knex.schema.dropTableIfExists('onboarding_progress');
  await knex.schema.dropTableIfExists('client_interests');
  await knex.schema.dropTableIfExists('client_profiles');
  await knex.schema.dropTableIfExists('blocked_dates');
  await knex.schema.dropTableIfExists('provider_categories');
  await knex.schema.dropTableIfExists('providers');
}
