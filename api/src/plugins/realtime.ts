/**
 * Live updates over a WebSocket (@hapi/nes, DESIGN.md §1): the only place that touches sockets.
 * A socket signs in with the REST api's bearer token (nes "direct" auth runs the default `session`
 * strategy on the hello's `Authorization` header), then subscribes to `/users/<own id>/events`;
 * any other id is refused with 403. Every bus event of every type, from this process or another,
 * is published as it is to each recipient's path: what a client receives is the contract's
 * `LiveEvent`.
 */
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import Nes from '@hapi/nes';
import { userEventsPath, userEventsPattern } from '@resuelve/contract';
import type { Knex } from 'knex';
import type { EventBus } from '../lib/events.ts';
import { sessionIsLive } from '../lib/live-sessions.ts';

export interface RealtimeOptions {
  events: EventBus;
  /** Where a socket's session is looked up before each delivery (lib/live-sessions.ts). */
  knex: Knex;
  /** nes heartbeat; tests shorten it. */
  heartbeatMs?: number;
}

export const realtimePlugin: Plugin<RealtimeOptions> = {
  name: 'realtime',
  dependencies: ['auth'],
  async register(server, { events, knex, heartbeatMs = 15_000 }) {
    await server.register({
      plugin: Nes.plugin,
      options: {
        // The hello message must carry a valid access token within 5 s, or the socket is closed.
        auth: { type: 'direct', timeout: 5000 },
        heartbeat: { interval: heartbeatMs, timeout: Math.min(5000, heartbeatMs) },
        payload: { maxChunkChars: false },
      },
    });

    server.subscription(userEventsPattern, {
      auth: { mode: 'required' },
      onSubscribe: (socket, _path, params) => {
        const { id } = params as { id: string };
        const credentials = socket.auth.credentials as { userId?: string } | null;
        if (!credentials?.userId || credentials.userId !== id) throw Boom.forbidden('Only your own events');
      },
      // A socket outlives the token it said hello with: once its session ends (sign-out, password
      // reset), nothing more reaches it and it is closed; its reconnect is refused like the token.
      filter: async (_path, _message, { socket, credentials }) => {
        const { userId, sessionId } = (credentials ?? {}) as { userId?: string; sessionId?: string };
        let live: boolean;
        try {
          live = Boolean(userId && sessionId) && (await sessionIsLive(knex, userId!, sessionId!));
        } catch {
          return false; // the database is away: nothing is delivered, the socket stays
        }
        if (!live) void socket.disconnect();
        return live;
      },
    });

    const unsubscribe = events.subscribeAll((event, recipients) => {
      for (const recipient of new Set(recipients)) server.publish(userEventsPath(recipient), event);
    });
    server.ext('onPostStop', () => {
      unsubscribe();
    });
  },
};
