/**
 * The demo island: a deterministic (seeded) Puerto Rico of providers in every category and every
 * municipality, clients, past completed jobs with reviews and a few upcoming or pending ones.
 * `npm start` loads a few hundred (demo-seed.ts); bench/generate.ts loads any size. The same seed
 * and size give the same rows. Rating, review and job counters follow from the migration's triggers.
 */
import type { Knex } from 'knex';
import { defaultBusinessHours, type BusinessHours } from '@resuelve/contract';
import { islandRate } from './demo-island-rates.ts';
import * as words from './demo-island-words.ts';

export interface IslandOptions {
  providers: number;
  /** Default: half the providers, at least 20. */
  clients?: number;
  seed?: number;
  now: Date;
  /** One hash for every island account (hashing thousands of passwords would take minutes). */
  passwordHash: string;
  emailDomain?: string;
  /** Providers that exist already (the demo provider) and get jobs and reviews from island clients. */
  extraProviders?: string[];
  /** Clients that exist already (the demo client): they book the extra providers' first jobs. */
  extraClients?: string[];
  /**
   * Bulk load (bench): the counter triggers rest during the load and one statement recounts every
   * provider at the end. Needs to own the tables; use inside a transaction.
   */
  bulk?: boolean;
  /** Providers written per round of inserts. */
  chunk?: number;
  onProgress?: (stage: 'clients' | 'providers', done: number, total: number) => void;
}

export const islandDomain = 'isla.demo.resuelve.pr';

export interface IslandCounts {
  providers: number;
  clients: number;
  jobs: number;
  reviews: number;
}

interface Category { id: number; slug: string; group_slug: string; name_es: string; name_en: string; is_interest: boolean }
interface Place { slug: string; name: string; lat: number; lng: number; zips: string[] }
interface World { categories: Category[]; interests: Category[]; places: Place[]; weightedPlaces: Place[]; clientIds: string[]; clientLanguages: ('es' | 'en')[] }
type Random = ReturnType<typeof random>;

/** mulberry32 seeded from a few integers: the same parts always give the same sequence. */
function random(...parts: number[]) {
  let state = 0x9e3779b9;
  for (const part of parts) state = Math.imul(state ^ part, 0x85ebca6b) ^ (Math.imul(state ^ part, 0xc2b2ae35) >>> 15);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0').slice(-width);
/** A valid v4-shaped uuid made of the seed, a kind and an index: unique, stable, no state. */
const idOf = (seed: number, kind: number, index: number) => `${hex(seed, 8)}-${hex(kind, 4)}-4000-8000-${hex(index, 12)}`;

/** Verified phones are unique: islands of different seeds (up to a million accounts) use different ranges. */
const phoneOf = (area: string, seed: number, index: number) => `1${area}${String(2_000_000 + (seed % 7) * 1_000_000 + index).padStart(7, '0')}`;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** Puerto Rico is UTC-4 all year (no daylight saving): local hour h of a day is UTC h+4. */
const prOffsetHours = 4;
const localDay = (now: Date, offsetDays: number) => new Date(now.getTime() - prOffsetHours * hourMs + offsetDays * dayMs).toISOString().slice(0, 10);
const localTime = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + (hour + prOffsetHours) * hourMs);
const weekdayOf = (day: string) => (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
const slugify = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

function hoursVariant(r: Random): BusinessHours {
  const day = (open: boolean, from: string, to: string) => ({ open, from, to });
  const variants: BusinessHours[] = [
    defaultBusinessHours,
    { ...defaultBusinessHours, saturday: day(false, '09:00', '13:00') },
    { monday: day(true, '07:00', '16:00'), tuesday: day(true, '07:00', '16:00'), wednesday: day(true, '07:00', '16:00'), thursday: day(true, '07:00', '16:00'), friday: day(true, '07:00', '15:00'), saturday: day(false, '08:00', '12:00'), sunday: day(false, '08:00', '12:00') },
    { monday: day(false, '10:00', '19:00'), tuesday: day(true, '10:00', '19:00'), wednesday: day(true, '10:00', '19:00'), thursday: day(true, '10:00', '19:00'), friday: day(true, '10:00', '20:00'), saturday: day(true, '09:00', '18:00'), sunday: day(true, '10:00', '15:00') },
  ];
  return r.pick(variants);
}

async function loadWorld(db: Knex, seed: number, clients: number, extraClients: string[]): Promise<World> {
  const categories: Category[] = await db('categories').orderBy('sort_order').select('id', 'slug', 'group_slug', 'name_es', 'name_en', 'is_interest');
  const municipalities: Omit<Place, 'zips'>[] = await db('municipalities').orderBy('slug').select('slug', 'name', 'lat', 'lng');
  const zips: { zip: string; municipality_slug: string }[] = await db('zip_codes').orderBy('zip').select('zip', 'municipality_slug');
  const places = municipalities.map((m) => ({ ...m, zips: zips.filter((z) => z.municipality_slug === m.slug).map((z) => z.zip) }));
  // The metro area and the big towns have more of everything.
  const big = ['san-juan', 'bayamon', 'carolina', 'ponce', 'caguas', 'guaynabo', 'mayaguez', 'arecibo', 'toa-baja', 'trujillo-alto'];
  const weightedPlaces = places.flatMap((place) => Array<Place>(big.includes(place.slug) ? 6 : 1).fill(place));
  const clientIds = Array.from({ length: clients }, (_, j) => idOf(seed, 2, j)).concat(extraClients);
  const clientLanguages = clientIds.map((_, j) => (j < clients && random(seed, 2, j).chance(0.2) ? 'en' : 'es') as 'es' | 'en');
  return { categories, interests: categories.filter((c) => c.is_interest), places, weightedPlaces, clientIds, clientLanguages };
}

function account(id: string, email: string, options: IslandOptions, r: Random, phone: string, language: 'es' | 'en', contractor: boolean) {
  const first = r.pick(words.firstNames);
  const last = r.pick(words.lastNames);
  const stamp = { created_at: options.now, updated_at: options.now };
  return {
    user: { id, email, password_hash: options.passwordHash, email_confirmed_at: options.now, ...stamp },
    profile: {
      id, language, first_name: first, last_name: last, display_name: `${first} ${last.charAt(0)}.`, is_contractor: contractor,
      is_onboarded: true, is_email_verified: true, phone_number: phone, phone_verified_at: options.now, ...stamp,
    },
  };
}

function client(world: World, options: IslandOptions, seed: number, j: number) {
  const r = random(seed, 2, j);
  const language = r.chance(0.2) ? 'en' : 'es'; // the first draw: loadWorld reads it the same way
  const id = world.clientIds[j]!;
  const place = r.pick(world.weightedPlaces);
  const base = account(id, `cliente-${j}@${options.emailDomain ?? islandDomain}`, options, r, phoneOf('939', seed, j), language, false);
  const row = {
    id, birth_date: `${r.int(1950, 2004)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
    address: `${r.pick(words.streets)} ${r.int(1, 250)}`, city: place.name, state: 'PR', zip_code: r.pick(place.zips),
    municipality_slug: place.slug, lat: place.lat + (r.next() - 0.5) * 0.04, lng: place.lng + (r.next() - 0.5) * 0.05,
    preferred_contact: r.pick(['email', 'phone', 'sms']), created_at: options.now, updated_at: options.now,
  };
  const interests = [...new Set([r.pick(world.interests), r.pick(world.interests)])].map((c) => ({ client_id: id, category_id: c.id }));
  return { ...base, row, interests };
}

function provider(world: World, options: IslandOptions, seed: number, i: number) {
  const r = random(seed, 1, i);
  const language = r.chance(0.2) ? 'en' : 'es';
  const id = idOf(seed, 1, i);
  // The first providers walk every municipality and every category, so each one is represented.
  const place = i < world.places.length ? world.places[i]! : r.pick(world.weightedPlaces);
  const main = i < world.categories.length ? world.categories[i]! : r.pick(world.categories);
  const related = world.categories.filter((c) => c.group_slug === main.group_slug && c.id !== main.id);
  const offered = [main, ...(related.length && r.chance(0.5) ? [r.pick(related)] : [])];
  const base = account(id, `proveedor-${i}@${options.emailDomain ?? islandDomain}`, options, r, phoneOf('787', seed, i), language, true);
  const last = base.profile.last_name;
  const trade = words.trades[main.slug] ?? { es: main.name_es, en: main.name_en };
  const years = r.int(1, 35);
  const company = language === 'en'
    ? r.pick([`${last} ${trade.en}`, `${r.pick(words.flavours)} ${trade.en}`, `${place.name} ${trade.en}`])
    : r.pick([`${trade.es} ${last}`, `${trade.es} ${r.pick(words.flavours)}`, `${last} e Hijos ${trade.es}`, `${trade.es} ${place.name}`, `Servicios ${last}`]);
  const template = r.pick(language === 'en' ? words.descriptionsEn : main.group_slug === 'home' ? [...words.descriptionsEs, ...words.descriptionsEsHome] : words.descriptionsEs);
  const description = template
    .replace('{trade}', language === 'en' ? main.name_en.toLowerCase() : main.name_es.toLowerCase())
    .replace('{place}', place.name)
    .replace('{years}', String(years));
  const insured = r.chance(0.7);
  const handle = slugify(company);
  const hours = hoursVariant(r);
  // Its own sequence, so that adding rates left every other drawn value of the island as it was.
  const rate = islandRate(main.slug, random(seed, 5, i).next);
  const row = {
    id, company_name: company, ein: `66${String(i).padStart(7, '0')}`, business_address: `${r.pick(words.streets)} ${r.int(1, 300)}`,
    city: place.name, state: 'PR', zip_code: r.pick(place.zips), municipality_slug: place.slug,
    lat: place.lat + (r.next() - 0.5) * 0.04, lng: place.lng + (r.next() - 0.5) * 0.05,
    website_url: r.chance(0.3) ? `https://${handle}.example.pr` : null, years_experience: years,
    company_description: description.charAt(0).toUpperCase() + description.slice(1), insured,
    insurance_details: insured ? r.pick(words.insuranceDetails) : null,
    social_media: {
      ...(r.chance(0.6) ? { facebook: `https://facebook.com/${handle}` } : {}),
      ...(r.chance(0.4) ? { instagram: `https://instagram.com/${handle}` } : {}),
    },
    business_hours: hours, verified_at: r.chance(0.45) ? new Date(options.now.getTime() - r.int(10, 700) * dayMs) : null,
    rate_cents: rate?.amount_cents ?? null, rate_unit: rate?.unit ?? null, rate_from: rate?.from ?? false,
    created_at: options.now, updated_at: options.now,
  };
  // Insured only as an approved certificate leaves a provider (migration 0036): verified, with an
  // expiry ahead drawn from a sequence of its own, so every other drawn value stays as it was.
  const certified = insured && row.verified_at !== null;
  Object.assign(row, { insured: certified, insurance_expires_on: certified ? localDay(options.now, random(seed, 6, i).int(40, 400)) : null });
  const blocked = [...new Set(Array.from({ length: r.int(0, 3) }, () => localDay(options.now, r.int(2, 45))))];
  return {
    ...base, row, hours, blocked,
    categories: offered.map((c) => ({ provider_id: id, category_id: c.id })),
    blockedRows: blocked.map((date) => ({ provider_id: id, date, reason: r.pick(['Vacaciones', 'Compromiso familiar', 'Día personal', null]) })),
    offered,
  };
}

/** A rating: most are good, each provider leaning a little up or down (quality in -1..1). */
function rating(r: Random, quality: number): number {
  const x = r.next() + quality * 0.25;
  return x > 0.45 ? 5 : x > 0.2 ? 4 : x > 0.1 ? 3 : x > 0.04 ? 2 : 1;
}

/** Past completed jobs (most reviewed) and a few upcoming or pending, each on its own day. */
function history(world: World, options: IslandOptions, seed: number, key: number, providerId: string, offered: Category[], hours: BusinessHours, blocked: string[], extra: boolean) {
  const r = random(seed, 3, key);
  const quality = r.next() * 2 - 1;
  const jobs: Record<string, unknown>[] = [];
  const reviews: Record<string, unknown>[] = [];
  const islandClients = world.clientIds.length - (options.extraClients?.length ?? 0);
  const job = (n: number, day: string, hour: number, status: string, clientIndex: number, createdAt: Date) => {
    const duration = r.int(1, 3);
    const category = r.pick(offered);
    const language = world.clientLanguages[clientIndex]!;
    const title = `${language === 'en' ? category.name_en : category.name_es}: ${r.pick(language === 'en' ? words.jobTitlesEn : words.jobTitlesEs)}`;
    const start = localTime(day, hour);
    const id = idOf(seed, 3, key * 64 + n);
    jobs.push({
      id, client_id: world.clientIds[clientIndex], provider_id: providerId, category_id: category.id, title, status,
      scheduled_start: start, scheduled_end: new Date(start.getTime() + duration * hourMs), duration_hours: duration,
      location_type: r.chance(0.85) ? 'on_site' : 'provider_office', created_at: createdAt, updated_at: createdAt,
    });
    return { id, language, end: start.getTime() + duration * hourMs };
  };
  const pastDays = [...new Set(Array.from({ length: extra ? r.int(8, 12) : Math.floor(r.next() ** 2 * 14) }, () => r.int(3, 365)))];
  // A client reviews a provider once (migration 0018): a later job of the same pair goes unreviewed.
  const reviewed = new Set<number>();
  pastDays.forEach((ago, n) => {
    const clientIndex = extra && n === 0 && options.extraClients?.length ? islandClients : r.int(0, islandClients - 1);
    const day = localDay(options.now, -ago);
    const done = r.chance(0.93);
    const past = job(n, day, r.int(8, 14), done ? 'completed' : r.pick(['cancelled', 'cancelled_by_client']), clientIndex, new Date(localTime(day, 8).getTime() - r.int(2, 10) * dayMs));
    if (!done || !r.chance(0.8) || reviewed.has(clientIndex)) return;
    reviewed.add(clientIndex);
    const stars = rating(r, quality);
    const pool = (past.language === 'en' ? words.commentsEn : words.commentsEs)[stars]!;
    const at = new Date(Math.min(past.end + r.int(2, 72) * hourMs, options.now.getTime()));
    reviews.push({ job_id: past.id, provider_id: providerId, client_id: world.clientIds[clientIndex], rating: stars, comment: r.chance(0.85) ? r.pick(pool) : '', created_at: at, updated_at: at });
  });
  const ahead = [...new Set(Array.from({ length: extra ? 3 : r.int(0, 3) }, () => r.int(1, 21)))];
  ahead.forEach((inDays, n) => {
    const day = localDay(options.now, inDays);
    const open = hours[weekdayOf(day)];
    if (!open.open || blocked.includes(day)) return;
    const from = Number(open.from.slice(0, 2));
    const latest = Number(open.to.slice(0, 2)) - 3; // room for the longest (3 h) job
    if (latest < from) return;
    const clientIndex = extra && n === 0 && options.extraClients?.length ? islandClients : r.int(0, islandClients - 1);
    job(64 - 1 - n, day, r.int(from + (open.from.endsWith('00') ? 0 : 1), latest), r.chance(0.6) ? 'upcoming' : 'pending', clientIndex, new Date(options.now.getTime() - r.int(1, 96) * hourMs));
  });
  return { jobs, reviews };
}

/**
 * Multi-row inserts as one JSON parameter per few thousand rows: PostgreSQL unpacks it
 * (json_populate_recordset), so neither side builds tens of thousands of placeholders.
 */
async function insertRows(db: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const list = columns.map((column) => `"${column}"`).join(', ');
  for (let at = 0; at < rows.length; at += 5000) {
    await db.raw(`INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?)`, [table, table, JSON.stringify(rows.slice(at, at + 5000))]);
  }
}

/** Whether an island with this domain was loaded already (the seed is idempotent on it). */
export async function islandExists(db: Knex, emailDomain = islandDomain): Promise<boolean> {
  return !!(await db('users').where('email', `proveedor-0@${emailDomain}`).first('id'));
}

export async function loadIsland(db: Knex, options: IslandOptions): Promise<IslandCounts> {
  const seed = options.seed ?? 2026;
  const clients = options.clients ?? Math.max(20, Math.ceil(options.providers / 2));
  const chunk = options.chunk ?? 500;
  const world = await loadWorld(db, seed, clients, options.extraClients ?? []);
  const counts: IslandCounts = { providers: 0, clients: 0, jobs: 0, reviews: 0 };
  if (options.bulk) for (const table of ['jobs', 'reviews']) await db.raw('ALTER TABLE ?? DISABLE TRIGGER USER', [table]);
  for (let from = 0; from < clients; from += chunk * 2) {
    const made = Array.from({ length: Math.min(chunk * 2, clients - from) }, (_, k) => client(world, options, seed, from + k));
    await insertRows(db, 'users', made.map((m) => m.user));
    await insertRows(db, 'profiles', made.map((m) => m.profile));
    await insertRows(db, 'client_profiles', made.map((m) => m.row));
    await insertRows(db, 'client_interests', made.flatMap((m) => m.interests));
    counts.clients += made.length;
    options.onProgress?.('clients', counts.clients, clients);
  }
  for (let from = 0; from < options.providers; from += chunk) {
    const made = Array.from({ length: Math.min(chunk, options.providers - from) }, (_, k) => provider(world, options, seed, from + k));
    const stories = made.map((m, k) => history(world, options, seed, from + k, m.user.id, m.offered, m.hours, m.blocked, false));
    await insertRows(db, 'users', made.map((m) => m.user));
    await insertRows(db, 'profiles', made.map((m) => m.profile));
    await insertRows(db, 'providers', made.map((m) => m.row));
    await insertRows(db, 'provider_categories', made.flatMap((m) => m.categories));
    await insertRows(db, 'blocked_dates', made.flatMap((m) => m.blockedRows));
    await insertRows(db, 'jobs', stories.flatMap((s) => s.jobs));
    await insertRows(db, 'reviews', stories.flatMap((s) => s.reviews));
    counts.providers += made.length;
    counts.jobs += stories.reduce((sum, s) => sum + s.jobs.length, 0);
    counts.reviews += stories.reduce((sum, s) => sum + s.reviews.length, 0);
    options.onProgress?.('providers', counts.providers, options.providers);
  }
  for (const [k, providerId] of (options.extraProviders ?? []).entries()) {
    const offered: Category[] = await db('provider_categories as pc').join('categories as c', 'c.id', 'pc.category_id').where('pc.provider_id', providerId).orderBy('c.sort_order').select('c.*');
    const row = await db('providers').where({ id: providerId }).first('business_hours');
    const blockedRows: { day: string }[] = await db('blocked_dates').where({ provider_id: providerId }).select(db.raw(`to_char(date, 'YYYY-MM-DD') AS day`));
    const blocked = blockedRows.map((b) => b.day);
    if (!offered.length || !row) continue;
    const story = history(world, options, seed, options.providers + k, providerId, offered, row.business_hours, blocked, true);
    await insertRows(db, 'jobs', story.jobs);
    await insertRows(db, 'reviews', story.reviews);
    counts.jobs += story.jobs.length;
    counts.reviews += story.reviews.length;
  }
  if (options.bulk) {
    await recountAll(db);
    for (const table of ['jobs', 'reviews']) await db.raw('ALTER TABLE ?? ENABLE TRIGGER USER', [table]);
  }
  return counts;
}

/** The counters of the triggers (migration 0007), for every provider in one pass. */
async function recountAll(db: Knex): Promise<void> {
  await db.raw(`
    WITH r AS (SELECT provider_id, round(avg(rating), 2) AS average, count(*) AS reviews FROM reviews GROUP BY provider_id),
         j AS (SELECT provider_id, count(*) AS completed FROM jobs WHERE status = 'completed' GROUP BY provider_id)
    UPDATE providers p SET rating_average = coalesce(r.average, 0), review_count = coalesce(r.reviews, 0), completed_jobs = coalesce(j.completed, 0)
    FROM providers q LEFT JOIN r ON r.provider_id = q.id LEFT JOIN j ON j.provider_id = q.id
    WHERE q.id = p.id
      AND (p.rating_average, p.review_count, p.completed_jobs) IS DISTINCT FROM (coalesce(r.average, 0), coalesce(r.reviews, 0), coalesce(j.completed, 0))`);
}
