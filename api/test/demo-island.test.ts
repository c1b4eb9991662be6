import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoIslandProviders, seedDemo } from '../src/db/demo-seed.ts';
import { loadIsland } from '../src/db/demo-island.ts';
import { loyaltyRules } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { signIn } from './api-factories.ts';

const t = useTestServer();

const count = async (sql: string, bindings: string[] = []) => Number((await t.knex.raw(sql, bindings)).rows[0].n);
const idOf = async (role: string) => (await t.knex('users').where({ email: demoAccounts.find((a) => a.role === role)!.email }).first('id')).id as string;

describe('the demo island', () => {
  beforeAll(async () => {
    await seedDemo(t.knex, t.server.app.context);
  });

  it('is loaded once: a second seed changes nothing', async () => {
    const tables = ['users', 'providers', 'client_profiles', 'jobs', 'reviews', 'blocked_dates', 'provider_categories'];
    const before = await Promise.all(tables.map((table) => count(`SELECT count(*) AS n FROM ${table}`)));
    expect(await seedDemo(t.knex, t.server.app.context)).toBe(false);
    expect(await Promise.all(tables.map((table) => count(`SELECT count(*) AS n FROM ${table}`)))).toEqual(before);
    // The island plus the demo provider; clients, jobs and reviews around them.
    expect(before[1]).toBe(demoIslandProviders + 1);
    expect(before[2]).toBeGreaterThanOrEqual(100);
    expect(before[3]).toBeGreaterThan(demoIslandProviders);
    expect(before[4]).toBeGreaterThan(demoIslandProviders);
  });

  it('has providers in every municipality and every category, all onboarded and placed', async () => {
    expect(await count('SELECT count(*) AS n FROM municipalities m WHERE NOT EXISTS (SELECT 1 FROM providers p WHERE p.municipality_slug = m.slug)')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM categories c WHERE NOT EXISTS (SELECT 1 FROM provider_categories pc WHERE pc.category_id = c.id)')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM providers p JOIN profiles pf ON pf.id = p.id
      WHERE NOT pf.is_onboarded OR NOT pf.is_contractor OR p.lat IS NULL OR p.ein IS NULL OR p.zip_code IS NULL OR p.years_experience IS NULL
         OR NOT EXISTS (SELECT 1 FROM provider_categories pc WHERE pc.provider_id = p.id)`)).toBe(0);
    // Near their municipality's centre, and with a ZIP of that municipality.
    expect(await count(`SELECT count(*) AS n FROM providers p JOIN municipalities m ON m.slug = p.municipality_slug
      WHERE abs(p.lat - m.lat) > 0.05 OR abs(p.lng - m.lng) > 0.06`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM providers p JOIN zip_codes z ON z.zip = p.zip_code WHERE z.municipality_slug <> p.municipality_slug`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM providers WHERE verified_at IS NOT NULL')).toBeGreaterThan(50);
    expect(await count('SELECT count(*) AS n FROM providers WHERE NOT insured')).toBeGreaterThan(20);
  });

  it("gives most providers a rate in their trade's range, per hour or per visit as the trade charges", async () => {
    const total = await count('SELECT count(*) AS n FROM providers');
    expect(await count('SELECT count(*) AS n FROM providers WHERE rate_cents IS NOT NULL')).toBeGreaterThan(total * 0.75);
    expect(await count(`SELECT count(*) AS n FROM providers WHERE rate_unit = 'visit'`)).toBeGreaterThan(20);
    expect(await count(`SELECT count(*) AS n FROM providers WHERE rate_unit = 'hour'`)).toBeGreaterThan(20);
    expect(await count('SELECT count(*) AS n FROM providers WHERE rate_cents % 500 <> 0')).toBe(0);
    const demo = await t.knex('providers').where({ id: await idOf('provider') }).first('rate_cents', 'rate_unit', 'rate_from');
    expect(demo).toEqual({ rate_cents: 6500, rate_unit: 'hour', rate_from: true });
  });

  it('keeps rating_average, review_count and completed_jobs equal to the reviews and jobs', async () => {
    expect(await count(`SELECT count(*) AS n FROM providers p WHERE
      p.review_count <> (SELECT count(*) FROM reviews r WHERE r.provider_id = p.id)
      OR p.rating_average <> coalesce((SELECT round(avg(rating), 2) FROM reviews r WHERE r.provider_id = p.id), 0)
      OR p.completed_jobs <> (SELECT count(*) FROM jobs j WHERE j.provider_id = p.id AND j.status = 'completed')`)).toBe(0);
    // A realistic spread: every rating occurs, fives most of all, providers both good and poor.
    const ratings = (await t.knex('reviews').select('rating').count('* as n').groupBy('rating').orderBy('rating')).map((row) => Number(row.n));
    expect(ratings).toHaveLength(5);
    expect(Math.max(...ratings)).toBe(ratings[4]);
    expect(await count('SELECT count(*) AS n FROM providers WHERE review_count > 0 AND rating_average < 3.5')).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM providers WHERE review_count = 0')).toBeGreaterThan(0);
  });

  it('reviews only completed past jobs of the same provider and client, in Spanish and English', async () => {
    expect(await count(`SELECT count(*) AS n FROM reviews r JOIN jobs j ON j.id = r.job_id
      WHERE j.status <> 'completed' OR j.provider_id <> r.provider_id OR j.client_id <> r.client_id OR r.created_at < j.scheduled_end OR r.created_at > now()`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM reviews WHERE comment ~ '(Great|Good|Okay|Bad|Fixed)'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM reviews WHERE comment ~ '(Excelente|Buen|Llegó|Regular|Mala|Muy)'`)).toBeGreaterThan(0);
  });

  it('never overlaps two held jobs of one provider, holds them in the future within business hours and off blocked days', async () => {
    expect(await count(`SELECT count(*) AS n FROM jobs a JOIN jobs b ON a.provider_id = b.provider_id AND a.id < b.id
      AND tstzrange(a.scheduled_start, a.scheduled_end) && tstzrange(b.scheduled_start, b.scheduled_end)
      WHERE a.status IN ('pending', 'upcoming') AND b.status IN ('pending', 'upcoming')`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'upcoming')`)).toBeGreaterThan(50);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'upcoming') AND scheduled_start <= now()`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE status = 'completed' AND scheduled_end > now()`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM jobs j JOIN providers p ON p.id = j.provider_id
      CROSS JOIN LATERAL (SELECT p.business_hours -> lower(trim(to_char(j.scheduled_start AT TIME ZONE p.timezone, 'Day'))) AS day) h
      WHERE j.status IN ('pending', 'upcoming') AND (
        NOT (h.day ->> 'open')::boolean
        OR (j.scheduled_start AT TIME ZONE p.timezone)::time < (h.day ->> 'from')::time
        OR (j.scheduled_end AT TIME ZONE p.timezone)::time > (h.day ->> 'to')::time
        OR EXISTS (SELECT 1 FROM blocked_dates b WHERE b.provider_id = p.id AND b.date = (j.scheduled_start AT TIME ZONE p.timezone)::date))`)).toBe(0);
  });

  it('gives the demo provider, in Mayagüez with plumbing, reviews and an upcoming job with the demo client', async () => {
    const provider = await idOf('provider');
    const client = await idOf('client');
    const row = await t.knex('providers').where({ id: provider }).first();
    expect(row).toMatchObject({ municipality_slug: 'mayaguez', verified_at: expect.any(Date) });
    expect(row.review_count).toBeGreaterThanOrEqual(3);
    // The island's upcoming job, and the request api/src/db/demo-jobs.ts adds, so a first visit shows a provider's day with work in it.
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE provider_id = ? AND client_id = ? AND status = 'upcoming'`, [provider, client])).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE provider_id = ? AND client_id = ? AND status = 'pending'`, [provider, client])).toBe(1);
    // Two finished jobs with the demo provider, one reviewed: the other waits for its review (one per job, migration 0034).
    expect(await count(`SELECT count(*) AS n FROM jobs WHERE provider_id = ? AND client_id = ? AND status = 'completed'`, [provider, client])).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM reviews WHERE provider_id = ? AND client_id = ?`, [provider, client])).toBe(1);
    expect((await t.knex('client_profiles').where({ id: client }).first('municipality_slug')).municipality_slug).toBe('san-juan');
  });

  it('lets an island provider sign in with the demo password', async () => {
    const res = await call(t.server, 'POST', '/api/v1/auth/signin', { body: { email: 'proveedor-7@isla.demo.resuelve.pr', password: demoAccounts[0]!.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ is_contractor: true, is_onboarded: true });
  });

  it("earns the demo client exactly the loyalty points its completed jobs and reviews give, as every client's", async () => {
    const client = await idOf('client');
    const jobs = await count(`SELECT count(*) AS n FROM jobs WHERE client_id = ? AND status = 'completed'`, [client]);
    const reviews = await count('SELECT count(*) AS n FROM reviews WHERE client_id = ?', [client]);
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(reviews).toBeGreaterThanOrEqual(1);
    const owed = jobs * loyaltyRules.pointsPerCompletedJob + loyaltyRules.firstBookingBonus + reviews * loyaltyRules.pointsPerReview;
    const session = await signIn(t.server, { email: demoAccounts[0]!.email, password: demoAccounts[0]!.password });
    const mine = await call(t.server, 'GET', '/api/v1/loyalty/me', { token: session.body.access_token });
    expect(mine.status).toBe(200);
    expect(mine.body.points).toBe(owed);
    // The finished job not reviewed yet asks for its review.
    const prompt = await call(t.server, 'GET', '/api/v1/reviews/prompt', { token: session.body.access_token });
    expect(prompt.body.prompt).toMatchObject({ provider_name: 'Plomería y Electricidad Demo' });
    // No client of the island is owed a point or holds one it did not earn.
    expect(await count(`SELECT count(*) AS n FROM client_profiles c WHERE
      coalesce((SELECT sum(points) FROM loyalty_ledger l WHERE l.client_id = c.id), 0) <>
        (SELECT count(*) FROM jobs j WHERE j.client_id = c.id AND j.status = 'completed') * ${loyaltyRules.pointsPerCompletedJob}
      + (CASE WHEN EXISTS (SELECT 1 FROM jobs j WHERE j.client_id = c.id AND j.status = 'completed') THEN ${loyaltyRules.firstBookingBonus} ELSE 0 END)
      + (SELECT count(*) FROM reviews r WHERE r.client_id = c.id) * ${loyaltyRules.pointsPerReview}`)).toBe(0);
  });

  const storedFiles = async (image: { src: string; widths: number[] }) => {
    const key = image.src.slice(t.server.app.context.storage.url('').length);
    return Promise.all(image.widths.flatMap((width) => ['webp', 'jpg'].map((format) => t.server.app.context.storage.read(`${key}-${width}.${format}`))));
  };

  it("fills the landing's featured projects with photos whose files are stored", async () => {
    const featured = await call(t.server, 'GET', '/api/v1/projects/featured?limit=6');
    expect(featured.status).toBe(200);
    expect(featured.body.items).toHaveLength(6);
    expect(new Set(featured.body.items.map((project: { provider_id: string }) => project.provider_id)).size).toBe(6);
    for (const project of featured.body.items as { images: { src: string; widths: number[]; is_cover: boolean }[] }[]) {
      expect(project.images.filter((image) => image.is_cover)).toHaveLength(1);
      for (const file of await storedFiles(project.images[0]!)) expect(file?.length).toBeGreaterThan(1000);
    }
  });

  it('shows cover photos on the first page of the common searches, and a gallery and a picture on the demo provider', async () => {
    for (const query of ['', '?category=plumbing', '?category=painting', '?category=landscaping']) {
      const page = await call(t.server, 'GET', `/api/v1/providers${query}`);
      expect(page.status).toBe(200);
      const covers = page.body.items.slice(0, 3).map((card: { cover_photo: { src: string; widths: number[] } | null }) => card.cover_photo);
      expect(covers.filter(Boolean)).toHaveLength(3);
      for (const file of await storedFiles(covers[0])) expect(file).not.toBeNull();
    }
    const provider = await idOf('provider');
    const gallery = await call(t.server, 'GET', `/api/v1/providers/${provider}/projects`);
    expect(gallery.body.items.length).toBeGreaterThanOrEqual(3);
    expect(gallery.body.items[0].images.length).toBeGreaterThanOrEqual(3);
    // Looked at and liked by island clients, as the gallery counts them.
    expect(await count('SELECT count(*) AS n FROM projects WHERE provider_id = ? AND views > 10 AND likes > 1', [provider])).toBe(3);
    expect((await t.knex('providers').where({ id: provider }).first('profile_picture_url')).profile_picture_url).toMatch(/\/uploads\/profile\//);
  });

  it('opens the demo client and the demo provider to unread messages, and shows replies to reviews', async () => {
    for (const account of demoAccounts.filter((a) => a.role !== 'admin')) {
      const session = await signIn(t.server, { email: account.email, password: account.password });
      const unread = await call(t.server, 'GET', '/api/v1/conversations/unread-count', { token: session.body.access_token });
      expect(unread.status).toBe(200);
      expect(Object.values(unread.body).find((value) => typeof value === 'number')).toBeGreaterThan(0);
    }
    expect(await count('SELECT count(DISTINCT client_id) AS n FROM conversations WHERE provider_id = ?', [await idOf('provider')])).toBeGreaterThanOrEqual(3);
    // Whoever wrote last has read what came before.
    expect(await count(`SELECT count(*) AS n FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
      JOIN messages m ON m.id = c.last_message_id WHERE m.sender_id = p.user_id AND p.unread_count > 0`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM reviews WHERE provider_id = ? AND reply IS NOT NULL', [await idOf('provider')])).toBeGreaterThanOrEqual(2);
  });

  it('has a verification request waiting for an admin and people on the waitlist', async () => {
    const admin = demoAccounts.find((a) => a.role === 'admin')!;
    const session = await signIn(t.server, { email: admin.email, password: admin.password });
    const queue = await call(t.server, 'GET', '/api/v1/admin/verification-requests?status=pending', { token: session.body.access_token });
    expect(queue.status).toBe(200);
    expect(queue.body.items.length).toBeGreaterThanOrEqual(1);
    const signups = await call(t.server, 'GET', '/api/v1/waitlist/signups', { token: session.body.access_token });
    expect(signups.status).toBe(200);
    expect(signups.body.items.length).toBeGreaterThanOrEqual(4);
  });

  it('gives the same island for the same seed', async () => {
    const load = async () => {
      let names: string[] = [];
      await t.knex
        .transaction(async (trx) => {
          await loadIsland(trx, { providers: 30, seed: 7, now: new Date('2026-11-21T12:00:00Z'), passwordHash: 'x', emailDomain: 'otra.example' });
          names = await trx('providers as p').join('users as u', 'u.id', 'p.id').where('u.email', 'like', '%@otra.example').orderBy('p.id').pluck('p.company_name');
          throw new Error('roll back');
        })
        .catch((error: Error) => expect(error.message).toBe('roll back'));
      return names;
    };
    const first = await load();
    expect(first).toHaveLength(30);
    expect(await load()).toEqual(first);
  });

  it('loads in bulk (bench) with the counter triggers resting, then recounts every provider', async () => {
    await t.knex
      .transaction(async (trx) => {
        const enabledTriggers = async () =>
          Number((await trx.raw(`SELECT count(*) AS n FROM pg_trigger WHERE tgrelid IN ('jobs'::regclass, 'reviews'::regclass) AND NOT tgisinternal AND tgenabled = 'O'`)).rows[0].n);
        const enabledBefore = await enabledTriggers();
        await loadIsland(trx, { providers: 40, seed: 9, now: new Date(), passwordHash: 'x', emailDomain: 'bulk.example', bulk: true });
        const wrong = await trx.raw(`SELECT count(*) AS n FROM providers p WHERE
          p.review_count <> (SELECT count(*) FROM reviews r WHERE r.provider_id = p.id)
          OR p.rating_average <> coalesce((SELECT round(avg(rating), 2) FROM reviews r WHERE r.provider_id = p.id), 0)
          OR p.completed_jobs <> (SELECT count(*) FROM jobs j WHERE j.provider_id = p.id AND j.status = 'completed')`);
        expect(Number(wrong.rows[0].n)).toBe(0);
        // Every trigger the load rested is on again (the counters' and the search notices').
        expect(enabledBefore).toBeGreaterThanOrEqual(6);
        expect(await enabledTriggers()).toBe(enabledBefore);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
  });
});
