import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { JobChange } from '@resuelve/contract';
import { startFakeLive, type FakeSocket } from '../../../test/fake-live-socket.ts';
import { fakePlatform, jsonResponse, profile } from '../../../test/helpers.tsx';
import { useSession } from '../../lib/session-store.ts';
import { setPlatform } from '../../platform/index.ts';
import { followJobEvents } from './job-live.ts';

const me = profile({ id: 'provider-1', is_contractor: true });
const path = '/users/provider-1/events';
let socket: FakeSocket;
let stops: (() => void)[];
let platform: ReturnType<typeof fakePlatform>;

function change(overrides: Partial<JobChange>): JobChange {
  return { job_id: 'job-1', status: 'pending', from_status: null, action: 'book', actor: 'client', at: '2026-11-25T15:00:00.000Z', ...overrides };
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ items: [] })));
  platform = fakePlatform();
  setPlatform(platform);
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: me, restoreFailed: false, signedOutByUser: false });
  const live = startFakeLive(new QueryClient());
  stops = [followJobEvents(), live.stop];
  socket = live.socket();
});

afterEach(() => {
  stops.forEach((stop) => stop());
  vi.unstubAllGlobals();
});

describe('jobs, live: the provider’s native notifications', () => {
  it('a new request, a request the client changed or cancelled, and a reminder each open the job', () => {
    socket.push(path, { type: 'job.changed', ...change({ job_id: 'job-1' }) });
    socket.push(path, { type: 'job.changed', ...change({ job_id: 'job-2', action: 'request_modification', status: 'modification_requested', from_status: 'upcoming' }) });
    socket.push(path, { type: 'job.changed', ...change({ job_id: 'job-3', action: 'cancel', status: 'cancelled_by_client', from_status: 'upcoming' }) });
    socket.push(path, { type: 'job.reminder', ...change({ job_id: 'job-4', action: 'reminder_2h', status: 'upcoming', actor: 'system' }) });
    expect(vi.mocked(platform.notify).mock.calls.map(([notification]) => notification)).toEqual([
      { kind: 'request', title: 'Nueva solicitud de trabajo', body: 'Un cliente pidió una cita. Ábrela para responder.', path: '/provider/jobs/job-1' },
      { kind: 'request_changed', title: 'Un cliente cambió su solicitud', body: 'Revísala para responder a tiempo.', path: '/provider/jobs/job-2' },
      { kind: 'request_changed', title: 'Un cliente cambió su solicitud', body: 'El cliente canceló la cita.', path: '/provider/jobs/job-3' },
      { kind: 'reminder', title: 'Tu próximo trabajo', body: 'Tienes un trabajo en 2 horas.', path: '/provider/jobs/job-4' },
    ]);
  });

  it('a no-show report about the provider and the client’s answer to theirs open the job', () => {
    socket.push(path, { type: 'job.changed', ...change({ job_id: 'job-5', action: 'provider_no_show', status: 'cancelled', from_status: 'upcoming' }) });
    socket.push(path, { type: 'job.changed', ...change({ job_id: 'job-6', action: 'answer_no_show', status: 'cancelled_by_client', from_status: 'cancelled_by_client' }) });
    expect(vi.mocked(platform.notify).mock.calls.map(([notification]) => notification)).toEqual([
      { kind: 'request_changed', title: 'Reporte de ausencia', body: 'Un cliente reportó que no llegaste. Ábrelo para responder.', path: '/provider/jobs/job-5' },
      { kind: 'request_changed', title: 'Reporte de ausencia', body: 'El cliente respondió a tu reporte de ausencia.', path: '/provider/jobs/job-6' },
    ]);
  });

  it('nothing for the provider’s own steps', () => {
    socket.push(path, { type: 'job.changed', ...change({ action: 'accept', status: 'upcoming', from_status: 'pending', actor: 'provider' }) });
    expect(platform.notify).not.toHaveBeenCalled();
  });
});
