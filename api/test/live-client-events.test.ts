/**
 * Domain events and client events are two maps (lib/events.ts, contract's LiveEventMap); the
 * realtime plugin's clientEventOf is the one mapping between them.
 */
import { describe, expect, it } from 'vitest';
import type { LiveEventOf } from '@resuelve/contract';
import type { DomainEventOf } from '../src/lib/events.ts';
import { clientEventOf } from '../src/plugins/realtime.ts';

describe('the client event of a domain event', () => {
  it('is the same type and payload for every event the ui receives', () => {
    const review: DomainEventOf<'review.created'> = { type: 'review.created', review_id: 'r-1', provider_id: 'p-1', rating: 5, at: '2026-11-28T00:00:00.000Z' };
    const expected: LiveEventOf<'review.created'> = { ...review };
    expect(clientEventOf(review)).toEqual(expected);
    const change: DomainEventOf<'job.changed'> = { type: 'job.changed', job_id: 'j-1', status: 'upcoming', from_status: 'pending', action: 'accept', actor: 'provider', at: '2026-11-28T00:00:00.000Z' };
    expect(clientEventOf(change)).toEqual(change);
  });

  it('is none for a session ending, which never leaves the server', () => {
    expect(clientEventOf({ type: 'session.ended', user_id: 'u-1', session_ids: null, reason: 'signed_out', at: '2026-11-28T00:00:00.000Z' })).toBeNull();
  });
});
