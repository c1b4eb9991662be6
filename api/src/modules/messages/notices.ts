/**
 * Email or SMS about messages (DESIGN.md §8): never one per message. A person hears of a
 * conversation once its oldest unread message from the other side has waited `unreadNoticeMinutes`
 * unread, then not again until they have read it (reading clears the mark). By their contact
 * preference and in their language (lib/notices.ts). The claim is one UPDATE that sets the mark,
 * so with several processes running the task only one sends each notice.
 */
import type { Knex } from 'knex';
import type { Locale } from '@resuelve/contract';
import { people, sendNotice, type NotifierContext, type Party } from '../../lib/notices.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';
import { personNameSql } from '../profiles/index.ts';

/** How long a message waits unread before its recipient hears of it by email or SMS. */
export const unreadNoticeMinutes = 5;

interface Due {
  conversation_id: string;
  user_id: string;
  role: Party;
  unread_count: number;
  sender_name: string;
}

/** Marks every participant whose unread message has waited long enough, answering them (claimed). */
async function claimDue(knex: Knex, now: Date): Promise<Due[]> {
  const cutoff = new Date(now.getTime() - unreadNoticeMinutes * 60_000);
  const { rows } = await knex.raw<{ rows: Due[] }>(
    `WITH due AS (
       UPDATE conversation_participants p SET notified_at = :now
        WHERE p.unread_count > 0 AND p.notified_at IS NULL AND NOT p.spam AND p.status <> 'blocked'
          AND EXISTS (SELECT 1 FROM messages m
                       WHERE m.conversation_id = p.conversation_id AND m.sender_id <> p.user_id AND m.id > p.last_read_id
                         AND m.deleted_at IS NULL AND NOT m.automatic AND m.created_at <= :cutoff)
       RETURNING p.conversation_id, p.user_id, p.role, p.unread_count)
     SELECT due.*, coalesce(CASE WHEN other.role = 'provider' THEN pr.company_name END, ${personNameSql('op')}, 'Resuelve') AS sender_name
       FROM due
       JOIN conversation_participants other ON other.conversation_id = due.conversation_id AND other.user_id <> due.user_id
       JOIN profiles op ON op.id = other.user_id
       LEFT JOIN providers pr ON pr.id = other.user_id`,
    { now, cutoff },
  );
  return rows;
}

interface NoticeTexts {
  signature: string;
  message_unread: { subject: string; body: string };
}

async function words(localesDir: string, locale: Locale, values: Record<string, string | number>) {
  const email = (await textsWith(localesDir, locale, 'email', 'message_unread')) as unknown as NoticeTexts;
  const sms = (await textsWith(localesDir, locale, 'sms', 'message_unread')) as Record<string, string>;
  return {
    email: async () => ({
      subject: interpolate(email.message_unread.subject, values),
      text: `${interpolate(email.message_unread.body, values)}\n\n${email.signature}\n`,
    }),
    sms: async () => interpolate(sms.message_unread!, values),
  };
}

/** The `message-notices` task: sends what is due; answers how many went out. */
export async function sendUnreadNotices(context: NotifierContext & { clock: { now(): Date } }, onError?: (error: unknown) => void): Promise<number> {
  const due = await claimDue(context.knex, context.clock.now());
  if (!due.length) return 0;
  const found = await people(context.knex, due.map((row) => row.user_id));
  let sent = 0;
  for (const row of due) {
    const person = found.get(row.user_id);
    if (!person) continue;
    try {
      const link = `${context.config.publicUrl}/messages/${row.conversation_id}`;
      await sendNotice(context, person, row.role, await words(context.config.localesDir, person.language, { name: row.sender_name, count: row.unread_count, link }));
      sent += 1;
    } catch (error) {
      // Given back, so the next run tries again.
      await context.knex('conversation_participants').where({ conversation_id: row.conversation_id, user_id: row.user_id }).update({ notified_at: null });
      onError?.(error);
    }
  }
  return sent;
}
