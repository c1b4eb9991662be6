/**
 * "Asegurado" only from a certificate (issue 27, point 5): the provider's own tick, still sent by
 * older clients, is dropped; an approved, unexpired certificate puts the pill on the card and the
 * profile, its expiry takes it off; migration 0036 recomputes what the tick had set.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as insuredFromCertificates from '../../migrations/src/20261128_0036_insured_from_certificates.ts';
import { backgroundJobs } from '../src/background/index.ts';
import { call, useTestServer } from './server.ts';
import { categoryIds, newAdmin, newProvider, setClock, tokenFor, validProvider, verifyPhone } from './factories.ts';
import { signedIn } from './api-factories.ts';
import { multipart, multipartType } from './multipart.ts';

const t = useTestServer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let adminToken: string;

beforeAll(async () => {
  adminToken = (await newAdmin(t)).token;
});

/** The insured flag as the public profile, the search card and the owner's own profile show it. */
async function pills(id: string, token: string) {
  const profile = await call(t.server, 'GET', `/api/v1/providers/${id}`);
  const search = await call(t.server, 'GET', '/api/v1/providers?category=landscaping&limit=50');
  const card = search.body.items.find((item: { id: string }) => item.id === id);
  const own = await call(t.server, 'GET', '/api/v1/providers/me', { token });
  return { profile: profile.body.insured, card: card?.insured, own: own.body.insured };
}

async function certify(token: string, expiresOn: string) {
  const values = { licence_number: 'DACO-12345', licence_board: 'daco', insurance_expires_on: expiresOn };
  const raw = multipart([
    ...Object.entries(values).map(([name, data]) => ({ name, data })),
    { name: 'certificate', filename: 'certificado.pdf', contentType: 'application/pdf', data: pdf },
  ]);
  const asked = await call(t.server, 'POST', '/api/v1/providers/me/verification', { token, raw: raw as unknown as string, headers: { 'content-type': multipartType } });
  expect(asked.status, asked.raw).toBe(201);
  const approved = await call(t.server, 'POST', `/api/v1/admin/verification-requests/${asked.body.id}/approve`, { token: adminToken });
  expect(approved.status, approved.raw).toBe(200);
}

describe('the insured pill', () => {
  it('is not worn on the provider’s own tick: onboarding and settings take it from older clients and drop it', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const finished = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider({ insured: true, insurance_details: 'Póliza vigente' }), serviceCategories: await categoryIds(t.knex, ['landscaping']) },
    });
    expect(finished.status, finished.raw).toBe(200);
    expect(await pills(me.id, me.token)).toEqual({ profile: false, card: false, own: false });

    const changed = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: { insured: true, city: 'Ponce' } });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body).toMatchObject({ city: 'Ponce', insured: false });
    expect(await pills(me.id, me.token)).toEqual({ profile: false, card: false, own: false });
  });

  it('is not needed at onboarding any more', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const { insured: _insured, insurance_details: _details, ...provider } = validProvider();
    const finished = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider, serviceCategories: await categoryIds(t.knex, ['landscaping']) },
    });
    expect(finished.status, finished.raw).toBe(200);
  });

  it('shows with a verified, unexpired certificate and goes when it expires', async () => {
    setClock(t, '2026-11-28T12:00:00Z');
    const id = await newProvider(t.knex, { categories: ['landscaping'], lat: 18.2, lng: -67.14, municipality_slug: 'mayaguez' });
    const token = tokenFor(t, id, true);
    await certify(token, '2027-01-15');
    expect(await pills(id, token)).toEqual({ profile: true, card: true, own: true });

    setClock(t, '2027-01-16T12:00:00Z');
    await backgroundJobs['insurance-expiry'](t.server.app.context);
    expect(await pills(id, token)).toEqual({ profile: false, card: false, own: false });
  });

  it('cannot be stored without a certificate’s expiry', async () => {
    const id = await newProvider(t.knex);
    await expect(t.knex('providers').where({ id }).update({ insured: true })).rejects.toThrow(/providers_insured_needs_certificate/);
  });
});

describe('migration 0036', () => {
  it('recomputes insured from the latest approved certificate: a bare tick and an expired one lose it, an unexpired one keeps it', async () => {
    await insuredFromCertificates.down(t.knex);
    const ticked = await newProvider(t.knex);
    await t.knex('providers').where({ id: ticked }).update({ insured: true });
    const expired = await newProvider(t.knex);
    const current = await newProvider(t.knex);
    for (const [id, expiresOn] of [
      [expired, '2020-06-30'],
      [current, '2099-06-30'],
    ] as const) {
      await t.knex('verification_requests').insert({
        provider_id: id, licence_number: 'DACO-1', licence_board: 'daco', insurance_expires_on: expiresOn,
        certificate_path: `verification/${id}.pdf`, certificate_type: 'application/pdf', certificate_size: 10, status: 'approved', decided_at: new Date(),
      });
      await t.knex('providers').where({ id }).update({ insured: true, insurance_expires_on: expiresOn, verified_at: new Date() });
    }

    await insuredFromCertificates.up(t.knex);
    const rows = await t.knex('providers').whereIn('id', [ticked, expired, current]).select('id', 'insured');
    const insured = Object.fromEntries(rows.map((row: { id: string; insured: boolean }) => [row.id, row.insured]));
    expect([insured[ticked], insured[expired], insured[current]]).toEqual([false, false, true]);
  });
});
