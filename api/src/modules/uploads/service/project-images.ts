/**
 * Project photos (SPEC.md §5, §9; DESIGN.md §9): PNG or JPEG by content, at most 10 MB, decoded
 * and re-encoded without any metadata into the widths of `projectLimits.imageWidths` (never wider
 * than the photo) as WebP with a JPEG beside each, plus a blurred 16 px placeholder.
 *
 * An upload is a `project_images` row with no project, owned by the provider who sent it; a
 * project takes it by its `path`. One no project took within `projectLimits.unusedUploadHours` is
 * removed, files and row, by the `project-uploads-cleanup` background job.
 */
import type { Request } from '@hapi/hapi';
import type { Knex } from 'knex';
import type { AppContext } from '../../../context.ts';
import { projectImageFile, projectImageFormats, projectLimits, type ProjectImage, type UploadedProjectImage } from '@resuelve/contract';
import { AppError, notFound } from '../../../lib/errors.ts';
import { ImageRejected, processResponsiveImage } from '../../../lib/images.ts';
import { newKey, type Storage } from '../../../lib/storage.ts';
import { deleteWaitingImages, deleteWaitingImagesBefore, insertImage, isProvider, ownImage, type ProjectImageRow } from '../repository.ts';

export type { ProjectImageRow } from '../repository.ts';

export interface ProjectImageEnv {
  db: Knex;
  storage: Storage;
  now: Date;
  /** Logs a file that could not be removed; what was asked has succeeded. */
  onCleanupError: (error: unknown) => void;
  /** The key of the next photo: generated, unless the demo seed names its own (a seed again writes the same files over). */
  storageKey?: () => string;
}

/** What the services that store and remove project photos need, at this request's time. */
export function projectImageEnv(context: AppContext, request: Request): ProjectImageEnv {
  return {
    db: context.knex,
    storage: context.storage,
    now: context.clock.now(),
    onCleanupError: (error) => request.log(['error', 'uploads'], { err: error }),
  };
}

/** `project/2026/11/<uuid>`: what an upload answers and a project names a photo by. */
export const projectImagePath = /^project\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/;

/** Every stored file of a photo: each width, WebP and JPEG. */
export function projectImageKeys(row: Pick<ProjectImageRow, 'path' | 'widths'>): string[] {
  return row.widths.flatMap((width) => [`${row.path}-${width}.webp`, `${row.path}-${width}.jpg`]);
}

/** The width a single `url` points at: the largest up to 1280 px (a gallery's full view on most screens). */
const shownWidth = 1280;

/** Storage addresses are a prefix and the key (lib/storage.ts), so each width's file is `src` and a suffix. */
export function uploadedImageView(storage: Storage, row: Pick<ProjectImageRow, 'path' | 'widths' | 'width' | 'height' | 'placeholder'>): UploadedProjectImage {
  const src = storage.url(row.path);
  const shown = [...row.widths].reverse().find((width) => width <= shownWidth) ?? row.widths[0]!;
  return { url: projectImageFile({ src }, shown, 'webp'), path: row.path, src, widths: row.widths, width: row.width, height: row.height, placeholder: row.placeholder };
}

export function projectImageView(storage: Storage, row: ProjectImageRow): ProjectImage {
  return { ...uploadedImageView(storage, row), is_cover: row.is_cover, position: row.position };
}

/** Removes files, logging (not throwing) what could not be removed. */
export async function removeFilesQuietly(storage: Storage, keys: string[], onError: (error: unknown) => void): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(onError)));
}

export const projectImageTooLarge = () => new AppError('file_too_large', 'A project photo must be at most 10 MB');

/** Refuses what cannot be a project photo before any decoding. */
export function checkProjectImageSize(input: Buffer): void {
  if (input.length > projectLimits.imageMaxBytes) throw projectImageTooLarge();
  if (input.length === 0) throw new AppError('file_type_not_supported', 'The file is empty');
}

async function requireProvider(db: Knex, userId: string): Promise<void> {
  if (!(await isProvider(db, userId))) throw new AppError('forbidden', 'Only providers upload project photos');
}

/** Stores one photo for `ownerId`'s projects; answers what a project names it by. */
async function storeOne(env: ProjectImageEnv, ownerId: string, input: Buffer): Promise<UploadedProjectImage> {
  let image;
  try {
    image = await processResponsiveImage(input, { formats: projectImageFormats, widths: projectLimits.imageWidths });
  } catch (error) {
    if (error instanceof ImageRejected) throw new AppError(error.reason, 'Only PNG and JPEG photos are accepted');
    throw error;
  }
  const path = env.storageKey?.() ?? newKey('project', env.now);
  const row = { path, widths: image.variants.map((variant) => variant.width), width: image.width, height: image.height, placeholder: image.placeholder };
  const files = image.variants.flatMap((variant) => [
    { key: `${path}-${variant.width}.webp`, body: variant.webp, type: 'image/webp' },
    { key: `${path}-${variant.width}.jpg`, body: variant.jpeg, type: 'image/jpeg' },
  ]);
  try {
    await Promise.all(files.map((file) => env.storage.put(file.key, file.body, file.type)));
    await insertImage(env.db, { ...row, owner_id: ownerId, created_at: env.now });
  } catch (error) {
    await removeFilesQuietly(env.storage, projectImageKeys(row), env.onCleanupError);
    throw error;
  }
  return uploadedImageView(env.storage, row);
}

/** Stores photos for a provider's projects, all or none. */
export async function saveProjectImages(env: ProjectImageEnv, ownerId: string, inputs: Buffer[]): Promise<UploadedProjectImage[]> {
  if (inputs.length === 0) throw new AppError('validation_failed', 'No photo was sent', { details: { files: 'required' } });
  if (inputs.length > projectLimits.imagesMax) throw new AppError('too_many_images', `At most ${projectLimits.imagesMax} photos at once`);
  inputs.forEach(checkProjectImageSize);
  await requireProvider(env.db, ownerId);
  const stored: UploadedProjectImage[] = [];
  try {
    // One after another: each already uses every core, and ten at once would hold ten decoded photos.
    for (const input of inputs) stored.push(await storeOne(env, ownerId, input));
  } catch (error) {
    await removeUnused(env, ownerId, stored.map((image) => image.path));
    throw error;
  }
  return stored;
}

async function removeUnused(env: ProjectImageEnv, ownerId: string, paths: string[]): Promise<void> {
  if (!paths.length) return;
  const rows = await deleteWaitingImages(env.db, ownerId, paths);
  await removeFilesQuietly(env.storage, rows.flatMap(projectImageKeys), env.onCleanupError);
}

/**
 * Removes an upload no project has taken yet. Someone else's photo, or one that does not exist,
 * is 404 (a stranger learns nothing); a photo a project shows is removed through that project.
 */
export async function deleteUnusedProjectImage(env: ProjectImageEnv, ownerId: string, path: string): Promise<void> {
  const row = await ownImage(env.db, ownerId, path);
  if (!row) throw notFound('Photo');
  if (row.project_id) throw new AppError('project_image_in_use', 'The photo belongs to a project; remove it there');
  await removeUnused(env, ownerId, [path]);
}

/** Uploads no project took in time: their rows and files go. Answers how many. */
export async function cleanupUnusedProjectImages(env: Omit<ProjectImageEnv, 'onCleanupError'> & { onCleanupError?: (error: unknown) => void }): Promise<number> {
  const before = new Date(env.now.getTime() - projectLimits.unusedUploadHours * 3_600_000);
  const rows = await deleteWaitingImagesBefore(env.db, before);
  await removeFilesQuietly(env.storage, rows.flatMap(projectImageKeys), env.onCleanupError ?? (() => {}));
  return rows.length;
}
