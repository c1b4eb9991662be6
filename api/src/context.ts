/**
 * What the api's parts are given: the app context (database, senders, clock, storage, events and
 * the configuration), the signed-in caller, and what they add to hapi's types. Types only, so any
 * file can name them without loading the server that builds them (`server.ts`).
 */
import type { ServerRoute } from '@hapi/hapi';
import type { Knex } from 'knex';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { AfterAnswer } from './lib/after-answer.ts';
import type { Clock } from './lib/clock.ts';
import type { PaymentProcessor } from './lib/payments/processor.ts';
import type { EventBus } from './lib/events.ts';
import type { Senders } from './lib/senders.ts';
import type { Storage } from './lib/storage.ts';

export interface AppContext {
  config: Config;
  knex: Knex;
  senders: Senders;
  /** Read at request time, so a test can move it (lib/clock.ts). */
  clock: Clock;
  /** Uploaded files; served back under /api/v1/uploads. */
  storage: Storage;
  /** Domain events after commit (lib/events.ts): live updates and notifications listen here. */
  events: EventBus;
  /** Work a route does after answering (lib/after-answer.ts); the server's stop waits for it. */
  afterAnswer: AfterAnswer;
  /** ATH Móvil (or its emulator) as the payments module reaches it (lib/payments/). */
  processor: PaymentProcessor;
}

/** Every route is made from the context its module was registered with. */
export type RouteFactory = (context: AppContext) => ServerRoute;

/** What a valid access token says of its account (plugins/auth.ts reads it from the token). */
export interface SessionCredentials {
  userId: string;
  /** The session (refresh-token family) the access token was issued for; sign-out ends it. */
  sessionId: string;
  /** Read from the account with the session check (lib/live-sessions.ts), never from the token. */
  isAdmin: boolean;
  isContractor: boolean;
  /** When the access token expires (seconds since the epoch): a socket signed in with it closes then. */
  expiresAt: number;
}

/** The person who asks: their account and whether they are an admin (lib/caller.ts). */
export type Caller = Pick<SessionCredentials, 'userId' | 'isAdmin'>;

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    context: AppContext;
    /** pg-boss, when `start` runs the background work. */
    boss?: PgBoss;
  }
  // Module augmentation needs an interface; it adds SessionCredentials' members to hapi's.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface UserCredentials extends SessionCredentials {}
}
