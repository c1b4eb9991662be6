import type { Knex } from 'knex';

/**
 * Rate-limit counters are counted on every api request and are worth nothing after a crash (a
 * window lasts a minute). An unlogged table skips the write-ahead log: no disk flush per request.
 * PostgreSQL empties it after a crash, which opens every window anew: the safe direction for a
 * visitor, and a minute at most for an abuser.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE rate_limits SET UNLOGGED');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE rate_limits SET LOGGED');
}
