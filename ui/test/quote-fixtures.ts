/**
 * Quotes for screen tests (issue 28): a version priced by the contract's own `priceLines`, so the
 * figures a test expects are the ones the api would store, and a quote of Plomería Luis (prov-1)
 * to Ana (client-1) on job-1.
 */
import { priceLines } from '@resuelve/contract';
import type { Quote, QuoteLineInput, QuoteSummary, QuoteVersion } from '@resuelve/contract';

/** Labour 2 h × $65, a $12.40 part and an exempt $15 trip: $157.40 + IVU $16.38 = $173.78. */
export const threeLines: QuoteLineInput[] = [
  { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2, unit_price_cents: 6500, tax_rate: 'standard' },
  { kind: 'material', description: 'Tubo PVC', quantity: 1, unit_price_cents: 1240, tax_rate: 'standard' },
  { kind: 'other', description: 'Cargo por viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' },
];

export function quoteVersion(overrides: Partial<QuoteVersion> & { input?: QuoteLineInput[] } = {}): QuoteVersion {
  const { input = threeLines, ...rest } = overrides;
  return {
    number: 1,
    ...priceLines(input),
    hours: 2,
    valid_until: '2030-01-08T03:59:00.000Z',
    note: null,
    created_at: '2030-01-01T14:00:00.000Z',
    counter: null,
    ...rest,
  };
}

export function quote(overrides: Partial<Quote> = {}): Quote {
  const versions = overrides.versions ?? [quoteVersion()];
  return {
    id: 'quote-1',
    job_id: 'job-1',
    conversation_id: null,
    provider_id: 'prov-1',
    client_id: 'client-1',
    status: 'sent',
    version: versions.length,
    versions,
    decline_reason: null,
    accepted_version: null,
    accepted_at: null,
    offer: null,
    allowed_actions: [],
    deposit_cents: 0,
    created_at: '2030-01-01T14:00:00.000Z',
    updated_at: '2030-01-01T14:00:00.000Z',
    ...overrides,
  };
}

/** The summary a job carries of its quote (`Job.quote`). */
export function summaryOf(held: Quote): QuoteSummary {
  const newest = held.versions[held.versions.length - 1]!;
  return { id: held.id, status: held.status, version: held.version, total_cents: newest.total_cents, valid_until: newest.valid_until };
}
