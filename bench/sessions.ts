/**
 * Sessions for the benchmarks' accounts: the api refuses a token whose session it never issued
 * (decision 0046), so each bench account gets one refresh-token family, with the account's id as
 * its id, made once and reused; `benchToken` names it.
 */
import type { Knex } from 'knex';
import { issueAccessToken } from '../api/src/plugins/auth.ts';

export async function ensureBenchSessions(knex: Knex, userIds: string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = userIds.slice(i, i + 1000).map((id) => ({
      user_id: id,
      family_id: id,
      token_hash: `bench:${id}`,
      client: 'web',
      expires_at: new Date(Date.now() + 365 * 86_400_000),
    }));
    await knex('refresh_tokens').insert(rows).onConflict('token_hash').ignore();
  }
}

/** An access token of the account's bench session (ensureBenchSessions made it). */
export function benchToken(secret: string, userId: string, contractor = false): string {
  return issueAccessToken(secret, { id: userId, is_admin: false, is_contractor: contractor }, userId).token;
}
