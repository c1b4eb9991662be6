/**
 * The SQL of response times (decision 0053): the cases of a provider (when a request or a new
 * conversation came, and when the provider first answered it), their working week, and the two
 * figures kept on their row. A request is a job the client booked as a request (its first status
 * `pending`); its answer is the provider's first move on it (accept, decline, a proposed time), a
 * quote for it, a message of theirs in its conversation, or else its expiry (a request left to
 * expire took all that time). A conversation's case starts at the client's first typed message
 * (not about a job: the job is the case) and ends at the provider's first typed reply; automatic
 * replies answer nobody.
 */
import type { Knex } from 'knex';
import type { BusinessHours } from '@resuelve/contract';

export interface CaseRow {
  provider_id: string;
  started_at: Date;
  answered_at: Date;
}

export interface ScheduleRow {
  id: string;
  business_hours: BusinessHours;
  timezone: string;
  blocked_dates: string[];
}

export interface WaitingRow {
  id: string;
  provider_id: string;
  created_at: Date;
}

/** A booked request that still waits for its provider's first answer (no move, no quote, no message). */
const unansweredSql = `j.status = 'pending' AND j.created_by = j.client_id
  AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.job_id = j.id)
  AND NOT EXISTS (SELECT 1 FROM conversations c JOIN messages m ON m.conversation_id = c.id
                   WHERE c.job_id = j.id AND m.sender_id = j.provider_id AND NOT m.automatic)`;

/** Answered cases that started since `since`, of these providers (all when null). */
export async function answeredCases(db: Knex, providerIds: string[] | null, since: Date, now: Date): Promise<CaseRow[]> {
  const { rows } = await db.raw<{ rows: CaseRow[] }>(
    `WITH requests AS (
       SELECT j.provider_id, j.created_at AS started_at,
              least((SELECT min(t.at) FROM job_transitions t
                      WHERE t.job_id = j.id AND t.from_status IS NOT NULL AND (t.actor = 'provider' OR t.action = 'expire')),
                    (SELECT min(q.created_at) FROM quotes q WHERE q.job_id = j.id),
                    (SELECT min(m.created_at) FROM conversations c JOIN messages m ON m.conversation_id = c.id
                      WHERE c.job_id = j.id AND m.sender_id = j.provider_id AND NOT m.automatic AND m.created_at >= j.created_at)) AS answered_at
         FROM jobs j
        WHERE j.created_by = j.client_id AND j.created_at >= :since AND j.created_at <= :now
          AND (:all OR j.provider_id = ANY(CAST(:ids AS uuid[])))
          AND NOT EXISTS (SELECT 1 FROM job_transitions f WHERE f.job_id = j.id AND f.from_status IS NULL AND f.to_status <> 'pending')),
     talks AS (
       SELECT c.provider_id, first.at AS started_at,
              (SELECT min(m.created_at) FROM messages m
                WHERE m.conversation_id = c.id AND m.sender_id = c.provider_id AND NOT m.automatic AND m.created_at >= first.at) AS answered_at
         FROM conversations c
         CROSS JOIN LATERAL (SELECT min(m.created_at) AS at FROM messages m
                              WHERE m.conversation_id = c.id AND m.sender_id = c.client_id AND NOT m.automatic) AS first
        WHERE c.job_id IS NULL AND first.at >= :since AND first.at <= :now
          AND (:all OR c.provider_id = ANY(CAST(:ids AS uuid[]))))
     SELECT provider_id, started_at, answered_at FROM requests WHERE answered_at <= :now
     UNION ALL
     SELECT provider_id, started_at, answered_at FROM talks WHERE answered_at <= :now`,
    { since, now, all: providerIds === null, ids: `{${(providerIds ?? []).join(',')}}` },
  );
  return rows;
}

/** The providers whose figures are kept but may have no case left in the window (to reset them). */
export async function providersWithFigures(db: Knex): Promise<string[]> {
  const rows: { id: string }[] = await db('providers').where('response_cases', '>', 0).select('id');
  return rows.map((row) => row.id);
}

/** Hours, zone and blocked days (from `fromDay` on) of these providers. */
export async function schedules(db: Knex, providerIds: string[], fromDay: string): Promise<ScheduleRow[]> {
  if (!providerIds.length) return [];
  const { rows } = await db.raw<{ rows: ScheduleRow[] }>(
    `SELECT p.id, p.business_hours, p.timezone,
            coalesce((SELECT array_agg(to_char(b.date, 'YYYY-MM-DD')) FROM blocked_dates b
                       WHERE b.provider_id = p.id AND b.date >= CAST(:fromDay AS date)), '{}') AS blocked_dates
       FROM providers p WHERE p.id = ANY(CAST(:ids AS uuid[]))`,
    { ids: `{${providerIds.join(',')}}`, fromDay },
  );
  return rows;
}

/**
 * Writes the figures of each provider, only where they changed: a provider's row change reloads
 * their search card (migration 0031), which an unchanged figure should not.
 */
export async function saveFigures(db: Knex, figures: { providerId: string; median: number | null; cases: number }[]): Promise<number> {
  if (!figures.length) return 0;
  const values = figures.map(() => '(?::uuid, ?::int, ?::int)').join(', ');
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `UPDATE providers p SET response_median_minutes = v.median, response_cases = v.cases
       FROM (VALUES ${values}) AS v(id, median, cases)
      WHERE p.id = v.id AND (p.response_median_minutes IS DISTINCT FROM v.median OR p.response_cases <> v.cases)`,
    figures.flatMap((figure) => [figure.providerId, figure.median, figure.cases]),
  );
  return rowCount;
}

/** The figures kept on a provider's row; undefined for an account that is not a provider. */
export async function keptFigures(db: Knex, providerId: string): Promise<{ response_median_minutes: number | null; response_cases: number } | undefined> {
  return db('providers').where({ id: providerId }).first('response_median_minutes', 'response_cases');
}

/** A provider's requests still waiting for a first answer, oldest first. */
export async function waitingRequests(db: Knex, providerId: string): Promise<WaitingRow[]> {
  const { rows } = await db.raw<{ rows: WaitingRow[] }>(
    `SELECT j.id, j.provider_id, j.created_at FROM jobs j WHERE j.provider_id = ? AND ${unansweredSql} ORDER BY j.created_at, j.id`,
    [providerId],
  );
  return rows;
}

/**
 * Requests waiting at least `minWallMinutes` of clock time (business time is never more) and at most
 * `maxAgeDays` old, whose provider has not been reminded of them yet.
 */
export async function unremindedWaiting(db: Knex, now: Date, minWallMinutes: number, maxAgeDays: number, eventKey: string): Promise<WaitingRow[]> {
  const { rows } = await db.raw<{ rows: WaitingRow[] }>(
    `SELECT j.id, j.provider_id, j.created_at FROM jobs j
      WHERE j.status = 'pending' AND j.created_at <= :latest AND j.created_at >= :earliest AND ${unansweredSql}
        AND NOT EXISTS (SELECT 1 FROM job_notifications n WHERE n.job_id = j.id AND n.recipient_id = j.provider_id AND n.event_key = :eventKey)
      ORDER BY j.created_at LIMIT 500`,
    {
      latest: new Date(now.getTime() - minWallMinutes * 60_000),
      earliest: new Date(now.getTime() - maxAgeDays * 86_400_000),
      eventKey,
    },
  );
  return rows;
}

/** Claims the reminder of one request (one process sends it); false when it was already claimed. */
export async function claimReminder(db: Knex, jobId: string, providerId: string, eventKey: string): Promise<boolean> {
  const rows = await db('job_notifications')
    .insert({ job_id: jobId, recipient_id: providerId, event_key: eventKey, channel: 'email' })
    .onConflict(['job_id', 'recipient_id', 'event_key'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}

/** Gives a claim back after a failed send, so the next run tries again. */
export async function releaseReminder(db: Knex, jobId: string, providerId: string, eventKey: string): Promise<void> {
  await db('job_notifications').where({ job_id: jobId, recipient_id: providerId, event_key: eventKey }).delete();
}

/** The provider of a job, and of a conversation when `senderId` is that provider (a reply of theirs). */
export async function providerOfJob(db: Knex, jobId: string): Promise<string | undefined> {
  const row: { provider_id: string } | undefined = await db('jobs').where({ id: jobId }).first('provider_id');
  return row?.provider_id;
}

export async function providerReplying(db: Knex, conversationId: string, senderId: string): Promise<string | undefined> {
  const row: { provider_id: string } | undefined = await db('conversations').where({ id: conversationId, provider_id: senderId }).first('provider_id');
  return row?.provider_id;
}
