/**
 * Client profile rules: one's own client profile (read, change, finish onboarding), and who may
 * see a client: admins all of them, a provider only clients they have a job with.
 */
import type { Knex } from 'knex';
import type { ClientProfile, ContactMethod, Profile } from '@resuelve/contract';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import {
  displayNameOf,
  lockAccount,
  markOnboarded,
  ownProfile,
  readAccount,
  requireComplete,
  requireNotOnboarded,
  requireVerifiedPhone,
  type AccountState,
} from '../profiles/index.ts';
import { placeAddress } from '../geo/index.ts';
import {
  interestCategoryIds,
  missingForClient,
  readClientProfile,
  replaceInterests,
  saveClientColumns,
  selectRecords,
  visibleClients,
} from './repository.ts';

/** A provider who finished onboarding has no client side; everybody else may fill one in. */
function requireClientSide(account: AccountState): void {
  if (account.is_contractor && account.is_onboarded) throw forbidden();
}

export async function ownClientProfile(db: Knex, userId: string): Promise<ClientProfile> {
  requireClientSide(await readAccount(db, userId));
  return readClientProfile(db, userId);
}

export interface ClientChanges {
  first_name?: string;
  last_name?: string;
  birth_date?: string;
  address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  preferred_contact?: ContactMethod;
  interested_services?: string[];
  complete_onboarding?: true;
}

async function saveNames(trx: Knex.Transaction, userId: string, changes: ClientChanges, now: Date): Promise<void> {
  if (changes.first_name === undefined && changes.last_name === undefined) return;
  const current = await trx('profiles').where({ id: userId }).first<{ first_name: string | null; last_name: string | null }>('first_name', 'last_name');
  const firstName = changes.first_name ?? current.first_name;
  const lastName = changes.last_name ?? current.last_name;
  await trx('profiles')
    .where({ id: userId })
    .update({ first_name: firstName, last_name: lastName, display_name: displayNameOf(firstName, lastName), updated_at: now });
}

/** Interests are replaced as a whole; only categories of the client interest list are allowed. */
async function saveInterests(trx: Knex.Transaction, userId: string, slugs: string[]): Promise<void> {
  const ids = await interestCategoryIds(trx, slugs);
  if (ids.length !== slugs.length) {
    throw new AppError('validation_failed', 'Unknown service interest', { details: { interested_services: 'not_allowed' } });
  }
  await replaceInterests(trx, userId, ids);
}

async function finish(trx: Knex.Transaction, account: AccountState, now: Date): Promise<void> {
  requireComplete(await missingForClient(trx, account.id));
  requireVerifiedPhone(account);
  // A provider profile started and then abandoned for the client side stays, inactive.
  await markOnboarded(trx, account.id, 'client', now);
}

/**
 * PATCH /profiles/me/client: saves the given fields; with complete_onboarding, also finishes
 * onboarding as a client, and nothing is saved unless every check passes.
 */
export async function updateOwnClient(knex: Knex, userId: string, changes: ClientChanges, now: Date): Promise<ClientProfile> {
  return knex.transaction(async (trx) => {
    const account = await lockAccount(trx, userId);
    requireClientSide(account);
    if (changes.complete_onboarding) requireNotOnboarded(account);
    await saveNames(trx, userId, changes, now);
    const { first_name: _first, last_name: _last, interested_services: interests, complete_onboarding: complete, ...columns } = changes;
    await saveClientColumns(trx, userId, columns, now);
    // Distances from the client's address (search) follow the address.
    if (columns.city !== undefined || columns.zip_code !== undefined) await placeAddress(trx, 'client_profiles', userId);
    if (interests) await saveInterests(trx, userId, interests);
    if (complete) await finish(trx, account, now);
    return readClientProfile(trx, userId);
  });
}

/** POST /profiles/me/complete-onboarding for a client: finishes with what is already saved. */
export async function finishClientOnboarding(trx: Knex.Transaction, userId: string, now: Date): Promise<Profile> {
  const account = await lockAccount(trx, userId);
  requireNotOnboarded(account);
  await finish(trx, account, now);
  const profile = await ownProfile(trx, userId);
  if (!profile) throw new AppError('unauthorized', 'Account not found');
  return profile;
}

export interface ClientRecord extends Omit<ClientProfile, 'birth_date'> {
  email: string;
  display_name: string | null;
  avatar_url: string | null;
  is_onboarded: boolean;
}

interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** Admins see every client and providers only their own clients; anybody else is refused (403). */
async function viewerOf(db: Knex, viewerId: string): Promise<Viewer> {
  const viewer = await readAccount(db, viewerId);
  if (!viewer.is_admin && !viewer.is_contractor) throw forbidden();
  return { id: viewer.id, isAdmin: viewer.is_admin };
}

export async function listClients(
  db: Knex,
  viewerId: string,
  params: { q: string; limit: number; offset: number },
): Promise<{ items: ClientRecord[]; total: number }> {
  const query = visibleClients(db, await viewerOf(db, viewerId));
  if (params.q) {
    // Accent- and case-insensitive "contains" over names and email; strpos needs no LIKE escaping.
    query.whereRaw(`strpos(lower(f_unaccent(concat_ws(' ', p.first_name, p.last_name, u.email::text))), lower(f_unaccent(?))) > 0`, [params.q]);
  }
  const count = (await query.clone().count<{ count: number }[]>('* as count'))[0]?.count ?? 0;
  const items: ClientRecord[] = await selectRecords(db, query)
    // By name as people read it: "Álvarez" among the A's, not after "Zayas".
    .orderByRaw('lower(f_unaccent(p.last_name)) NULLS LAST, lower(f_unaccent(p.first_name)) NULLS LAST, c.id')
    .limit(params.limit)
    .offset(params.offset);
  return { items, total: count };
}

export async function getClient(db: Knex, viewerId: string, clientId: string): Promise<ClientRecord> {
  const query = visibleClients(db, await viewerOf(db, viewerId));
  const record: ClientRecord | undefined = await selectRecords(db, query.where('c.id', clientId)).first();
  if (!record) throw notFound('Client');
  return record;
}
