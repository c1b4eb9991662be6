import type { Knex } from 'knex';

/**
 * One price (issue 27): a provider's public rate (migration 0024, decision record 0028) is the
 * rate. The private `hourly_rate_cents` of migration 0012, which earnings were counted by, moves
 * into the public rate where that is empty and goes away. (A private figure outside the public
 * rate's limits, below $1 or above $5,000 an hour, cannot be a public rate and is not moved.)
 *
 * A job keeps the rate as it was when it was accepted: `rate_cents_snapshot` and
 * `rate_unit_snapshot` ('hour' or 'visit'), set together or not at all. Its estimate and total are
 * made from them by contract/src/money.ts, so a later change of the rate does not rewrite history.
 * Every way a job becomes accepted (accept, agreeing to a new time, keeping the time, a
 * continuation the client accepts, a job the provider creates as upcoming, the demo seed) passes
 * through this trigger, so none of them can forget the snapshot: a job in upcoming, in_progress or
 * completed without one takes its provider's rate of that moment (none when the provider states
 * none). The trigger only copies; all arithmetic on money stays in money.ts.
 */
const acceptedStatuses = `('upcoming', 'in_progress', 'completed')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE providers SET rate_cents = hourly_rate_cents, rate_unit = 'hour', rate_from = false
    WHERE rate_cents IS NULL AND hourly_rate_cents BETWEEN 100 AND 500000`);
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_hourly_rate_range');
  await knex.raw('ALTER TABLE providers DROP COLUMN hourly_rate_cents');

  await knex.schema.alterTable('jobs', (t) => {
    t.integer('rate_cents_snapshot');
    t.text('rate_unit_snapshot');
  });
  await knex.raw(`ALTER TABLE jobs ADD CONSTRAINT jobs_rate_snapshot_whole CHECK (
    (rate_cents_snapshot IS NULL AND rate_unit_snapshot IS NULL)
    OR (rate_cents_snapshot IS NOT NULL AND rate_unit_snapshot IS NOT NULL AND rate_cents_snapshot >= 0 AND rate_unit_snapshot IN ('hour', 'visit')))`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION jobs_keep_rate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.rate_cents_snapshot IS NULL AND NEW.status IN ${acceptedStatuses} THEN
        SELECT p.rate_cents, p.rate_unit INTO NEW.rate_cents_snapshot, NEW.rate_unit_snapshot
          FROM providers p WHERE p.id = NEW.provider_id;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER jobs_keep_rate BEFORE INSERT OR UPDATE OF status, rate_cents_snapshot ON jobs
    FOR EACH ROW EXECUTE FUNCTION jobs_keep_rate()`);
  // Jobs accepted before today keep the rate their provider states now: the best record there is.
  await knex.raw(`UPDATE jobs j SET rate_cents_snapshot = p.rate_cents, rate_unit_snapshot = p.rate_unit
    FROM providers p WHERE p.id = j.provider_id AND p.rate_cents IS NOT NULL AND j.status IN ${acceptedStatuses}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS jobs_keep_rate ON jobs');
  await knex.raw('DROP FUNCTION IF EXISTS jobs_keep_rate()');
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_rate_snapshot_whole');
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('rate_unit_snapshot');
    t.dropColumn('rate_cents_snapshot');
  });
  await knex.raw('ALTER TABLE providers ADD COLUMN hourly_rate_cents integer');
  await knex.raw('ALTER TABLE providers ADD CONSTRAINT providers_hourly_rate_range CHECK (hourly_rate_cents BETWEEN 0 AND 10000000)');
  await knex.raw(`UPDATE providers SET hourly_rate_cents = rate_cents WHERE rate_unit = 'hour'`);
}
