/**
 * Profile pictures (DESIGN.md §9): checked by content, re-encoded without metadata into square
 * variants under generated keys; the account's old picture files are removed once the new one is
 * in place.
 */
import type { Knex } from 'knex';
import { limits } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { ImageRejected, processImage, type ImageVariant } from '../../../lib/images.ts';
import { newKey, type Storage } from '../../../lib/storage.ts';
import { lockAvatar, setAvatar } from '../repository.ts';

export interface UploadEnv {
  db: Knex;
  storage: Storage;
  now: Date;
  /** Logs a file that could not be removed; the upload itself has succeeded. */
  onCleanupError: (error: unknown) => void;
  /** The key of the next picture: generated, unless the demo seed names its own (a seed again writes the same files over). */
  storageKey?: () => string;
}

/** The large picture (profile pages) and the thumbnail (menus, lists). */
export const profileImageVariants: ImageVariant[] = [
  { name: '512', size: 512, square: true },
  { name: '128', size: 128, square: true },
];

export interface StoredProfileImage {
  url: string;
  path: string;
  thumbnail_url: string;
}

const profileKeyPattern = /^(profile\/\d{4}\/\d{2}\/[0-9a-f-]{36})-512\.webp$/;

/** The storage keys of a profile picture this module stored, from its url; none for anything else. */
export function profileImageKeys(storage: Storage, url: string | null): string[] {
  const prefix = storage.url('');
  if (!url?.startsWith(prefix)) return [];
  const match = profileKeyPattern.exec(url.slice(prefix.length));
  return match ? profileImageVariants.map((variant) => `${match[1]}-${variant.name}.webp`) : [];
}

async function removeQuietly(env: UploadEnv, keys: string[]): Promise<void> {
  for (const key of keys) await env.storage.delete(key).catch(env.onCleanupError);
}

export const profileImageTooLarge = () => new AppError('file_too_large', 'A profile picture must be under 5 MB');

export async function saveProfileImage(env: UploadEnv, userId: string, input: Buffer): Promise<StoredProfileImage> {
  if (input.length > limits.profileImageMaxBytes) throw profileImageTooLarge();
  if (input.length === 0) throw new AppError('file_type_not_supported', 'The file is empty');
  let variants;
  try {
    variants = await processImage(input, profileImageVariants);
  } catch (error) {
    if (error instanceof ImageRejected) throw new AppError(error.reason, 'Only images are accepted');
    throw error;
  }

  const base = env.storageKey?.() ?? newKey('profile', env.now);
  const stored = [];
  try {
    for (const variant of variants) stored.push(await env.storage.put(`${base}-${variant.name}.webp`, variant.body, variant.contentType));
  } catch (error) {
    await removeQuietly(env, stored.map((file) => file.path));
    throw error;
  }
  const [large, thumbnail] = stored as [(typeof stored)[number], (typeof stored)[number]];

  let previous: string | null = null;
  try {
    await env.db.transaction(async (trx) => {
      // The row lock makes two uploads at once take turns, so each removes the picture before it.
      const profile = await lockAvatar(trx, userId);
      if (!profile) throw new AppError('unauthorized', 'Account not found');
      previous = profile.avatar_url;
      await setAvatar(trx, userId, large.url, env.now);
    });
  } catch (error) {
    await removeQuietly(env, stored.map((file) => file.path));
    throw error;
  }
  await removeQuietly(env, profileImageKeys(env.storage, previous));
  return { url: large.url, path: large.path, thumbnail_url: thumbnail.url };
}
