import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEventOf, Profile } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { fakePlatform, profile } from '../../../test/helpers.tsx';
import { FakeSocket } from '../../../test/fake-live-socket.ts';
import { startLive, type LiveClient } from '../../lib/live.ts';
import { useSession } from '../../lib/session-store.ts';
import { followReviewEvents } from './review-live.ts';

const provider: Profile = profile({ id: 'provider-1', is_contractor: true });
const created: LiveEventOf<'review.created'> = { type: 'review.created', review_id: 'r-1', provider_id: 'provider-1', rating: 4, at: '2026-11-25T12:00:00.000Z' };

let sockets: FakeSocket[];
let queryClient: QueryClient;
let stops: (() => void)[];

beforeEach(() => {
  sockets = [];
  queryClient = new QueryClient();
  useSession.setState({ status: 'signed_in', accessToken: 'token-p', user: provider, restoreFailed: false, signedOutByUser: false });
  stops = [followReviewEvents()];
});

afterEach(() => {
  for (const stop of stops) stop();
  useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false });
});

function start() {
  stops.push(
    startLive(queryClient, {
      url: 'ws://api.test/api/v1/live',
      retryMs: 10,
      createClient: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as LiveClient;
      },
    }),
  );
}

describe('review.created', () => {
  it("refreshes the provider's reviews and stats, and tells the desktop console with a notification", () => {
    const platform = fakePlatform();
    setPlatform(platform);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    start();
    sockets[0]!.push('/users/provider-1/events', created);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['reviews'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs', 'provider-stats'] });
    expect(platform.notify).toHaveBeenCalledWith({ title: 'Nueva reseña', body: 'Un cliente te calificó con 4 de 5. Abre tu panel para responder.', path: '/provider/home' });
  });
});
