import type { Knex } from 'knex';

/**
 * A verified phone number belongs to one account only. The unique index is what settles the race
 * of two accounts verifying the same number at the same moment (`phone_taken`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.text('phone_number'); // digits only, E.164 without "+", e.g. 17875550123
    t.timestamp('phone_verified_at', { useTz: true });
  });
  await knex.raw('CREATE UNIQUE INDEX profiles_phone_number_unique ON profiles (phone_number) WHERE phone_number IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS profiles_phone_number_unique');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('phone_verified_at');
    t.dropColumn('phone_number');
  });
}
