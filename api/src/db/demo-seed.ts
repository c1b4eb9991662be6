/**
 * Demo accounts for a fresh machine (`npm start` prints them). All three are verified; the client
 * and the provider are onboarded (phone verified, profile filled) so each lands on their home.
 * Around them, the demo island (demo-island.ts): a few hundred providers, clients, jobs and reviews;
 * then what shows every feature (demo-showcase.ts): photos, featured projects, conversations,
 * loyalty points, replies, a verification request and the waitlist. Its photos go to `storage`.
 */
import type { Knex } from 'knex';
import { createAccount, hashPassword, type NewAccount } from '../modules/auth/index.ts';
import { placeAddress } from '../modules/geo/index.ts';
import { seedDemoJobs } from './demo-jobs.ts';
import { islandExists, loadIsland } from './demo-island.ts';
import { seedShowcase, type ShowcaseServices } from './demo-showcase.ts';

/** Island providers `npm start` loads on its first run; bench/generate.ts makes any size. */
export const demoIslandProviders = 300;

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
export async function seedDemo(knex: Knex, services: ShowcaseServices): Promise<boolean> {
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
    await onboardDemoProvider(trx, now);
    await onboardDemoClient(trx, now);
    if (!(await islandExists(trx))) {
      await loadIsland(trx, {
        providers: demoIslandProviders,
        now,
        // Island accounts sign in with the demo password too.
        passwordHash: await hashPassword(demoPassword),
        extraProviders: [await idOf(trx, 'provider')],
        extraClients: [await idOf(trx, 'client')],
      });
    }
    await seedDemoJobs(trx, await idOf(trx, 'provider'), await idOf(trx, 'client'), now);
    await seedShowcase(trx, services, now, { demoProviderId: await idOf(trx, 'provider'), demoClientId: await idOf(trx, 'client'), adminId: await idOf(trx, 'admin') });
    return created;
  });
}

async function idOf(trx: Knex.Transaction, role: DemoAccount['role']): Promise<string> {
  const email = demoAccounts.find((account) => account.role === role)!.email;
  return (await trx('users').where({ email }).first('id')).id as string;
}

async function categoryIds(trx: Knex.Transaction, slugs: string[]): Promise<number[]> {
  return (await trx('categories').whereIn('slug', slugs).select('id')).map((row: { id: number }) => row.id);
}

async function onboardDemoProvider(trx: Knex.Transaction, now: Date): Promise<void> {
  const id = await idOf(trx, 'provider');
  if (await trx('providers').where({ id }).first('id')) return;
  await trx('profiles').where({ id }).update({ is_contractor: true, is_onboarded: true, phone_number: '17875550100', phone_verified_at: now });
  await trx('providers').insert({
    id,
    company_name: 'Plomería y Electricidad Demo',
    ein: '660000001',
    business_address: 'Calle Méndez Vigo 55',
    city: 'Mayagüez',
    state: 'PR',
    zip_code: '00680',
    website_url: 'https://demo.resuelve.pr',
    years_experience: 12,
    company_description: 'Reparaciones de plomería y electricidad en el oeste de Puerto Rico. Servicio rápido, garantizado y con seguro.',
    social_media: JSON.stringify({ facebook: 'https://facebook.com/resuelvedemo', instagram: 'https://instagram.com/resuelvedemo' }),
    // "Desde $65 la hora": a plumber's and electrician's going rate (demo-island-rates.ts).
    rate_cents: 6500,
    rate_unit: 'hour',
    rate_from: true,
  });
  const services = await categoryIds(trx, ['plumbing', 'electrical', 'general-maintenance']);
  await trx('provider_categories').insert(services.map((category_id) => ({ provider_id: id, category_id })));
  await placeAddress(trx, 'providers', id);
  // Verified with a certificate of insurance good for a year, as an approved request leaves it (migration 0036).
  const expiresOn = new Date(now.getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await trx('providers').where({ id }).update({ verified_at: now, insured: true, insurance_expires_on: expiresOn });
}

async function onboardDemoClient(trx: Knex.Transaction, now: Date): Promise<void> {
  const id = await idOf(trx, 'client');
  if (await trx('client_profiles').where({ id }).first('id')) return;
  await trx('profiles').where({ id }).update({ is_onboarded: true, phone_number: '17875550101', phone_verified_at: now });
  await trx('client_profiles').insert({
    id,
    birth_date: '1988-05-14',
    address: 'Calle Loíza 1750',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00911',
    preferred_contact: 'sms',
  });
  const interests = await categoryIds(trx, ['plumbing', 'cleaning', 'painting']);
  await trx('client_interests').insert(interests.map((category_id) => ({ client_id: id, category_id })));
  await placeAddress(trx, 'client_profiles', id);
}
