/**
 * Live updates over a WebSocket (@hapi/nes, DESIGN.md §1): the only place that touches sockets.
 * A socket signs in with the REST api's bearer token (nes "direct" auth runs the default `session`
 * strategy on the hello's `Authorization` header), then subscribes to `/users/<own id>/events`;
 * any other id is refused with 403. Every bus event, from this process or another, is published
 * to each recipient's path.
 */
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import Nes from '@hapi/nes';
import type { EventBus } from '../lib/events.ts';

export const userEventsPattern = '/users/{id}/events';

export function userEventsPath(userId: string): string {
  return `/users/${userId}/events`;
}

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

    const unsubscribe = events.subscribe((event) => {
      for (const recipient of new Set(event.recipients)) server.publish(userEventsPath(recipient), event.payload);
    });
    server.ext('onPostStop', () => {
      unsubscribe();
    });
  },
};
