import type { Knex } from 'knex';

/**
 * "Asegurado" only from a certificate (issue 27, point 5). `providers.insured` used to be the
 * provider's own tick at onboarding or in settings, so a provider could wear the insured pill
 * with no certificate on file. From here it means one thing: an admin approved a certificate of
 * insurance that has not expired (valid through its expiry day, by Puerto Rico's calendar).
 * Approval sets it with `insurance_expires_on`, the `insurance-expiry` job clears it, and the api
 * no longer takes it from the provider.
 *
 * This recomputes every provider from their latest approved request, and a check keeps the flag
 * from standing without an expiry again. The provider row's triggers (migrations 0015 and 0031)
 * refresh the search places and cards of the rows that change.
 */
const islandToday = `(now() AT TIME ZONE 'America/Puerto_Rico')::date`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    WITH certified AS (
      SELECT p.id,
             (SELECT r.insurance_expires_on FROM verification_requests r
               WHERE r.provider_id = p.id AND r.status = 'approved'
               ORDER BY r.decided_at DESC NULLS LAST, r.created_at DESC LIMIT 1) AS expires_on
        FROM providers p
    )
    UPDATE providers p
       SET insured = coalesce(c.expires_on >= ${islandToday}, false),
           insurance_expires_on = c.expires_on,
           updated_at = now()
      FROM certified c
     WHERE c.id = p.id
       AND (p.insured IS DISTINCT FROM coalesce(c.expires_on >= ${islandToday}, false) OR p.insurance_expires_on IS DISTINCT FROM c.expires_on)`);
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_insured_needs_certificate CHECK (NOT insured OR insurance_expires_on IS NOT NULL)`);
  await knex.raw(`COMMENT ON COLUMN providers.insured IS 'An approved, unexpired certificate of insurance is on file: set by approval, cleared by the insurance-expiry job, never by the provider'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('COMMENT ON COLUMN providers.insured IS NULL');
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_insured_needs_certificate');
}
