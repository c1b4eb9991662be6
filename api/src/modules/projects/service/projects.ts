/**
 * A provider's projects (SPEC.md §3, §5, §6): creating, changing and removing them with their
 * photos. A project takes uploaded photos by path (its owner's, not yet in another project);
 * a photo a change leaves out, or every photo of a removed project, loses its stored files once
 * the change is committed.
 */
import type { Knex } from 'knex';
import { hasOneCover, projectLimits, type NewProject, type Project, type ProjectChanges, type ProjectImageInput } from '@resuelve/contract';
import { recordAdminAction } from '../../../lib/admin-actions.ts';
import { AppError } from '../../../lib/errors.ts';
import { projectImageKeys, removeFilesQuietly, type ProjectImageEnv, type ProjectImageRow } from '../../uploads/index.ts';
import {
  deleteProjectRow,
  insertProject,
  isMunicipality,
  isProvider,
  lockFeaturing,
  lockProject,
  placeImageRows,
  projectRow,
  setFeaturedOnSite,
  updateProjectRow,
  withImages,
} from '../repository.ts';

export type ProjectEnv = ProjectImageEnv;

function invalid(field: string, code: string, message: string): AppError {
  return new AppError('validation_failed', message, { details: { [field]: code } });
}

function checkImages(images: ProjectImageInput[]): void {
  if (images.length > projectLimits.imagesMax) throw new AppError('too_many_images', `A project has at most ${projectLimits.imagesMax} photos`);
  if (!hasOneCover(images)) throw new AppError('project_cover_required', 'Exactly one photo is the cover');
  if (new Set(images.map((image) => image.path)).size !== images.length) throw invalid('images', 'not_allowed', 'A photo appears twice');
}

function checkDates(start: string | null | undefined, completion: string | null | undefined): void {
  if (start && completion && completion < start) throw invalid('completion_date', 'out_of_range', 'The completion date comes before the start');
}

async function checkLocation(db: Knex, slug: string | null | undefined): Promise<void> {
  if (!slug) return;
  if (!(await isMunicipality(db, slug))) throw invalid('location', 'not_allowed', 'Not a municipality of Puerto Rico');
}

async function requireProvider(db: Knex, userId: string): Promise<void> {
  if (!(await isProvider(db, userId))) throw new AppError('forbidden', 'Only providers have a portfolio');
}

/** The columns a body sets (absent fields stay as they are; '' clears an optional text). */
function columnsOf(body: ProjectChanges, now: Date): Record<string, unknown> {
  const columns: Record<string, unknown> = { updated_at: now };
  const set = <K extends keyof ProjectChanges>(key: K, column: string, value = body[key]) => {
    if (body[key] !== undefined) columns[column] = value === '' ? null : value;
  };
  set('title', 'title');
  set('description', 'description');
  set('is_public', 'is_public');
  set('project_type', 'project_type');
  set('location', 'location_slug');
  set('start_date', 'start_date');
  set('completion_date', 'completion_date');
  set('budget_range', 'budget_range');
  set('featured', 'featured');
  if (body.materials) columns.materials = dedupe(body.materials);
  if (body.tags) columns.tags = dedupe(body.tags);
  return columns;
}

function dedupe(items: string[]): string[] {
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

/**
 * Gives the project exactly these photos in this order: each must be the owner's, waiting or
 * already in this project. Answers the rows the project no longer has (already deleted).
 */
async function placeImages(trx: Knex.Transaction, projectId: string, ownerId: string, images: ProjectImageInput[]): Promise<ProjectImageRow[]> {
  const { dropped, placed } = await placeImageRows(trx, projectId, ownerId, images);
  if (placed !== images.length) throw new AppError('project_image_unknown', 'A photo is not one of your uploads');
  return dropped;
}

async function readOwn(env: ProjectEnv, id: string, ownerId: string): Promise<Project> {
  const row = (await projectRow(env.db, id))!;
  const [project] = await withImages({ knex: env.db, storage: env.storage }, [row], ownerId);
  return project!;
}

export async function createProject(env: ProjectEnv, ownerId: string, body: NewProject): Promise<Project> {
  checkImages(body.images);
  checkDates(body.start_date, body.completion_date);
  await requireProvider(env.db, ownerId);
  await checkLocation(env.db, body.location);
  const id = await env.db.transaction(async (trx) => {
    const projectId = await insertProject(trx, { ...columnsOf(body, env.now), provider_id: ownerId, created_at: env.now });
    await placeImages(trx, projectId, ownerId, body.images);
    return projectId;
  });
  return readOwn(env, id, ownerId);
}

/**
 * The project for a change by `userId`: someone else's private project does not exist for them
 * (404), someone else's public one is refused (403).
 */
async function ownProjectForUpdate(trx: Knex.Transaction, id: string, userId: string): Promise<{ start_date: string | null; completion_date: string | null }> {
  const row = await lockProject(trx, id);
  if (!row || (!row.is_public && row.provider_id !== userId)) throw new AppError('project_not_found', 'Project not found');
  if (row.provider_id !== userId) throw new AppError('forbidden', 'Only its provider changes a project');
  return row;
}

export async function updateProject(env: ProjectEnv, id: string, userId: string, body: ProjectChanges): Promise<Project> {
  if (body.images) checkImages(body.images);
  await checkLocation(env.db, body.location);
  const dropped = await env.db.transaction(async (trx) => {
    const current = await ownProjectForUpdate(trx, id, userId);
    checkDates(body.start_date === undefined ? current.start_date : body.start_date, body.completion_date === undefined ? current.completion_date : body.completion_date);
    await updateProjectRow(trx, id, columnsOf(body, env.now));
    return body.images ? placeImages(trx, id, userId, body.images) : [];
  });
  await removeFilesQuietly(env.storage, dropped.flatMap(projectImageKeys), env.onCleanupError);
  return readOwn(env, id, userId);
}

export async function deleteProject(env: ProjectEnv, id: string, userId: string): Promise<void> {
  const images = await env.db.transaction(async (trx) => {
    await ownProjectForUpdate(trx, id, userId);
    return deleteProjectRow(trx, id);
  });
  await removeFilesQuietly(env.storage, images.flatMap(projectImageKeys), env.onCleanupError);
}

/**
 * An admin puts a project on the landing's featured list, or takes it off (decision 0046): the
 * provider's own `featured` mark only orders their gallery. Recorded against the provider's account
 * in the same transaction. Answers whether it is on the list now.
 */
export async function featureOnSite(db: Knex, adminId: string, projectId: string, featured: boolean, now: Date): Promise<{ id: string; featured_on_site: boolean; providerId: string }> {
  return db.transaction(async (trx) => {
    const row = await lockFeaturing(trx, projectId);
    if (!row) throw new AppError('project_not_found', 'Project not found');
    if (Boolean(row.featured_on_site_at) !== featured) {
      await setFeaturedOnSite(trx, projectId, featured ? now : null);
      await recordAdminAction(trx, { adminId, action: featured ? 'project_featured' : 'project_unfeatured', targetId: row.provider_id, details: { project_id: projectId }, at: now });
    }
    return { id: projectId, featured_on_site: featured, providerId: row.provider_id };
  });
}
