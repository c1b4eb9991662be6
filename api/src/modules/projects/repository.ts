/**
 * Projects as stored and as people read them: one, a provider's gallery, the owner's, the featured
 * ones, the owner's stats; views and likes, each counter moved in the statement or transaction of
 * the row behind it. The rules are in service/.
 */
import type { Knex } from 'knex';
import type { LikeState, PortfolioStats, Project, ProjectSort } from '@resuelve/contract';
import type { Storage } from '../../lib/storage.ts';
import { AppError } from '../../lib/errors.ts';
import { projectImageView, type ProjectImageRow } from '../uploads/index.ts';

export interface ProjectRow {
  id: string;
  provider_id: string;
  provider_name: string | null;
  title: string;
  description: string;
  project_type: string | null;
  location_slug: string | null;
  location_name: string | null;
  start_date: string | null;
  completion_date: string | null;
  duration_days: number | null;
  budget_range: Project['budget_range'];
  materials: string[];
  tags: string[];
  featured: boolean;
  is_public: boolean;
  likes: number;
  views: number;
  created_at: Date;
  updated_at: Date;
}

/** The part of the app context reading needs. */
export interface ReadEnv {
  knex: Knex;
  storage: Storage;
}

const orderBy: Record<ProjectSort, string> = {
  newest: 'p.created_at DESC, p.id DESC',
  oldest: 'p.created_at ASC, p.id ASC',
  most_liked: 'p.likes DESC, p.created_at DESC, p.id DESC',
  most_viewed: 'p.views DESC, p.created_at DESC, p.id DESC',
};

/** Projects with their provider's and place's names; dates as YYYY-MM-DD. */
export function projectRows(db: Knex) {
  return db('projects as p')
    .join('providers as pr', 'pr.id', 'p.provider_id')
    .leftJoin('municipalities as m', 'm.slug', 'p.location_slug')
    .select(
      'p.id',
      'p.provider_id',
      'pr.company_name as provider_name',
      'p.title',
      'p.description',
      'p.project_type',
      'p.location_slug',
      'm.name as location_name',
      db.raw(`to_char(p.start_date, 'YYYY-MM-DD') AS start_date`),
      db.raw(`to_char(p.completion_date, 'YYYY-MM-DD') AS completion_date`),
      'p.duration_days',
      'p.budget_range',
      'p.materials',
      'p.tags',
      'p.featured',
      'p.is_public',
      'p.likes',
      'p.views',
      'p.created_at',
      'p.updated_at',
    );
}

/** Rows with their photos (in order) and whether `viewerId` likes each: two queries for any number. */
export async function withImages(env: ReadEnv, rows: ProjectRow[], viewerId: string | null): Promise<Project[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [images, liked] = await Promise.all([
    env.knex<ProjectImageRow>('project_images').whereIn('project_id', ids).orderBy([{ column: 'project_id' }, { column: 'position' }]),
    viewerId ? likedAmong(env.knex, viewerId, ids) : Promise.resolve(new Set<string>()),
  ]);
  const byProject = new Map<string, ProjectImageRow[]>();
  for (const image of images) {
    const list = byProject.get(image.project_id!) ?? [];
    list.push(image);
    byProject.set(image.project_id!, list);
  }
  return rows.map((row) => ({
    id: row.id,
    provider_id: row.provider_id,
    provider_name: row.provider_name ?? '',
    title: row.title,
    description: row.description,
    project_type: row.project_type,
    location: row.location_slug,
    location_name: row.location_name,
    start_date: row.start_date,
    completion_date: row.completion_date,
    duration_days: row.duration_days,
    budget_range: row.budget_range,
    materials: row.materials,
    tags: row.tags,
    featured: row.featured,
    is_public: row.is_public,
    likes: row.likes,
    views: row.views,
    liked: liked.has(row.id),
    images: (byProject.get(row.id) ?? []).map((image) => projectImageView(env.storage, image)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

/** Which of these projects `clientId` likes. */
export async function likedAmong(db: Knex, clientId: string, projectIds: string[]): Promise<Set<string>> {
  if (!projectIds.length) return new Set();
  const ids: string[] = await db('project_likes').where({ client_id: clientId }).whereIn('project_id', projectIds).pluck('project_id');
  return new Set(ids);
}

/** A project `viewerId` may see (public, or their own); project_not_found otherwise. */
export async function visibleProjectRow(db: Knex, id: string, viewerId: string | null): Promise<ProjectRow> {
  const row: ProjectRow | undefined = await projectRows(db).where('p.id', id).first();
  if (!row || (!row.is_public && row.provider_id !== viewerId)) throw new AppError('project_not_found', 'Project not found');
  return row;
}

/** A provider's gallery: public projects, or all of them for the provider; those the provider marked featured lead. */
export async function providerProjects(env: ReadEnv, providerId: string, viewerId: string | null, sort: ProjectSort): Promise<Project[]> {
  const query = projectRows(env.knex).where('p.provider_id', providerId).orderByRaw(`p.featured DESC, ${orderBy[sort]}`);
  if (viewerId !== providerId) query.where('p.is_public', true);
  const rows: ProjectRow[] = await query;
  if (!rows.length) {
    const provider = await env.knex('providers').where({ id: providerId }).first('id');
    if (!provider) throw new AppError('provider_not_found', 'Provider not found');
  }
  return withImages(env, rows, viewerId);
}

/** Public projects an admin featured on the landing page (decision 0046), the latest featured first. */
export async function featuredProjects(env: ReadEnv, limit: number, viewerId: string | null): Promise<Project[]> {
  const rows: ProjectRow[] = await projectRows(env.knex)
    .whereNotNull('p.featured_on_site_at')
    .where('p.is_public', true)
    .orderByRaw('p.featured_on_site_at DESC, p.id DESC')
    .limit(limit);
  return withImages(env, rows, viewerId);
}

export async function portfolioStats(db: Knex, providerId: string): Promise<PortfolioStats> {
  const row = await db('projects')
    .where({ provider_id: providerId })
    .first(
      db.raw('count(*)::int AS total'),
      db.raw('coalesce(sum(views), 0)::int AS views'),
      db.raw('coalesce(sum(likes), 0)::int AS likes'),
      db.raw('(count(*) FILTER (WHERE featured))::int AS featured'),
    );
  return row as PortfolioStats;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Puerto_Rico', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Counts a view unless this viewer was counted today; answers the project's views now. */
export async function countView(db: Knex, projectId: string, viewer: string, now: Date): Promise<number | null> {
  const result = await db.raw(
    `WITH seen AS (
       INSERT INTO project_views (project_id, viewer, day) VALUES (?, ?, ?::date) ON CONFLICT DO NOTHING RETURNING project_id)
     UPDATE projects SET views = views + 1 WHERE id IN (SELECT project_id FROM seen) RETURNING views`,
    [projectId, viewer, dayFormat.format(now)],
  );
  return (result.rows[0] as { views: number } | undefined)?.views ?? null;
}

/** Views of days before yesterday are no longer needed to tell a second view from a first. */
export async function forgetOldViews(db: Knex, now: Date): Promise<number> {
  const yesterday = dayFormat.format(new Date(now.getTime() - 86_400_000));
  return db('project_views').where('day', '<', yesterday).delete();
}

/** What decides whether `userId` may like the project: whose it is, whether public, and whether `userId` is a provider. */
export async function likeTarget(db: Knex, projectId: string, userId: string) {
  return db('projects as p')
    .join('profiles as me', 'me.id', db.raw('?', [userId]))
    .where('p.id', projectId)
    .first<{ provider_id: string; is_public: boolean; is_contractor: boolean } | undefined>('p.provider_id', 'p.is_public', 'me.is_contractor');
}

/** Adds the client's like, or takes it back if there was one; the counter moves in the same transaction. */
export async function toggleLikeRow(db: Knex, projectId: string, userId: string): Promise<LikeState> {
  return db.transaction(async (trx): Promise<LikeState> => {
    const added = await trx('project_likes').insert({ project_id: projectId, client_id: userId }).onConflict(['project_id', 'client_id']).ignore().returning('client_id');
    let delta = 0;
    let liked = true;
    if (added.length) delta = 1;
    else {
      const removed = await trx('project_likes').where({ project_id: projectId, client_id: userId }).delete();
      // None removed: another press of this client's is adding the row right now; it stays liked.
      if (removed) {
        delta = -1;
        liked = false;
      }
    }
    const [row] = await trx('projects').where({ id: projectId }).increment('likes', delta).returning('likes');
    return { liked, likes: (row as { likes: number }).likes };
  });
}

/** A project's likes, whether `userId` likes it, and who may see it. */
export async function likeRow(db: Knex, projectId: string, userId: string | null) {
  return db('projects')
    .where({ id: projectId })
    .first<{ likes: number; is_public: boolean; provider_id: string; liked: boolean } | undefined>(
      'likes',
      'is_public',
      'provider_id',
      userId ? db.raw('EXISTS (SELECT 1 FROM project_likes WHERE project_id = projects.id AND client_id = ?) AS liked', [userId]) : db.raw('false AS liked'),
    );
}
