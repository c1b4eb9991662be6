/** What the account rules need from the outside world for one request, and the mail limit they share. */
import type { Knex } from 'knex';
import type { EventBus } from '../../../lib/events.ts';
import { hit } from '../../../lib/rate-limits.ts';
import type { EmailSender } from '../notices.ts';

/** What the account rules need from the outside world, for one request. */
export interface AccountEnv {
  db: Knex;
  now: Date;
  publicUrl: string;
  email: EmailSender;
  /** Where ended sessions are announced to every api process (lib/live-sessions.ts). */
  events: EventBus;
}

/** Emails of one kind to one address per hour; past it, requests still answer but send nothing. */
const mailsPerAddressPerHour = 5;

/** Whether another email of this kind may go to this address now (counted in PostgreSQL). */
export async function mayMail(db: Knex, kind: string, address: string): Promise<boolean> {
  return (await hit(db, `mail:${kind}:${address.toLowerCase()}`, mailsPerAddressPerHour, 3600)).allowed;
}
