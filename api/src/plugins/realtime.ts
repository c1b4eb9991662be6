/**
 * Live updates over a WebSocket (@hapi/nes, DESIGN.md §1): the only place that touches sockets.
 * A socket signs in with the REST api's bearer token (nes "direct" auth runs the default `session`
 * strategy, with its session check, on the hello's `Authorization` header), then subscribes to
 * `/users/<own id>/events`; any other id is refused with 403. The bus carries domain events
 * (lib/events.ts, `DomainEventMap`); a socket receives client events (contract's `LiveEventMap`).
 * `clientEvents` below is the one place that says which domain event becomes which client event,
 * published to each recipient's path, from this process or another; a domain event named null
 * there never leaves the server.
 *
 * The socket carries events only: REST requests over it (nes `request` messages) are refused, so
 * every request reaches the api by HTTP and its session check. A socket lives no longer than its
 * session (decision 0046): it is closed when an ending is announced (sign-out, reused refresh
 * token, password reset, suspension: `session.ended`, from any process), when the token it signed
 * in with expires without a re-authentication, and, should an announcement be missed, at the next
 * sweep that asks the database about every open socket's session.
 */
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Nes, { type Nes as NesTypes } from '@hapi/nes';
import { userEventsPath, userEventsPattern, type LiveEvent } from '@resuelve/contract';
import type { Knex } from 'knex';
import type { SessionCredentials } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import type { DomainEvent, DomainEventOf, DomainEventType, EventBus } from '../lib/events.ts';
import { endedSessions, endingCovers, liveSession } from '../lib/live-sessions.ts';

export interface RealtimeOptions {
  events: EventBus;
  /** Where a socket's session is looked up (lib/live-sessions.ts). */
  knex: Knex;
  /** nes heartbeat; tests shorten it. */
  heartbeatMs?: number;
}

/** How often open sockets are looked at: an expired token's socket closes within this. */
export const socketSweepMs = 1000;
/** How often the sweep asks the database whether the open sockets' sessions still hold. */
export const socketSessionCheckMs = 2000;

type Socket = NesTypes.Socket;

/**
 * What each domain event becomes on its recipients' sockets: the client event the ui receives, or
 * null for one that stays in the server. A new domain event does not compile until it is named here.
 */
const clientEvents: { [K in DomainEventType]: ((event: DomainEventOf<K>) => LiveEvent) | null } = {
  'job.changed': (event) => event,
  'job.reminder': (event) => event,
  'message.created': (event) => event,
  'message.updated': (event) => event,
  'message.read': (event) => event,
  'conversation.updated': (event) => event,
  'review.created': (event) => event,
  'quote.changed': (event) => event,
  'slot_alert.changed': (event) => event,
  'payment.changed': (event) => event,
  // Sockets of the ended sessions are closed instead (below).
  'session.ended': null,
};

/** The client event a domain event becomes, or null when it is not one. */
export function clientEventOf(event: DomainEvent): LiveEvent | null {
  // The entry of the event's own type, which takes that type's events.
  const toClient = clientEvents[event.type] as ((event: DomainEvent) => LiveEvent) | null;
  return toClient ? toClient(event) : null;
}

function credentialsOf(socket: Socket): SessionCredentials | null {
  const credentials = socket.auth.credentials as Partial<SessionCredentials> | null;
  return credentials?.userId && credentials.sessionId ? (credentials as SessionCredentials) : null;
}

export const realtimePlugin: Plugin<RealtimeOptions> = {
  name: 'realtime',
  dependencies: ['auth'],
  async register(server, { events, knex, heartbeatMs = 15_000 }) {
    const sockets = new Set<Socket>();
    await server.register({
      plugin: Nes.plugin,
      options: {
        // The hello message must carry a valid access token within 5 s, or the socket is closed.
        auth: { type: 'direct', timeout: 5000 },
        heartbeat: { interval: heartbeatMs, timeout: Math.min(5000, heartbeatMs) },
        payload: { maxChunkChars: false },
        onConnection: (socket: Socket) => void sockets.add(socket),
        onDisconnection: (socket: Socket) => void sockets.delete(socket),
      },
    });

    // REST over the socket is off: the ui sends its requests by HTTP, where each passes the session check.
    server.ext('onRequest', (request: Request, h: ResponseToolkit) => {
      if ((request.plugins as { nes?: unknown }).nes) {
        throw new AppError('live_request_refused', 'The live socket carries events only; send requests over HTTP');
      }
      return h.continue;
    });

    server.subscription(userEventsPattern, {
      auth: { mode: 'required' },
      onSubscribe: async (socket, _path, params) => {
        const { id } = params as { id: string };
        const credentials = credentialsOf(socket);
        if (!credentials || credentials.userId !== id) throw Boom.forbidden('Only your own events');
        if (!(await liveSession(knex, credentials.userId, credentials.sessionId))) {
          void socket.disconnect();
          throw Boom.unauthorized();
        }
      },
      // Checked again before each delivery: nothing reaches a socket whose session has ended.
      filter: async (_path, _message, { socket }) => {
        const credentials = credentialsOf(socket);
        let live: boolean;
        try {
          live = credentials !== null && credentials.expiresAt * 1000 > Date.now() && (await liveSession(knex, credentials.userId, credentials.sessionId)) !== null;
        } catch {
          return false; // the database is away: nothing is delivered, the socket stays
        }
        if (!live) void socket.disconnect();
        return live;
      },
    });

    const unsubscribe = events.subscribeAll((event, recipients) => {
      const message = clientEventOf(event);
      if (!message) return;
      for (const recipient of new Set(recipients)) server.publish(userEventsPath(recipient), message);
    });
    // Any process ended sessions: their sockets here close now.
    const unsubscribeEnded = events.subscribe('session.ended', (ended) => {
      for (const socket of sockets) {
        const credentials = credentialsOf(socket);
        if (credentials && endingCovers(ended, credentials.userId, credentials.sessionId)) void socket.disconnect();
      }
    });

    let lastCheck = 0;
    let checking = false;
    const sweep = async () => {
      const now = Date.now();
      const signedIn: { socket: Socket; credentials: SessionCredentials }[] = [];
      for (const socket of sockets) {
        const credentials = credentialsOf(socket);
        if (!credentials) continue;
        if (credentials.expiresAt * 1000 <= now) void socket.disconnect();
        else signedIn.push({ socket, credentials });
      }
      if (checking || now - lastCheck < socketSessionCheckMs || !signedIn.length) return;
      checking = true;
      lastCheck = now;
      try {
        const ended = await endedSessions(knex, signedIn.map(({ credentials }) => credentials));
        for (const { socket, credentials } of signedIn) if (ended.has(credentials.sessionId)) void socket.disconnect();
      } catch {
        // The database is away: the sockets stay until it answers (nothing is delivered meanwhile).
      } finally {
        checking = false;
      }
    };
    let timer: NodeJS.Timeout | null = null;
    server.ext('onPostStart', () => {
      timer = setInterval(() => void sweep(), socketSweepMs);
      timer.unref();
    });
    server.ext('onPreStop', () => {
      if (timer) clearInterval(timer);
      timer = null;
    });
    server.ext('onPostStop', () => {
      unsubscribe();
      unsubscribeEnded();
    });
  },
};
