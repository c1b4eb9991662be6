/** The demo admin (api/src/db/demo-seed.ts) for the admin console's journeys. */
import type { APIRequestContext } from '@playwright/test';
import type { Locale } from '@resuelve/contract';
import { expect } from './support/fixtures.ts';
import { apiOf, type Person } from './jobs-helpers.ts';

const admin = { email: 'admin@demo.resuelve.pr', password: 'Demo#2026pr' };

/** Signed in through the api, speaking the journey's language (a profile's language wins at sign-in). */
export async function demoAdmin(request: APIRequestContext, lng: Locale): Promise<Person> {
  const session = await request.post('/api/v1/auth/signin', { data: admin });
  expect(session.status(), await session.text()).toBe(200);
  const { access_token: token, user } = (await session.json()) as { access_token: string; user: { id: string } };
  await apiOf(request, { token }).expectOk('PATCH', '/profiles/me', { language: lng });
  return { ...admin, id: user.id, token, lng };
}
