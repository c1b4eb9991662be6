/**
 * Email and SMS about what happened (DESIGN.md §5), the part every domain's notices share. A
 * domain's `notices.ts` says which live events it writes about and what it writes; here is how a
 * person is reached (a client by their contact preference: SMS for sms/phone when a number is
 * verified, else email; a provider by email), in their language, through the senders (the outbox
 * when none is configured). Every api process hears every event (PgEventBus), so a domain claims
 * each notice in its own table before sending: only the process whose claim wins sends.
 */
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import type { Locale } from '@resuelve/contract';
import type { DomainEventOf, DomainEventType, EventBus } from './events.ts';
import type { Senders } from './senders.ts';

export interface NotifierContext {
  knex: Knex;
  senders: Senders;
  config: { localesDir: string; publicUrl: string };
}

/** Which side of the marketplace a person is on for this notice. */
export type Party = 'client' | 'provider';

export interface Person {
  id: string;
  email: string;
  language: Locale;
  phone_number: string | null;
  phone_verified_at: Date | null;
  preferred_contact: string | null;
  /** The number texted STOP (lib/sms-stops.ts): notices go by email instead. */
  sms_stopped?: boolean;
}

/** How to reach each of these accounts, by id. */
export async function people(knex: Knex, ids: string[]): Promise<Map<string, Person>> {
  const rows: Person[] = await knex('profiles as p')
    .join('users as u', 'u.id', 'p.id')
    .leftJoin('client_profiles as c', 'c.id', 'p.id')
    .whereIn('p.id', ids)
    .select('p.id', 'u.email', 'p.language', 'p.phone_number', 'p.phone_verified_at', 'c.preferred_contact')
    .select(knex.raw('EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone_number = p.phone_number) AS sms_stopped'));
  return new Map(rows.map((row) => [row.id, row]));
}

export function channelOf(person: Person, party: Party): { channel: 'email' | 'sms'; to: string } {
  const wantsSms = party === 'client' && (person.preferred_contact === 'sms' || person.preferred_contact === 'phone');
  if (wantsSms && person.phone_number && person.phone_verified_at && !person.sms_stopped) return { channel: 'sms', to: `+${person.phone_number}` };
  return { channel: 'email', to: person.email };
}

/** A notice's words for each channel, composed only for the channel it goes by. */
export interface NoticeWords {
  email(): Promise<{ subject: string; text: string }>;
  sms(): Promise<string>;
}

/** Sends one notice by the person's channel; answers which one. */
export async function sendNotice(context: Pick<NotifierContext, 'senders'>, person: Person, party: Party, words: NoticeWords): Promise<'email' | 'sms'> {
  const { channel, to } = channelOf(person, party);
  if (channel === 'sms') {
    await context.senders.sms.send({ to, body: await words.sms() });
  } else {
    const { subject, text } = await words.email();
    await context.senders.mail.send({ to, subject, text });
  }
  return channel;
}

/** Sends the notices of one event to whichever of its recipients should hear of it. */
export type Notify<K extends DomainEventType> = (context: NotifierContext, event: DomainEventOf<K>, recipients: string[]) => Promise<unknown>;

/** A domain's notices: for each event type it writes about, how. */
export type Notices = { [K in DomainEventType]?: Notify<K> };

/**
 * Subscribes a domain's notices to their event types, for as long as the server runs. A failure
 * is logged; the change that caused the event is committed and stays so.
 */
export function subscribeNotices(server: Server, context: NotifierContext & { events: EventBus }, notices: Notices): void {
  const stops = (Object.keys(notices) as DomainEventType[]).map((type) => {
    // Each entry is the Notify of its own key (the Notices type says so).
    const notify = notices[type] as Notify<DomainEventType>;
    return context.events.subscribe(type, async (event, recipients) => {
      try {
        await notify(context, event, recipients);
      } catch (error) {
        server.log(['error', 'notifications'], { err: error, event });
      }
    });
  });
  server.ext('onPostStop', () => {
    for (const stop of stops) stop();
  });
}
