/**
 * What makes the demo show every feature on a first `npm start` (issue 27, point 12), once, after
 * the island and the demo jobs: photos and featured projects (demo-portfolio.ts), conversations
 * with unread messages (demo-conversations.ts), the loyalty points every completed job and review
 * earned, providers' replies to reviews, a verification request waiting for an admin and people on
 * the waitlist. Each goes through the functions the product itself uses where there are any.
 */
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import { LocalEventBus } from '../lib/events.ts';
import { privatePrefix, type Storage } from '../lib/storage.ts';
import { earnForCompletedJobs, earnForReviews } from '../modules/loyalty/index.ts';
import { replyToReview } from '../modules/reviews/index.ts';
import { awake, seedConversations } from './demo-conversations.ts';
import { commonSearches, seedPortfolios } from './demo-portfolio.ts';

export interface ShowcaseServices {
  storage: Storage;
  config: Config;
}

export interface ShowcaseIds {
  demoClientId: string;
  demoProviderId: string;
  adminId: string;
}

/** Whether it was laid out already: the demo provider has a project. */
async function laidOut(trx: Knex.Transaction, demoProviderId: string): Promise<boolean> {
  return Boolean(await trx('projects').where({ provider_id: demoProviderId }).first('id'));
}

export async function seedShowcase(trx: Knex.Transaction, services: ShowcaseServices, now: Date, ids: ShowcaseIds): Promise<void> {
  if (await laidOut(trx, ids.demoProviderId)) return;
  await earnLoyalty(trx);
  await seedPortfolios(trx, services.storage, now, ids);
  await seedConversations(trx, services, now, ids);
  await replyToReviews(trx, now, ids.demoProviderId);
  await seedVerificationRequest(trx, services.storage, now);
  await seedWaitlist(trx, now);
}

/**
 * Every completed job and every review earns what the loyalty rules give (decision 0025), dated
 * when it was earned, through the ledger's own writes, as completing a job and writing a review do.
 */
async function earnLoyalty(trx: Knex.Transaction): Promise<void> {
  const jobs: { id: string; client_id: string; at: Date }[] = await trx('jobs')
    .where({ status: 'completed' })
    .orderByRaw('coalesce(ended_at, scheduled_end), id')
    .select('id', 'client_id', trx.raw('coalesce(ended_at, scheduled_end) AS at'));
  await earnForCompletedJobs(trx, jobs);
  await earnForReviews(trx, await trx('reviews').orderBy('created_at').orderBy('id').select('id', 'client_id', 'job_id', 'created_at as at'));
}

const replies = [
  '¡Gracias por confiar en nosotros! Fue un placer trabajar en su casa.',
  'Gracias por sus palabras. Cualquier cosa que necesite, aquí estamos.',
  'Agradecemos su comentario; ya hablamos con el equipo para mejorar los tiempos de llegada.',
];

/** The demo provider answers its latest reviews, and the first provider of each common search its latest one. */
async function replyToReviews(trx: Knex.Transaction, now: Date, demoProviderId: string): Promise<void> {
  const { rows } = await trx.raw<{ rows: { id: string; provider_id: string; created_at: Date }[] }>(
    `(SELECT r.id, r.provider_id, r.created_at FROM reviews r WHERE r.provider_id = ? AND r.comment <> '' ORDER BY r.created_at DESC LIMIT 3)
     UNION ALL
     (SELECT DISTINCT ON (p.id) r.id, r.provider_id, r.created_at
        FROM providers p JOIN reviews r ON r.provider_id = p.id
       WHERE p.id IN (SELECT provider_id FROM projects) AND p.id <> ? AND r.comment <> ''
       ORDER BY p.id, r.created_at DESC)`,
    [demoProviderId, demoProviderId],
  );
  for (const [k, review] of rows.entries()) {
    // A day after the review, and never later than now.
    const at = new Date(Math.min(review.created_at.getTime() + 86_400_000, now.getTime()));
    await replyToReview({ knex: trx, clock: { now: () => at }, events: new LocalEventBus() }, review.id, { userId: review.provider_id, isAdmin: false }, replies[k % replies.length]!);
  }
}

/** A certificate of insurance as a scanned page: a white sheet with a header, lines and a seal. */
async function certificate(): Promise<Buffer> {
  const lines = Array.from({ length: 9 }, (_, i) => `<rect x="90" y="${300 + i * 60}" width="${i % 3 === 2 ? 420 : 620}" height="16" rx="8" fill="#b0bec5"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="850" height="1100"><rect width="850" height="1100" fill="#ffffff"/>
    <rect x="60" y="60" width="730" height="150" fill="#1d3557"/><rect x="90" y="110" width="400" height="30" rx="10" fill="#f1faee"/>${lines}
    <circle cx="650" cy="930" r="90" fill="none" stroke="#e63946" stroke-width="12"/><rect x="90" y="960" width="300" height="6" fill="#264653"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/** An island provider, not verified, whose request (licence and certificate) waits in /admin/verification. */
async function seedVerificationRequest(trx: Knex.Transaction, storage: Storage, now: Date): Promise<void> {
  const provider = (await trx('providers as p')
    .join('provider_categories as pc', 'pc.provider_id', 'p.id')
    .join('categories as c', 'c.id', 'pc.category_id')
    .whereNull('p.verified_at')
    .where('p.listed', true)
    .whereIn('c.slug', commonSearches)
    .orderBy('p.review_count', 'desc')
    .orderBy('p.id')
    .first('p.id', 'c.slug')) as { id: string; slug: string } | undefined;
  if (!provider) return;
  const body = await certificate();
  const key = `${privatePrefix}certificates/2026/11/de300000-0003-4000-8000-000000000001.webp`;
  await storage.put(key, body, 'image/webp');
  const board = provider.slug === 'plumbing' ? 'plumbers' : provider.slug === 'electrical' ? 'electricians' : 'daco';
  await trx('verification_requests').insert({
    provider_id: provider.id,
    licence_number: 'L-48213',
    licence_board: board,
    insurance_expires_on: new Date(now.getTime() + 300 * 86_400_000).toISOString().slice(0, 10),
    certificate_path: key,
    certificate_type: 'image/webp',
    certificate_size: body.length,
    created_at: awake(new Date(now.getTime() - 26 * 3_600_000)),
  });
}

/** People from towns the island serves thinly, waiting to hear when more providers arrive. */
async function seedWaitlist(trx: Knex.Transaction, now: Date): Promise<void> {
  const people = [
    { email: 'lucia.rivera@example.com', name: 'Lucía Rivera', role: 'client', municipality_slug: 'culebra', categories: ['cleaning', 'plumbing'], locale: 'es', hours: 70, verified: true },
    { email: 'jose.ortiz@example.com', name: 'José Ortiz', role: 'provider', municipality_slug: 'vieques', categories: ['electrical'], locale: 'es', hours: 50, verified: true },
    { email: 'amy.lopez@example.com', name: 'Amy López', role: 'client', municipality_slug: 'rincon', categories: ['pool'], locale: 'en', hours: 30, verified: false },
    { email: 'marta.cruz@example.com', name: 'Marta Cruz', role: 'provider', municipality_slug: 'adjuntas', categories: ['catering', 'event-staff'], locale: 'es', hours: 12, verified: false },
    { email: 'ramon.diaz@example.com', name: null, role: 'client', municipality_slug: 'maricao', categories: [], locale: 'es', hours: 3, verified: false },
  ];
  await trx('waitlist_signups')
    .insert(people.map(({ hours, verified, ...person }) => {
      const at = awake(new Date(now.getTime() - hours * 3_600_000));
      return { ...person, created_at: at, updated_at: at, ...(verified ? { verified_at: new Date(at.getTime() + 600_000) } : {}) };
    }))
    .onConflict('email')
    .ignore();
}
