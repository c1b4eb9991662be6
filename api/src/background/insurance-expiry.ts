/**
 * `insurance-expiry`: a provider whose certificate of insurance has expired (valid through its
 * expiry day, by Puerto Rico's calendar) loses `insured`, recorded as the background job's action and told; one whose
 * certificate expires within a month is told once per expiry date (`insurance_reminded_on`).
 * Each change is claimed by one UPDATE, so with several processes only one acts and tells.
 * Answers how many providers it acted on.
 */
import { verificationLimits } from '@resuelve/contract';
import type { AppContext } from '../context.ts';
import { recordAdminAction } from '../lib/admin-actions.ts';
import { sendExpiryNotice } from '../modules/verification/index.ts';

type ExpiryContext = Pick<AppContext, 'knex' | 'clock' | 'senders' | 'config'>;

const islandDay = `(?::timestamptz AT TIME ZONE 'America/Puerto_Rico')::date`;

export async function expireInsurance(context: ExpiryContext, onError?: (error: unknown) => void): Promise<number> {
  const now = context.clock.now();
  const expired = await context.knex.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { id: string; expires_on: string }[] }>(
      `UPDATE providers SET insured = false, updated_at = ?
        WHERE insured AND insurance_expires_on IS NOT NULL AND insurance_expires_on < ${islandDay}
        RETURNING id, to_char(insurance_expires_on, 'YYYY-MM-DD') AS expires_on`,
      [now, now],
    );
    for (const row of rows) {
      await recordAdminAction(trx, { adminId: null, action: 'insurance_expired', targetId: row.id, details: { insurance_expires_on: row.expires_on }, at: now });
    }
    return rows;
  });
  const { rows: expiring } = await context.knex.raw<{ rows: { id: string; expires_on: string }[] }>(
    `UPDATE providers SET insurance_reminded_on = insurance_expires_on
      WHERE insured AND insurance_expires_on IS NOT NULL
        AND insurance_expires_on <= ${islandDay} + ?::int
        AND insurance_reminded_on IS DISTINCT FROM insurance_expires_on
      RETURNING id, to_char(insurance_expires_on, 'YYYY-MM-DD') AS expires_on`,
    [now, verificationLimits.expiryNoticeDays],
  );
  for (const [rows, key] of [
    [expired, 'insurance_expired'],
    [expiring, 'insurance_expiring'],
  ] as const) {
    for (const row of rows) await sendExpiryNotice(context, row.id, key, row.expires_on).catch((error: unknown) => onError?.(error));
  }
  return expired.length + expiring.length;
}
