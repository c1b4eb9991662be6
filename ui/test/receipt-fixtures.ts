/** A receipt as GET /jobs/{id}/receipt answers it: Plomería Luis's job for Ana, three lines at three IVU rates. */
import { priceLines, type Receipt } from '@resuelve/contract';

export const priced = priceLines([
  { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2.5, unit_price_cents: 6000, tax_rate: 'standard' },
  { kind: 'material', description: 'Tubo PVC', quantity: 3, unit_price_cents: 833, tax_rate: 'reduced' },
  { kind: 'other', description: 'Viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' },
]);

export function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    number: 'R-000042',
    job_id: 'job-1',
    status: 'confirmed',
    issued_at: '2030-01-10T11:30:00-04:00',
    confirmed_at: '2030-01-10T12:00:00-04:00',
    service_date: '2030-01-10T09:00:00-04:00',
    timezone: 'America/Puerto_Rico',
    hours: 2.5,
    from_quote_version: 2,
    provider: { id: 'prov-1', business_name: 'Plomería Luis', address: 'Calle Sol 1, Mayagüez, PR 00680', phone: '17875550123', email: 'luis@example.pr' },
    client: { id: 'client-1', name: 'Ana Rivera' },
    service: { title: 'Arreglar el fregadero', category_id: 1 },
    ...priced,
    fee: null,
    amount_due_cents: priced.total_cents,
    payments: { paid_cents: 0, pending_cents: 0, refunded_cents: 0, balance_cents: priced.total_cents, lines: [] },
    ...overrides,
  };
}

