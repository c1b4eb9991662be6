import { describe, expect, it } from 'vitest';
import { onboardingSteps } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { categoryIds, validClient, validProvider, verifyPhone } from './factories.ts';
import { onboardedClient, onboardedProvider, signedIn } from './api-factories.ts';

const t = useTestServer();

const clientDraft = {
  account_type: 'client',
  step: 'address',
  data: {
    personal: { first_name: 'Luis', last_name: 'Ortiz', birth_date: '1990-03-04' },
    phone: { phone_number: '(787) 555-0123', verified: false },
    address: { address: '', city: 'Ponce', state: 'PR', zip_code: '00716' },
  },
};

const providerDraft = {
  account_type: 'provider',
  step: 'services',
  data: {
    company: { company_name: 'Jardines Isla', ein: '12-3456789', years_experience: 7 },
    business: { business_address: 'Carr. 2 km 10', city: 'Bayamón', state: 'PR', zip_code: '00961', website_url: null },
    services: { category_ids: [1, 4], insured: true, insurance_details: '' },
    socials: { social_media: { instagram: '@jardines', facebook: '' } },
  },
};

describe('saved onboarding progress', () => {
  it('starts empty', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'GET', '/api/v1/profiles/me/onboarding', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ account_type: null, step: null, data: {} });
  });

  it('is saved whole per step and read back after a reload, for each account type', async () => {
    const me = await signedIn(t.server, t.knex);
    for (const draft of [clientDraft, providerDraft]) {
      const put = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body: draft });
      expect(put.status).toBe(200);
      expect(put.body).toEqual(draft);
      expect((await call(t.server, 'GET', '/api/v1/profiles/me/onboarding', { token: me.token })).body).toEqual(draft);
    }
    const chosenOnly = { account_type: 'client', step: null, data: {} };
    expect((await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body: chosenOnly })).body).toEqual(chosenOnly);
  });

  it("is one's own: another account's progress is untouched", async () => {
    const first = await signedIn(t.server, t.knex);
    const second = await signedIn(t.server, t.knex);
    await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: first.token, body: clientDraft });
    await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: second.token, body: providerDraft });
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/onboarding', { token: first.token })).body).toEqual(clientDraft);
  });

  it("takes only the account type's own step names, as steps and as data keys", async () => {
    const me = await signedIn(t.server, t.knex);
    const cases: [unknown, Record<string, string>][] = [
      [{ ...clientDraft, step: 'company' }, { step: 'not_allowed' }],
      [{ ...clientDraft, data: { company: { company_name: 'X' } } }, { 'data.company': 'unknown_field' }],
      [{ ...providerDraft, data: { interests: { slugs: ['plumbing'] } } }, { 'data.interests': 'unknown_field' }],
      [{ account_type: 'admin', step: null, data: {} }, { account_type: 'not_allowed' }],
      [{ account_type: null, step: 'personal', data: {} }, { step: 'not_allowed' }],
      [{ account_type: null, step: null, data: { personal: {} } }, { 'data.personal': 'unknown_field' }],
      [{ account_type: 'client', data: {} }, { step: 'required' }],
    ];
    for (const [body, details] of cases) {
      const res = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details, JSON.stringify(body)).toEqual(details);
    }
    for (const step of onboardingSteps.client) {
      const res = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body: { account_type: 'client', step, data: {} } });
      expect(res.status, step).toBe(200);
    }
  });

  it('keeps plain values only: each step an object of texts, numbers, booleans, null, lists and one level of groups', async () => {
    const me = await signedIn(t.server, t.knex);
    const refused = [
      { personal: 'Luis' },
      { personal: [1, 2] },
      { personal: { nested: { deeper: { x: 1 } } } },
      { personal: { list: [{ x: 1 }] } },
      { personal: { text: 'x'.repeat(2001) } },
    ];
    for (const data of refused) {
      const res = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body: { account_type: 'client', step: 'personal', data } });
      expect(res.status, JSON.stringify(data).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it('refuses a payload over 32 KB with 413 payload_too_large', async () => {
    const me = await signedIn(t.server, t.knex);
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, 'x'.repeat(1900)]));
    const res = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: me.token, body: { account_type: 'client', step: 'personal', data: { personal: big } } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('is closed once onboarding is finished (409 already_onboarded) and then tells how it finished', async () => {
    const client = await onboardedClient(t.server, t.knex);
    const res = await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token: client.token, body: clientDraft });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_onboarded');
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/onboarding', { token: client.token })).body).toEqual({ account_type: 'client', step: null, data: {} });
    const provider = await onboardedProvider(t.server, t.knex);
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/onboarding', { token: provider.token })).body).toEqual({ account_type: 'provider', step: null, data: {} });
  });

  it('needs a session', async () => {
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/onboarding')).status).toBe(401);
    expect((await call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { body: clientDraft })).status).toBe(401);
    expect((await call(t.server, 'POST', '/api/v1/profiles/me/complete-onboarding')).status).toBe(401);
  });
});

describe('POST /profiles/me/complete-onboarding', () => {
  const complete = (token: string) => call(t.server, 'POST', '/api/v1/profiles/me/complete-onboarding', { token });
  const choose = (token: string, accountType: 'client' | 'provider') =>
    call(t.server, 'PUT', '/api/v1/profiles/me/onboarding', { token, body: { account_type: accountType, step: null, data: {} } });

  it('needs an account type chosen first', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const res = await complete(me.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'onboarding_incomplete', details: { account_type: 'required' } });
  });

  it('finishes a client with the client profile saved so far', async () => {
    const me = await signedIn(t.server, t.knex);
    await choose(me.token, 'client');
    await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: validClient() });
    await verifyPhone(t.knex, me.id);
    const res = await complete(me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, is_onboarded: true, is_contractor: false, first_name: 'María' });
  });

  it('lists what a client still misses, and wants a verified phone', async () => {
    const me = await signedIn(t.server, t.knex);
    await choose(me.token, 'client');
    await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { first_name: 'Ana', last_name: 'Cruz', birth_date: '1980-01-01' } });
    await verifyPhone(t.knex, me.id);
    const missing = await complete(me.token);
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ code: 'onboarding_incomplete', details: { address: 'required', city: 'required', state: 'required', zip_code: 'required' } });
    const other = await signedIn(t.server, t.knex);
    await choose(other.token, 'client');
    await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: other.token, body: validClient() });
    const noPhone = await complete(other.token);
    expect(noPhone.status).toBe(409);
    expect(noPhone.body.code).toBe('phone_not_verified');
  });

  it('finishes a provider with the provider profile and services saved so far', async () => {
    const me = await signedIn(t.server, t.knex);
    await choose(me.token, 'provider');
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Jardines Isla' } });
    const { company_name: _name, ...rest } = validProvider();
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: rest });
    await verifyPhone(t.knex, me.id);
    const noServices = await complete(me.token);
    expect(noServices.status).toBe(409);
    expect(noServices.body).toMatchObject({ code: 'onboarding_incomplete', details: { serviceCategories: 'required' } });
    await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: me.token, body: { category_ids: await categoryIds(t.knex, ['landscaping']) } });
    const res = await complete(me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, is_onboarded: true, is_contractor: true });
    expect((await complete(me.token)).body.code).toBe('already_onboarded');
  });

  it('lists what a provider still misses', async () => {
    const me = await signedIn(t.server, t.knex);
    await choose(me.token, 'provider');
    await verifyPhone(t.knex, me.id);
    const nothing = await complete(me.token);
    expect(nothing.body).toMatchObject({ code: 'onboarding_incomplete', details: { company_name: 'required' } });
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Solo Nombre' } });
    const started = await complete(me.token);
    expect(started.body.details).toEqual({
      ein: 'required',
      business_address: 'required',
      city: 'required',
      state: 'required',
      zip_code: 'required',
      years_experience: 'required',
      serviceCategories: 'required',
    });
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body.is_onboarded).toBe(false);
  });
});
