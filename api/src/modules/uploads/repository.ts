/** Uploads as stored: project photos (`project_images`, a row per photo, no project until one takes it) and the profile picture's address. */
import type { Knex } from 'knex';

/** A photo's row as stored. */
export interface ProjectImageRow {
  id: string;
  path: string;
  owner_id: string;
  project_id: string | null;
  position: number;
  is_cover: boolean;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

export async function isProvider(db: Knex, userId: string): Promise<boolean> {
  return Boolean(await db('providers').where({ id: userId }).first('id'));
}

export async function insertImage(
  db: Knex,
  row: Pick<ProjectImageRow, 'path' | 'widths' | 'width' | 'height' | 'placeholder' | 'owner_id'> & { created_at: Date },
): Promise<void> {
  await db('project_images').insert(row);
}

/** The owner's photo at `path`, taken by a project or not. */
export async function ownImage(db: Knex, ownerId: string, path: string): Promise<ProjectImageRow | undefined> {
  return db('project_images').where({ path, owner_id: ownerId }).first();
}

/** Deletes the owner's photos at these paths that no project took; answers their rows. */
export async function deleteWaitingImages(db: Knex, ownerId: string, paths: string[]): Promise<ProjectImageRow[]> {
  return db('project_images').whereIn('path', paths).where({ owner_id: ownerId }).whereNull('project_id').delete().returning('*');
}

/** Deletes every photo no project took that was uploaded before `before`; answers their rows. */
export async function deleteWaitingImagesBefore(db: Knex, before: Date): Promise<ProjectImageRow[]> {
  return db('project_images').whereNull('project_id').where('created_at', '<', before).delete().returning('*');
}

/** The account's picture address, its profile locked until the transaction ends. */
export async function lockAvatar(trx: Knex.Transaction, userId: string) {
  return trx('profiles').where({ id: userId }).forUpdate().first<{ avatar_url: string | null } | undefined>('avatar_url');
}

/** The account's picture, on its profile and (a provider's) on its listing. */
export async function setAvatar(trx: Knex.Transaction, userId: string, url: string, now: Date): Promise<void> {
  await trx('profiles').where({ id: userId }).update({ avatar_url: url, updated_at: now });
  await trx('providers').where({ id: userId }).update({ profile_picture_url: url, updated_at: now });
}
