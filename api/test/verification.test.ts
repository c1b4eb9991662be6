/**
 * Verified and insured providers: the provider's request (licence, board, certificate checked by
 * content, at most 10 MB, expiry), who may read the certificate, the admin's approval and
 * rejection (recorded, told in the provider's language), search reading the badges, and the
 * background job that removes `insured` at the certificate's expiry after a month's notice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/background/index.ts';
import { call, useTestServer } from './server.ts';
import { newAdmin, newClient, newProvider, setClock, tokenFor } from './factories.ts';
import { mailsTo } from './outbox.ts';
import { multipart, multipartType, type Part } from './multipart.ts';
import { smallPng } from './photos.ts';

const t = useTestServer();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let adminToken: string;

beforeAll(async () => {
  adminToken = (await newAdmin(t)).token;
});

async function provider(language: 'es' | 'en' = 'es') {
  const id = await newProvider(t.knex, { categories: ['plumbing'], lat: 18.2, lng: -67.14, municipality_slug: 'mayaguez' });
  await t.knex('profiles').where({ id }).update({ language });
  const email = (await t.knex('users').where({ id }).first('email')).email as string;
  return { id, email, token: tokenFor(t, id, true) };
}

function ask(token: string, fields: Partial<Record<'licence_number' | 'licence_board' | 'insurance_expires_on', string>> = {}, file: Buffer = pdf) {
  const values = { licence_number: 'DACO-12345', licence_board: 'daco', insurance_expires_on: '2027-06-30', ...fields };
  const parts: Part[] = [
    ...Object.entries(values).map(([name, data]) => ({ name, data })),
    { name: 'certificate', filename: 'certificado.pdf', contentType: 'application/pdf', data: file },
  ];
  return call(t.server, 'POST', '/api/v1/providers/me/verification', { token, raw: multipart(parts) as unknown as string, headers: { 'content-type': multipartType } });
}

describe('asking for verification', () => {
  it('takes a licence number, its board and a PDF certificate with its expiry, once at a time', async () => {
    const me = await provider();
    const res = await ask(me.token);
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ provider_id: me.id, licence_number: 'DACO-12345', licence_board: 'daco', insurance_expires_on: '2027-06-30', status: 'pending' });
    expect(res.body.certificate.content_type).toBe('application/pdf');

    const again = await ask(me.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('verification_pending');

    const mine = await call(t.server, 'GET', '/api/v1/providers/me/verification', { token: me.token });
    expect(mine.body).toMatchObject({ verified: false, insured: false, insurance_expires_on: null, request: { id: res.body.id, status: 'pending' } });
  });

  it('takes an image certificate, re-encoded', async () => {
    const res = await ask((await provider()).token, {}, await smallPng(3));
    expect(res.status, res.raw).toBe(201);
    expect(res.body.certificate.content_type).toBe('image/webp');
  });

  it('refuses what is not a PDF or an image, a certificate over 10 MB, one already expired and a malformed licence', async () => {
    const me = await provider();
    const text = await ask(me.token, {}, Buffer.from('just some text pretending'));
    expect([text.status, text.body.code]).toEqual([415, 'file_type_not_supported']);

    const big = await ask(me.token, {}, Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect([big.status, big.body.code]).toEqual([413, 'file_too_large']);

    const expired = await ask(me.token, { insurance_expires_on: '2020-01-01' });
    expect([expired.status, expired.body.details]).toEqual([400, { insurance_expires_on: 'out_of_range' }]);

    const badLicence = await ask(me.token, { licence_number: '<script>' });
    expect([badLicence.status, badLicence.body.details?.licence_number]).toEqual([400, 'invalid_format']);

    const badBoard = await ask(me.token, { licence_board: 'mayor' });
    expect(badBoard.status).toBe(400);

    const badDay = await ask(me.token, { insurance_expires_on: '2027-02-30' });
    expect(badDay.status).toBe(400);
    expect(await t.knex('verification_requests').where({ provider_id: me.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('is for providers only', async () => {
    const res = await ask(tokenFor(t, await newClient(t.knex)));
    expect([res.status, res.body.code]).toEqual([403, 'forbidden']);
    const mine = await call(t.server, 'GET', '/api/v1/providers/me/verification', { token: tokenFor(t, await newClient(t.knex)) });
    expect(mine.status).toBe(403);
    expect((await call(t.server, 'GET', '/api/v1/providers/me/verification')).status).toBe(401);
  });
});

describe('the certificate', () => {
  it('is read by its provider and admins, by the signed address they get, and by nobody else', async () => {
    const owner = await provider();
    const created = await ask(owner.token);
    const path = `/api/v1/verification-requests/${created.body.id}/certificate`;

    const own = await call(t.server, 'GET', path, { token: owner.token });
    expect([own.status, own.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(own.raw).toContain('%PDF-');
    expect((await call(t.server, 'GET', path, { token: adminToken })).status).toBe(200);
    expect((await call(t.server, 'GET', created.body.certificate.url)).status).toBe(200);

    const stranger = await provider();
    const strangers = await call(t.server, 'GET', path, { token: stranger.token });
    expect([strangers.status, strangers.body.code]).toEqual([404, 'verification_not_found']);
    expect((await call(t.server, 'GET', path, { token: tokenFor(t, await newClient(t.knex)) })).status).toBe(404);
    expect((await call(t.server, 'GET', path)).status).toBe(404);
    const forged = created.body.certificate.url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await call(t.server, 'GET', forged, { token: stranger.token })).status).toBe(404);
  });
});

describe('the admin decides', () => {
  it('approves: verified and insured with the expiry, in search, recorded, told in the provider language', async () => {
    const me = await provider('en');
    const created = await ask(me.token, { insurance_expires_on: '2027-03-31' });
    const queue = await call(t.server, 'GET', '/api/v1/admin/verification-requests', { token: adminToken });
    expect(queue.body.items.map((r: { id: string }) => r.id)).toContain(created.body.id);

    const approved = await call(t.server, 'POST', `/api/v1/admin/verification-requests/${created.body.id}/approve`, { token: adminToken });
    expect(approved.status, approved.raw).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reason: null });

    const mine = await call(t.server, 'GET', '/api/v1/providers/me/verification', { token: me.token });
    expect(mine.body).toMatchObject({ verified: true, insured: true, insurance_expires_on: '2027-03-31' });
    const profile = await call(t.server, 'GET', `/api/v1/providers/${me.id}`);
    expect([profile.body.verified, profile.body.insured]).toEqual([true, true]);
    const search = await call(t.server, 'GET', '/api/v1/providers?category=plumbing&verified=true&insured=true&limit=50');
    expect(search.status, search.raw).toBe(200);
    expect(search.body.items.map((card: { id: string }) => card.id)).toContain(me.id);

    const record = await t.knex('admin_actions').where({ target_id: me.id }).first();
    expect(record).toMatchObject({ action: 'verification_approved', details: expect.objectContaining({ request_id: created.body.id }) });
    expect(record.admin_id).not.toBeNull();
    const [mail] = await mailsTo(t.knex, me.email);
    expect(mail!.subject).toBe('Your business is verified on Resuelve');
    expect(mail!.body).toContain('March 31, 2027');

    const twice = await call(t.server, 'POST', `/api/v1/admin/verification-requests/${created.body.id}/approve`, { token: adminToken });
    expect([twice.status, twice.body.code]).toEqual([409, 'verification_already_decided']);
  });

  it('rejects with a reason that reaches the provider in Spanish, and lets them ask again', async () => {
    const me = await provider('es');
    const created = await ask(me.token);
    const noReason = await call(t.server, 'POST', `/api/v1/admin/verification-requests/${created.body.id}/reject`, { token: adminToken, body: {} });
    expect(noReason.status).toBe(400);
    const rejected = await call(t.server, 'POST', `/api/v1/admin/verification-requests/${created.body.id}/reject`, {
      token: adminToken,
      body: { reason: 'El certificado no muestra el nombre de la empresa.' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'El certificado no muestra el nombre de la empresa.' });
    const [mail] = await mailsTo(t.knex, me.email);
    expect(mail!.subject).toBe('Tu solicitud de verificación no fue aprobada');
    expect(mail!.body).toContain('El certificado no muestra el nombre de la empresa.');
    expect(await t.knex('admin_actions').where({ target_id: me.id, action: 'verification_rejected' }).first()).toBeTruthy();
    expect((await call(t.server, 'GET', '/api/v1/providers/me/verification', { token: me.token })).body.verified).toBe(false);
    expect((await ask(me.token)).status).toBe(201);
  });

  it('answers 404 for an unknown request', async () => {
    const res = await call(t.server, 'POST', '/api/v1/admin/verification-requests/00000000-0000-4000-8000-000000000000/approve', { token: adminToken });
    expect([res.status, res.body.code]).toEqual([404, 'verification_not_found']);
  });
});

describe('insurance-expiry (background job)', () => {
  it('tells the provider a month before, once, and removes insured at the expiry, recorded', async () => {
    const me = await provider('es');
    const created = await ask(me.token, { insurance_expires_on: '2027-01-15' });
    await call(t.server, 'POST', `/api/v1/admin/verification-requests/${created.body.id}/approve`, { token: adminToken });
    const context = t.server.app.context;
    const notices = async () => (await mailsTo(t.knex, me.email)).map((m) => m.subject);

    setClock(t, '2026-12-01T12:00:00Z'); // 45 days before: nothing yet
    await backgroundJobs['insurance-expiry'](context);
    expect(await notices()).not.toContain('Tu certificado de seguro vence pronto');

    setClock(t, '2026-12-20T12:00:00Z'); // 26 days before
    await backgroundJobs['insurance-expiry'](context);
    await backgroundJobs['insurance-expiry'](context);
    expect((await notices()).filter((s) => s === 'Tu certificado de seguro vence pronto')).toHaveLength(1);
    expect((await t.knex('providers').where({ id: me.id }).first('insured')).insured).toBe(true);

    setClock(t, '2027-01-16T03:00:00Z'); // the expiry day still, 23:00 in Puerto Rico (UTC-4)
    await backgroundJobs['insurance-expiry'](context);
    expect((await t.knex('providers').where({ id: me.id }).first('insured')).insured).toBe(true);

    setClock(t, '2027-01-16T12:00:00Z');
    await backgroundJobs['insurance-expiry'](context);
    expect((await t.knex('providers').where({ id: me.id }).first('insured', 'verified_at')).insured).toBe(false);
    expect(await notices()).toContain('Tu certificado de seguro venció');
    const record = await t.knex('admin_actions').where({ target_id: me.id, action: 'insurance_expired' }).first();
    expect(record).toMatchObject({ admin_id: null, details: { insurance_expires_on: '2027-01-15' } });
    const card = await call(t.server, 'GET', `/api/v1/providers/${me.id}`);
    expect([card.body.verified, card.body.insured]).toEqual([true, false]);
    expect(await t.knex('provider_places').where({ provider_id: me.id, insured: true }).first()).toBeUndefined();
  });
});
