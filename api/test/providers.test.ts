import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkCity,
  checkCompanyName,
  checkEin,
  checkState,
  checkUrl,
  checkYearsExperience,
  checkZip,
  defaultBusinessHours,
} from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { categoryIds, validProvider, verifyPhone } from './factories.ts';
import { onboardedClient, onboardedProvider, signedIn } from './api-factories.ts';
import { itFollowsEachCheck, type FieldCases } from './onboarding-fixtures.ts';

const t = useTestServer();

describe('becoming a provider', () => {
  it('starts a provider profile with the company name and flags the account as contractor', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: '  Electricidad Luz ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: me.id,
      company_name: 'Electricidad Luz',
      ein: null,
      phone_number: null,
      business_address: null,
      city: null,
      state: null,
      zip_code: null,
      website_url: null,
      years_experience: null,
      company_description: null,
      insured: false,
      insurance_details: null,
      social_media: {},
      profile_picture_url: null,
      business_hours: defaultBusinessHours,
      timezone: 'America/Puerto_Rico',
      rate: null,
      cancellation_policy: { free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: 0 },
      default_tax_rate: 'standard',
      categories: [],
    });
    const profile = await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token });
    expect(profile.body).toMatchObject({ is_contractor: true, is_onboarded: false });
  });

  it('refuses a second start with 409 conflict', async () => {
    const me = await signedIn(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Primera' } });
    const again = await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Segunda' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    expect((await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token })).body.company_name).toBe('Primera');
  });

  it('refuses an account that finished onboarding as a client with 409 already_onboarded', async () => {
    const client = await onboardedClient(t.server, t.knex);
    const res = await call(t.server, 'POST', '/api/v1/providers', { token: client.token, body: { company_name: 'Cambio de idea' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_onboarded');
    expect(await t.knex('providers').where({ id: client.id }).first()).toBeUndefined();
  });

  it('checks the company name with the contract rule (2 to 100 characters)', async () => {
    const me = await signedIn(t.server, t.knex);
    for (const [value, code] of [['A', 'too_short'], ['x'.repeat(101), 'too_long'], ['', 'required'], ['   ', 'required']] as const) {
      const res = await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: value } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ company_name: code });
      expect(checkCompanyName(value)).toBe(code);
    }
    const ok = await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'x'.repeat(100) } });
    expect(ok.status).toBe(201);
  });
});

describe('own provider profile', () => {
  it('answers 404 not_found while the account is not a provider', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('comes with business hours, time zone, the verified phone and services named in the account language or ?locale', async () => {
    const me = await onboardedProvider(t.server, t.knex, 'en');
    const phone = await t.knex('profiles').where({ id: me.id }).first('phone_number');
    const res = await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      company_name: 'Plomería Borinquen',
      ein: '123456789',
      phone_number: phone.phone_number,
      zip_code: '00911',
      years_experience: 12,
      insured: false,
      social_media: { instagram: '@plomeriaboricua' },
      business_hours: defaultBusinessHours,
      timezone: 'America/Puerto_Rico',
      categories: [{ id: expect.any(Number), slug: 'plumbing', name: 'Plumbing' }],
    });
    const spanish = await call(t.server, 'GET', '/api/v1/providers/me?locale=es', { token: me.token });
    expect(spanish.body.categories[0].name).toBe('Plomería');
  });

  it('shows a pending (unverified) number as no phone', async () => {
    const me = await signedIn(t.server, t.knex);
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Sin Teléfono' } });
    await t.knex('profiles').where({ id: me.id }).update({ phone_number: '17875550000', phone_verified_at: null });
    expect((await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token })).body.phone_number).toBeNull();
  });

  it('changes any field, stores text as typed, and clears optional texts with empty values', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const res = await call(t.server, 'PATCH', '/api/v1/providers/me', {
      token: me.token,
      body: {
        company_name: 'Plomería <script>x</script>',
        city: 'Mayagüez',
        zip_code: '00680-1234',
        website_url: '',
        company_description: null,
        social_media: { facebook: 'https://facebook.com/plomeria', whatsapp: '' },
        timezone: 'america/new_york',
        years_experience: 0,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      company_name: 'Plomería <script>x</script>',
      city: 'Mayagüez',
      zip_code: '00680-1234',
      website_url: null,
      company_description: null,
      social_media: { facebook: 'https://facebook.com/plomeria' },
      timezone: 'America/New_York',
      years_experience: 0,
    });
  });

  it('refuses unknown and protected fields, empty changes, and accounts that are not providers', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    for (const body of [{}, { id: me.id }, { is_onboarded: false }, { business_hours: defaultBusinessHours }, { phone_number: '17875550123' }]) {
      const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const other = await signedIn(t.server, t.knex);
    const notProvider = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: other.token, body: { city: 'Ponce' } });
    expect(notProvider.status).toBe(403);
    expect(notProvider.body.code).toBe('forbidden');
  });

  it('refuses a time zone the runtime does not know', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: { timezone: 'Mars/Olympus_Mons' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ timezone: 'not_allowed' });
  });
});

const fieldCases: FieldCases = [
  ['company_name', checkCompanyName, ['A', 'x'.repeat(101), 'Ab', 'x'.repeat(100)]],
  ['ein', checkEin, ['12345678', '1234567890', '12345678a', '12 3456789', '123456789', '12-3456789']],
  ['zip_code', checkZip, ['0091', '009011', '00901-12', 'PR 00901', '00901', '00901-1234', '009011234', '10001']],
  ['website_url', checkUrl, ['ftp://files.example.pr', 'javascript:alert(1)', 'http://localhost', 'www.example.pr', 'http://example.pr', 'https://example.pr/a?b=c']],
  ['business_address', checkAddress, ['Ca 1', 'x'.repeat(201), 'Calle Sol 25']],
  ['city', checkCity, ['S', 'San Juan 2', 'San Juan<', 'Añasco', "Toa Baja", 'x'.repeat(81)]],
  ['state', checkState, ['XX', 'pr', 'P', 'PRI', 'PR', 'NY']],
];

describe('every provider rule of SPEC.md §5, from the one definition in contract', () => {
  itFollowsEachCheck(t, '/api/v1/providers/me', fieldCases, () => onboardedProvider(t.server, t.knex));

  it('years of experience: a whole number, not negative, not unreasonably high', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    for (const value of [-1, 81, 1.5, 'abc', 0, 80, 25]) {
      const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: { years_experience: value } });
      const expected = checkYearsExperience(String(value));
      if (expected) {
        expect(res.status, String(value)).toBe(400);
        expect(res.body.details, String(value)).toEqual({ years_experience: expected });
      } else {
        expect(res.status, String(value)).toBe(200);
        expect(res.body.years_experience).toBe(value);
      }
    }
  });

  it('keeps the leading zeros of Puerto Rico ZIP codes and stores the EIN as 9 digits', async () => {
    const me = await onboardedProvider(t.server, t.knex);
    const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: me.token, body: { zip_code: '00603', ein: '98-7654321' } });
    expect(res.body).toMatchObject({ zip_code: '00603', ein: '987654321' });
    expect(await t.knex('providers').where({ id: me.id }).first('zip_code', 'ein')).toEqual({ zip_code: '00603', ein: '987654321' });
  });
});

describe('finishing provider onboarding', () => {
  it('saves the profile and services, flags the account onboarded contractor, and answers the Profile', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const services = await categoryIds(t.knex, ['plumbing', 'electrical']);
    const res = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider(), serviceCategories: services },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, email: me.email, is_contractor: true, is_onboarded: true });
    const provider = await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token });
    expect(provider.body.categories.map((c: { slug: string }) => c.slug)).toEqual(['plumbing', 'electrical']);
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body.is_onboarded).toBe(true);
  });

  it('works after POST /providers too, replacing what was started', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Nombre Viejo' } });
    await call(t.server, 'POST', '/api/v1/providers/me/services', { token: me.token, body: { category_id: (await categoryIds(t.knex, ['roofing']))[0] } });
    const res = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider({ company_name: 'Nombre Nuevo' }), serviceCategories: await categoryIds(t.knex, ['painting']) },
    });
    expect(res.status).toBe(200);
    const provider = await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token });
    expect(provider.body.company_name).toBe('Nombre Nuevo');
    expect(provider.body.categories.map((c: { slug: string }) => c.slug)).toEqual(['painting']);
  });

  it('needs a verified phone (409 phone_not_verified) and saves nothing without one', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider(), serviceCategories: await categoryIds(t.knex, ['plumbing']) },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('phone_not_verified');
    expect(await t.knex('providers').where({ id: me.id }).first()).toBeUndefined();
    expect(await t.knex('profiles').where({ id: me.id }).first('is_onboarded', 'is_contractor')).toEqual({ is_onboarded: false, is_contractor: false });
  });

  it('needs at least one existing service category', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const empty = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider(), serviceCategories: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ serviceCategories: 'too_short' });
    const missing = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', { token: me.token, body: { provider: validProvider() } });
    expect(missing.body.details).toEqual({ serviceCategories: 'required' });
    const unknown = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: validProvider(), serviceCategories: [999_999] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ serviceCategories: 'not_allowed' });
  });

  it('requires every field of the company and business steps and checks each with its rule', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const services = await categoryIds(t.knex, ['plumbing']);
    const res = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: { company_name: 'Ok Co' }, serviceCategories: services },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({
      'provider.ein': 'required',
      'provider.business_address': 'required',
      'provider.city': 'required',
      'provider.state': 'required',
      'provider.zip_code': 'required',
      'provider.years_experience': 'required',
    });
    const invalid = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: {
        provider: validProvider({ ein: '1234', zip_code: '123', state: 'ZZ', website_url: 'ftp://x.pr', years_experience: -2, timezone: 'UTC' }),
        serviceCategories: services,
      },
    });
    expect(invalid.body.details).toEqual({
      'provider.ein': 'invalid_ein',
      'provider.zip_code': 'invalid_zip',
      'provider.state': 'invalid_state',
      'provider.website_url': 'invalid_url',
      'provider.years_experience': 'out_of_range',
      'provider.timezone': 'unknown_field',
    });
  });

  it('accepts the optional fields left out', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const { website_url: _w, company_description: _d, insurance_details: _i, social_media: _s, ...required } = validProvider();
    const res = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', {
      token: me.token,
      body: { provider: required, serviceCategories: await categoryIds(t.knex, ['cleaning']) },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a second finish and a client account with 409 already_onboarded', async () => {
    const provider = await onboardedProvider(t.server, t.knex);
    const body = { provider: validProvider(), serviceCategories: await categoryIds(t.knex, ['plumbing']) };
    const again = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', { token: provider.token, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_onboarded');
    const client = await onboardedClient(t.server, t.knex);
    const asClient = await call(t.server, 'POST', '/api/v1/providers/complete-onboarding', { token: client.token, body });
    expect(asClient.status).toBe(409);
    expect(asClient.body.code).toBe('already_onboarded');
    expect(await t.knex('profiles').where({ id: client.id }).first('is_contractor')).toEqual({ is_contractor: false });
  });
});

describe('provider routes in the OpenAPI document', () => {
  it('lists every provider route', async () => {
    const paths = (await call(t.server, 'GET', '/api/v1/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/providers', 'post'],
      ['/providers/me', 'get'],
      ['/providers/me', 'patch'],
      ['/providers/complete-onboarding', 'post'],
      ['/providers/me/services', 'get'],
      ['/providers/me/services', 'post'],
      ['/providers/me/services/batch', 'post'],
      ['/providers/me/services/{id}', 'delete'],
      ['/providers/{id}/business-hours', 'get'],
      ['/providers/{id}/business-hours', 'put'],
      ['/providers/me/blocked-dates', 'get'],
      ['/providers/me/blocked-dates', 'post'],
      ['/providers/me/blocked-dates/{date}', 'delete'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });
});
