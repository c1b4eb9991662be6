/**
 * State no screen can produce yet, set straight in the database of the worker's journey server
 * (journey-server.ts). A journey about something other than onboarding marks its account onboarded here,
 * before signing in, instead of walking the onboarding screens again.
 */
import { createKnex } from '../../../api/src/db/knex.ts';
import { journeyServer } from './journey-server.ts';

export async function markOnboarded(email: string): Promise<void> {
  const knex = createKnex(journeyServer().databaseUrl, { poolMax: 1 });
  try {
    const updated = await knex('profiles')
      .update({ is_onboarded: true, updated_at: knex.fn.now() })
      .whereIn('id', knex('users').select('id').where({ email }));
    if (updated !== 1) throw new Error(`No profile for ${email}`);
  } finally {
    await knex.destroy();
  }
}

/**
 * Marks `phone` (digits with the country code, as the phone module stores it) verified for the
 * account, as the phone module would: the jobs journeys need onboarded people and prove the
 * phone step elsewhere (onboarding journeys).
 */
export async function markPhoneVerified(email: string, phone: string): Promise<void> {
  const knex = createKnex(journeyServer().databaseUrl, { poolMax: 1 });
  try {
    const updated = await knex('profiles')
      .update({ phone_number: phone, phone_verified_at: knex.fn.now(), updated_at: knex.fn.now() })
      .whereIn('id', knex('users').select('id').where({ email }));
    if (updated !== 1) throw new Error(`No profile for ${email}`);
  } finally {
    await knex.destroy();
  }
}

/** Makes the account an admin, as `npm run admin` does; its next sign-in carries the flag. */
export async function markAdmin(email: string): Promise<void> {
  const knex = createKnex(journeyServer().databaseUrl, { poolMax: 1 });
  try {
    const updated = await knex('profiles')
      .update({ is_admin: true, updated_at: knex.fn.now() })
      .whereIn('id', knex('users').select('id').where({ email }));
    if (updated !== 1) throw new Error(`No profile for ${email}`);
  } finally {
    await knex.destroy();
  }
}
