import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeError, type Logger } from './logger.ts';

/** Where the desktop keeps its refresh token between runs. */
export interface TokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/** The part of Electron's `safeStorage` the store needs, injected so tests use a fake cipher. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Keeps the token encrypted with the operating system's key store (Keychain on macOS, DPAPI on
 * Windows) in one file under userData. When encryption is unavailable it refuses to write the
 * token in plain text: the token lives in memory for this run only and the person signs in again
 * next time.
 */
export class SafeStorageTokenStore implements TokenStore {
  private memoryToken: string | null = null;

  constructor(
    private readonly cipher: StringCipher,
    private readonly filePath: string,
    private readonly logger: Logger,
  ) {}

  async get(): Promise<string | null> {
    if (this.memoryToken !== null) return this.memoryToken;
    if (!this.cipher.isEncryptionAvailable()) return null;
    let encrypted: Buffer;
    try {
      encrypted = await readFile(this.filePath);
    } catch (error) {
      if (!isMissingFile(error)) this.logger.warn('token file unreadable', { error: describeError(error) });
      return null;
    }
    try {
      const token = this.cipher.decryptString(encrypted);
      return token.length > 0 ? token : null;
    } catch (error) {
      // A corrupted file or a key the OS no longer has: treat as signed out, not as a crash.
      this.logger.warn('token file could not be decrypted; ignoring it', { error: describeError(error) });
      return null;
    }
  }

  async set(token: string): Promise<void> {
    if (!this.cipher.isEncryptionAvailable()) {
      this.memoryToken = token;
      this.logger.warn('OS encryption unavailable: refresh token kept in memory only, not written to disk');
      await this.removeFile();
      return;
    }
    this.memoryToken = null;
    const encrypted = this.cipher.encryptString(token);
    await mkdir(dirname(this.filePath), { recursive: true });
    // Write then rename so a crash never leaves half a token behind.
    const temporary = `${this.filePath}.${process.pid}.tmp`;
    await writeFile(temporary, encrypted, { mode: 0o600 });
    await rename(temporary, this.filePath);
  }

  async clear(): Promise<void> {
    this.memoryToken = null;
    await this.removeFile();
  }

  private async removeFile(): Promise<void> {
    try {
      await rm(this.filePath, { force: true });
    } catch (error) {
      this.logger.error('token file could not be removed', { error: describeError(error) });
    }
  }
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
