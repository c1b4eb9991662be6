import type { Knex } from 'knex';

/**
 * Verified and insured providers, and the admin's account actions (issue "trust and growth"):
 * - `verification_requests`: a provider's licence or registration number, its board, and the
 *   certificate of insurance (a private file) with its expiry; an admin approves or rejects it.
 *   One pending request per provider at a time.
 * - `providers.insurance_expires_on` (what approval sets with `insured` and `verified_at`), and
 *   `insurance_reminded_on` so the month-before notice goes once per expiry date.
 * - `profiles.suspended_at`: a suspended account cannot sign in, its sessions end, and a
 *   suspended provider is not listed (the `listed` triggers of migration 0011 read it now).
 * - `admin_actions`: every decision, who took it (null for the background job), when and what.
 */
const listedFunctions = (withSuspension: boolean) => {
  const extra = withSuspension ? ' AND a.suspended_at IS NULL' : '';
  const extraNew = withSuspension ? ' AND NEW.suspended_at IS NULL' : '';
  const columns = withSuspension ? 'is_onboarded, is_contractor, suspended_at' : 'is_onboarded, is_contractor';
  const changed = withSuspension
    ? 'OLD.is_onboarded IS DISTINCT FROM NEW.is_onboarded OR OLD.is_contractor IS DISTINCT FROM NEW.is_contractor OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at'
    : 'OLD.is_onboarded IS DISTINCT FROM NEW.is_onboarded OR OLD.is_contractor IS DISTINCT FROM NEW.is_contractor';
  return `
    CREATE OR REPLACE FUNCTION providers_listed_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.listed := coalesce((SELECT a.is_onboarded AND a.is_contractor${extra} FROM profiles a WHERE a.id = NEW.id), false);
      RETURN NEW;
    END $$;
    CREATE OR REPLACE FUNCTION profiles_listed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE providers SET listed = NEW.is_onboarded AND NEW.is_contractor${extraNew} WHERE id = NEW.id;
      RETURN NULL;
    END $$;
    DROP TRIGGER IF EXISTS profiles_listed_update ON profiles;
    CREATE TRIGGER profiles_listed_update AFTER UPDATE OF ${columns} ON profiles
      FOR EACH ROW WHEN (${changed})
      EXECUTE FUNCTION profiles_listed_changed();`;
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE profiles ADD COLUMN suspended_at timestamptz');
  await knex.raw('ALTER TABLE providers ADD COLUMN insurance_expires_on date, ADD COLUMN insurance_reminded_on date');
  await knex.raw(listedFunctions(true));
  await knex.raw(`
    CREATE TABLE verification_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
      licence_number text NOT NULL,
      licence_board text NOT NULL,
      insurance_expires_on date NOT NULL,
      certificate_path text NOT NULL,
      certificate_type text NOT NULL CHECK (certificate_type IN ('application/pdf', 'image/webp')),
      certificate_size integer NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason text,
      decided_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw(`CREATE UNIQUE INDEX verification_requests_one_pending ON verification_requests (provider_id) WHERE status = 'pending'`);
  await knex.raw('CREATE INDEX verification_requests_provider ON verification_requests (provider_id, created_at DESC)');
  await knex.raw(`CREATE INDEX verification_requests_queue ON verification_requests (status, created_at)`);
  await knex.raw(`
    CREATE TABLE admin_actions (
      id bigserial PRIMARY KEY,
      admin_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
      action text NOT NULL,
      target_id uuid NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX admin_actions_target ON admin_actions (target_id, created_at DESC)');
  await knex.raw('CREATE INDEX admin_actions_created ON admin_actions (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS admin_actions');
  await knex.raw('DROP TABLE IF EXISTS verification_requests');
  await knex.raw(listedFunctions(false));
  await knex.raw('ALTER TABLE providers DROP COLUMN IF EXISTS insurance_expires_on, DROP COLUMN IF EXISTS insurance_reminded_on');
  await knex.raw('ALTER TABLE profiles DROP COLUMN IF EXISTS suspended_at');
}
