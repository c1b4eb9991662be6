/** Payment fixtures (issue 29): a job's payments as GET /jobs/{id}/payments answers them, and one payment. */
import type { JobPayments, Payment } from '@resuelve/contract';

/** Ana's $40 ATH Móvil deposit to Plomería Luis on job-1, waiting on her phone until 13:10, against the emulator. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    job_id: 'job-1',
    purpose: 'deposit',
    method: 'athmovil',
    status: 'open',
    amount_cents: 4000,
    refunded_cents: 0,
    reference: null,
    expires_at: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
    paid_at: null,
    note: null,
    created_at: '2030-01-02T13:00:00.000Z',
    updated_at: '2030-01-02T13:00:00.000Z',
    refunds: [],
    demo: true,
    phone_url: 'http://localhost:3390/athmovil-emulator/phone/pay-1',
    ...overrides,
  };
}

/** Job-1's money with a $40 deposit due on a $200 quote, held 27 minutes more, nothing paid yet. */
export function jobPayments(overrides: Partial<JobPayments> = {}): JobPayments {
  return {
    job_id: 'job-1',
    deposit: { state: 'due', amount_cents: 4000, hold_until: new Date(Date.now() + 27 * 60_000 - 5_000).toISOString() },
    total_cents: 20_000,
    paid_cents: 0,
    pending_cents: 0,
    refunded_cents: 0,
    balance_cents: 20_000,
    payments: [],
    accepts_athmovil: true,
    can_pay: 'deposit',
    demo: true,
    ...overrides,
  };
}

/** The deposit read back paid: the job is confirmed, $160 left. */
export function depositPaid(overrides: Partial<JobPayments> = {}): JobPayments {
  const paid = payment({ status: 'paid', reference: '215070443-7f3a', expires_at: null, phone_url: null, paid_at: '2030-01-02T13:02:00.000Z' });
  return jobPayments({ deposit: { state: 'paid', amount_cents: 4000, hold_until: null }, paid_cents: 4000, balance_cents: 16_000, payments: [paid], can_pay: null, ...overrides });
}
