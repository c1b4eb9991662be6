/**
 * Demo accounts for a fresh machine (`npm start` prints them). All three are verified; none is
 * onboarded yet, since onboarding is built later, so each lands on /onboarding at first sign-in.
 */
import type { Knex } from 'knex';
import { createAccount, type NewAccount } from '../modules/auth/service.ts';

export interface DemoAccount {
  role: 'client' | 'provider' | 'admin';
  email: string;
  password: string;
}

/** Meets every password rule of SPEC.md §5 (lower, upper, digit, special, 8+). */
const demoPassword = 'Demo#2026pr';

export const demoAccounts: DemoAccount[] = [
  { role: 'client', email: 'cliente@demo.resuelve.pr', password: demoPassword },
  { role: 'provider', email: 'proveedor@demo.resuelve.pr', password: demoPassword },
  { role: 'admin', email: 'admin@demo.resuelve.pr', password: demoPassword },
];

const profiles: Record<DemoAccount['role'], NonNullable<NewAccount['profile']>> = {
  client: { first_name: 'Carmen', last_name: 'Demo', display_name: 'Carmen D.' },
  provider: { first_name: 'Pedro', last_name: 'Demo', display_name: 'Pedro D.', is_contractor: true },
  admin: { first_name: 'Ada', last_name: 'Demo', display_name: 'Ada D.', is_admin: true },
};

/** Creates whichever demo accounts are missing; answers whether it created any. */
export async function seedDemo(knex: Knex): Promise<boolean> {
  const now = new Date();
  return knex.transaction(async (trx) => {
    // One seeding at a time, even when two processes start together.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['resuelve:demo-seed']);
    let created = false;
    for (const account of demoAccounts) {
      const exists = await trx('users').where({ email: account.email }).first('id');
      if (exists) continue;
      await createAccount(
        trx,
        { email: account.email, password: account.password, locale: 'es', confirmedAt: now, profile: profiles[account.role] },
        now,
      );
      created = true;
    }
    return created;
  });
}
