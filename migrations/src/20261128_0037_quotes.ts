import type { Knex } from 'knex';

/**
 * Quotes (issue 28, contract/src/quotes.ts): a provider prices a request in lines; the client
 * accepts, declines or counter-offers; the provider revises. `quotes` is the negotiation (one per
 * job at most; one sent in a conversation names no job until the client accepts it and a job is
 * booked), `quote_versions` every version as sent, never changed afterwards except for the
 * client's counter-offer to it. A version's lines are stored as `priceLines` returns them, so the
 * figures read later are the figures the client was shown, whatever the rounding code becomes.
 *
 * `providers.default_tax_rate` is the IVU rate a provider's one-line quote takes (the provider's
 * PATCH accept with estimated hours), and the rate the quote editor starts each line with.
 */
const quoteStatuses = ['sent', 'countered', 'accepted', 'declined', 'expired', 'withdrawn'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quotes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('job_id').unique({ indexName: 'quotes_one_per_job' }).references('jobs.id').onDelete('CASCADE');
    t.uuid('conversation_id').references('conversations.id').onDelete('SET NULL');
    t.uuid('provider_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('sent').checkIn(quoteStatuses, 'quotes_status_known');
    t.integer('version').notNullable().defaultTo(1);
    t.integer('accepted_version');
    t.timestamp('accepted_at', { useTz: true });
    t.text('decline_reason');
    // A conversation's quote: what it offers to book (QuoteOffer).
    t.jsonb('offer');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE quotes ADD CONSTRAINT quotes_prices_something CHECK (job_id IS NOT NULL OR conversation_id IS NOT NULL OR offer IS NOT NULL)');
  await knex.raw('ALTER TABLE quotes ADD CONSTRAINT quotes_accepted_whole CHECK ((accepted_version IS NULL) = (accepted_at IS NULL))');
  await knex.raw('CREATE INDEX quotes_by_conversation ON quotes (conversation_id, created_at) WHERE conversation_id IS NOT NULL');
  await knex.raw('CREATE INDEX quotes_by_provider ON quotes (provider_id)');
  await knex.raw('CREATE INDEX quotes_by_client ON quotes (client_id)');

  await knex.schema.createTable('quote_versions', (t) => {
    t.uuid('quote_id').notNullable().references('quotes.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.jsonb('lines').notNullable();
    t.integer('subtotal_cents').notNullable();
    t.integer('tax_cents').notNullable();
    t.integer('total_cents').notNullable();
    t.decimal('hours').notNullable();
    t.timestamp('valid_until', { useTz: true }).notNullable();
    t.text('note');
    t.text('counter_message');
    t.specificType('counter_line_numbers', 'integer[]');
    t.timestamp('countered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['quote_id', 'number']);
  });
  await knex.raw(`ALTER TABLE quote_versions ADD CONSTRAINT quote_versions_amounts CHECK (
    subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0 AND total_cents = subtotal_cents + tax_cents AND number >= 1 AND hours > 0)`);

  await knex.raw(`ALTER TABLE providers ADD COLUMN default_tax_rate text NOT NULL DEFAULT 'standard'
    CONSTRAINT providers_default_tax_rate_known CHECK (default_tax_rate IN ('standard', 'reduced', 'exempt'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers DROP COLUMN IF EXISTS default_tax_rate');
  await knex.schema.dropTableIfExists('quote_versions');
  await knex.schema.dropTableIfExists('quotes');
}
