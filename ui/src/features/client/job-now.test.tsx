import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { JobNoShow } from '@resuelve/contract';
import { job, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { JobNow } from './job-now.tsx';

const report = (reported_by: JobNoShow['reported_by']): JobNoShow => ({
  id: 'ns-1',
  reported_by,
  note: 'Nadie abrió.',
  answer: null,
  answered_at: null,
  fee_cents: null,
  fee_waived: false,
  status: 'open',
  resolution: null,
  resolved_at: null,
  created_at: '2030-01-10T09:20:00-04:00',
});

describe("the job's one sentence", () => {
  it('says who reported a no-show instead of "you cancelled"', () => {
    mockApi({});
    renderScreen(<JobNow job={job({ status: 'cancelled_by_client', no_show: report('provider') })} booked={false} />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    expect(screen.getByText('Plomería Luis marcó que no estabas a la hora de la cita, así que el trabajo se canceló.')).toBeTruthy();
  });

  it("says the client's own report", () => {
    mockApi({});
    renderScreen(<JobNow job={job({ status: 'cancelled', no_show: report('client') })} booked={false} />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
    expect(screen.getByText('Reportaste que Plomería Luis no llegó, así que el trabajo se canceló.')).toBeTruthy();
  });
});
