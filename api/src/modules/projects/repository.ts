/**
 * Projects as stored and as people read them: one, a provider's gallery, the owner's, the featured
 * ones, the owner's stats; views and likes, each counter moved in the statement or transaction of
 * the row behind it. The rules are in service/.
 */
import type { Knex } from 'knex';
import type { LikeState, PortfolioStats, Project, ProjectSort } from '@resuelve/contract';
import type { Storage } from '../../lib/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProjectImageInput } from '@resuelve/contract';
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

export async function projectRow(db: Knex, id: string): Promise<ProjectRow | undefined> {
  return projectRows(db).where('p.id', id).first();
}

export async function isMunicipality(db: Knex, slug: string): Promise<boolean> {
  return Boolean(await db('municipalities').where({ slug }).first('slug'));
}

export async function isProvider(db: Knex, userId: string): Promise<boolean> {
  return Boolean(await db('providers').where({ id: userId }).first('id'));
}

/** A new project's row; its id. */
export async function insertProject(trx: Knex.Transaction, columns: Record<string, unknown>): Promise<string> {
  const [row] = await trx('projects').insert(columns).returning('id');
  return (row as { id: string }).id;
}

/** The project's owner, visibility and dates (YYYY-MM-DD), locked for a change. */
export async function lockProject(trx: Knex.Transaction, id: string) {
  return trx('projects')
    .where({ id })
    .forUpdate()
    .first<{ provider_id: string; is_public: boolean; start_date: string | null; completion_date: string | null } | undefined>(
      'provider_id',
      'is_public',
      trx.raw(`to_char(start_date, 'YYYY-MM-DD') AS start_date`),
      trx.raw(`to_char(completion_date, 'YYYY-MM-DD') AS completion_date`),
    );
}

export async function updateProjectRow(trx: Knex.Transaction, id: string, columns: Record<string, unknown>): Promise<void> {
  await trx('projects').where({ id }).update(columns);
}

/** Deletes the project (its likes and views go with it); answers its photos' rows, whose files are still to remove. */
export async function deleteProjectRow(trx: Knex.Transaction, id: string): Promise<ProjectImageRow[]> {
  const images: ProjectImageRow[] = await trx('project_images').where({ project_id: id });
  await trx('projects').where({ id }).delete();
  return images;
}

/**
 * Gives the project these photos in this order, each the owner's and waiting or already in this
 * project: answers the rows the project no longer has (deleted) and how many were placed.
 */
export async function placeImageRows(trx: Knex.Transaction, projectId: string, ownerId: string, images: ProjectImageInput[]): Promise<{ dropped: ProjectImageRow[]; placed: number }> {
  const paths = images.map((image) => image.path);
  const dropped: ProjectImageRow[] = await trx('project_images').where({ project_id: projectId }).whereNotIn('path', paths).delete().returning('*');
  await trx('project_images').where({ project_id: projectId }).update({ is_cover: false });
  const values = images.map((image, position) => trx.raw('(?::text, ?::int, ?::boolean)', [image.path, position, image.is_cover]));
  const placed = await trx.raw(
    `UPDATE project_images AS i SET project_id = ?, position = v.position, is_cover = v.is_cover
       FROM (VALUES ${values.map(() => '?').join(', ')}) AS v(path, position, is_cover)
      WHERE i.path = v.path AND i.owner_id = ? AND (i.project_id = ? OR i.project_id IS NULL)
      RETURNING i.id`,
    [projectId, ...values, ownerId, projectId],
  );
  return { dropped, placed: (placed as { rows: unknown[] }).rows.length };
}

/** Whose project it is and whether it is on the landing's list, locked for the admin's change. */
export async function lockFeaturing(trx: Knex.Transaction, id: string) {
  return trx('projects').where({ id }).forUpdate().first<{ provider_id: string; featured_on_site_at: Date | null } | undefined>('provider_id', 'featured_on_site_at');
}

export async function setFeaturedOnSite(trx: Knex.Transaction, id: string, at: Date | null): Promise<void> {
  await trx('projects').where({ id }).update({ featured_on_site_at: at });
}
