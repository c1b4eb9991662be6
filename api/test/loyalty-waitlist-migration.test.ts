import { describe, expect, it } from 'vitest';
import * as loyaltyWaitlist from '../../migrations/src/20261125_0022_loyalty_waitlist.ts';
import { useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider, newReview } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });
const tables = ['loyalty_ledger', 'provider_rewards', 'waitlist_signups'];

describe('the loyalty and waitlist migration', () => {
  it('rolls back and forward cleanly, and what happened before earns its points once', async () => {
    await t.knex.transaction((trx) => loyaltyWaitlist.down(trx));
    for (const table of tables) expect(await t.knex.schema.hasTable(table), table).toBe(false);

    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    const first = await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-10-01T13:00:00Z', status: 'completed' });
    await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-10-08T13:00:00Z', status: 'completed' });
    await newJob(t.knex, { clientId: client, providerId: provider, start: '2026-10-15T13:00:00Z', status: 'cancelled' });
    const review = await newReview(t.knex, { providerId: provider, clientId: client, rating: 5 });

    await t.knex.transaction((trx) => loyaltyWaitlist.up(trx));
    for (const table of tables) expect(await t.knex.schema.hasTable(table), table).toBe(true);
    const ledger = await t.knex('loyalty_ledger').where({ client_id: client }).select('reason', 'points', 'source_id');
    expect(ledger).toHaveLength(4);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { reason: 'first_booking', points: 200, source_id: first.id },
        { reason: 'review', points: 50, source_id: review },
      ]),
    );
    expect(ledger.filter((e) => e.reason === 'job_completed')).toHaveLength(2);
  });
});
