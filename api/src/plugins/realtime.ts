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
import type { EventBus } from '../lib/events.ts';

export interface RealtimeOptions {
  events: EventBus;
  /** nes heartbeat; tests shorten it. */
  heartbeatMs?: number;
}

export const realtimePlugin: Plugin<RealtimeOptions> = {
  name: 'realtime',
  dependencies: ['auth'],
  async register(server, { events, heartbeatMs = 15_000 }) {
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
    });

    const unsubscribe = events.subscribeAll((event, recipients) => {
      for (const recipient of new Set(recipients)) server.publish(userEventsPath(recipient), event);
    });
    server.ext('onPostStop', () => {
      unsubscribe();
    });
  },
};
