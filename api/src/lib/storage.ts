/**
 * Where uploaded files live (DESIGN.md §9): a folder by default; S3-compatible storage plugs in
 * behind the same interface. Keys are generated, never taken from a person's file name.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  /** Storage key, e.g. `profile/2026/11/<uuid>-256.webp`; what the api stores and deletes by. */
  path: string;
  /** Address the browser loads it from. */
  url: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<StoredFile>;
  delete(key: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  url(key: string): string;
}

const safeKey = /^[a-z0-9][a-z0-9/_-]{0,200}\.(webp|jpg|png|pdf)$/;

export function isSafeKey(key: string): boolean {
  return safeKey.test(key) && !key.includes('..') && !key.includes('//');
}

/**
 * Files under this prefix (message attachments) are read only through their domain's route, which
 * checks who asks; the public file route never serves them.
 */
export const privatePrefix = 'private/';

/** A key the public file route may serve to anyone. */
export function isPublicKey(key: string): boolean {
  return isSafeKey(key) && !key.startsWith(privatePrefix);
}

/** A new key under `prefix`, spread by month so no folder grows without bound. */
export function newKey(prefix: string, clockNow: Date = new Date()): string {
  const month = `${clockNow.getUTCFullYear()}/${String(clockNow.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${prefix}/${month}/${randomUUID()}`;
}

export class FolderStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private fileOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<StoredFile> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a reader (or a second writer of the same key, as the demo seed's
    // fixed keys in several databases at once) never sees half a file, nor does a crash leave one.
    const aside = `${file}.${randomUUID()}.part`;
    await fs.writeFile(aside, body);
    await fs.rename(aside, file);
    return { path: key, url: this.url(key) };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      return await fs.readFile(this.fileOf(key));
    } catch {
      return null;
    }
  }

  url(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }
}
