import type { Knex } from 'knex';

/**
 * Earlier-slot alerts (issue 30, contract/src/slot-alerts.ts): a client facing a provider's full
 * day asks to hear when a time frees there. One alert per client, provider and day
 * (`slot_alerts_one_per_day`); `duration_minutes` is the length the client was looking for, so
 * "a time frees" means a free slot of that length. `notified_at` is null while the alert waits
 * (armed); the api sets it when it tells the client a time freed (the update is also the claim, so
 * with several api processes hearing the same event only one sends), and clears it again when the
 * day fills up once more, so a later freeing is told too. Alerts of days that passed are deleted
 * by the api's background clean-up.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('slot_alerts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('duration_minutes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('notified_at', { useTz: true });
    t.unique(['client_id', 'provider_id', 'date'], { indexName: 'slot_alerts_one_per_day' });
  });
  await knex.raw('ALTER TABLE slot_alerts ADD CONSTRAINT slot_alerts_duration_whole CHECK (duration_minutes BETWEEN 15 AND 1440 AND duration_minutes % 15 = 0)');
  // A freed time looks up the waiters of one provider's days.
  await knex.raw('CREATE INDEX slot_alerts_by_provider_day ON slot_alerts (provider_id, date)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('slot_alerts');
}
