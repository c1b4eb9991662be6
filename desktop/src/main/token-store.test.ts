import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafeStorageTokenStore, type StringCipher } from './token-store.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

/** A reversible stand-in for safeStorage: a marker plus the bytes shifted, so the file never holds the token. */
function createFakeCipher(available = true): StringCipher {
  const marker = Buffer.from('FAKE1');
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.concat([marker, Buffer.from(plain, 'utf8').map((b) => (b + 7) % 256)]),
    decryptString: (encrypted) => {
      if (!encrypted.subarray(0, marker.length).equals(marker)) throw new Error('bad ciphertext');
      return Buffer.from(encrypted.subarray(marker.length).map((b) => (b + 249) % 256)).toString('utf8');
    },
  };
}

const token = 'rt_4f1c2a9e-refresh-token-value';
let folder: string;
let filePath: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'resuelve-token-'));
  filePath = join(folder, 'session', 'refresh-token.bin');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('SafeStorageTokenStore', () => {
  it('answers null before anything is stored', async () => {
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    expect(await store.get()).toBeNull();
  });

  it('round-trips a token through an encrypted file that a new store instance can read', async () => {
    await new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger()).set(token);
    const reopened = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    expect(await reopened.get()).toBe(token);
  });

  it('never writes the plain token to the file', async () => {
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    await store.set(token);
    const content = await readFile(filePath);
    expect(content.includes(Buffer.from(token))).toBe(false);
    expect(content.toString('utf8')).not.toContain(token);
  });

  it('writes the file readable by its owner only', async () => {
    if (process.platform === 'win32') return;
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    await store.set(token);
    expect((await stat(filePath)).mode & 0o077).toBe(0);
  });

  it('replaces the token when a rotated one is set', async () => {
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    await store.set(token);
    await store.set('rt_rotated');
    expect(await store.get()).toBe('rt_rotated');
  });

  it('clear removes the file and the token', async () => {
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    await store.set(token);
    await store.clear();
    await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.get()).toBeNull();
  });

  it('clear succeeds when nothing was stored', async () => {
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, createRecordingLogger());
    await expect(store.clear()).resolves.toBeUndefined();
  });

  it('answers null and logs when the file is corrupted', async () => {
    const logger = createRecordingLogger();
    const store = new SafeStorageTokenStore(createFakeCipher(), filePath, logger);
    await store.set(token);
    await writeFile(filePath, Buffer.from('garbage that is not ciphertext'));
    expect(await store.get()).toBeNull();
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('decrypt'))).toBe(true);
  });

  describe('when OS encryption is unavailable', () => {
    it('keeps the token in memory only and logs that it did', async () => {
      const logger = createRecordingLogger();
      const store = new SafeStorageTokenStore(createFakeCipher(false), filePath, logger);
      await store.set(token);
      expect(await store.get()).toBe(token);
      await expect(stat(filePath)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining('memory only') }));
    });

    it('forgets the token on the next run', async () => {
      await new SafeStorageTokenStore(createFakeCipher(false), filePath, createRecordingLogger()).set(token);
      const nextRun = new SafeStorageTokenStore(createFakeCipher(false), filePath, createRecordingLogger());
      expect(await nextRun.get()).toBeNull();
    });

    it('clear forgets the in-memory token', async () => {
      const store = new SafeStorageTokenStore(createFakeCipher(false), filePath, createRecordingLogger());
      await store.set(token);
      await store.clear();
      expect(await store.get()).toBeNull();
    });
  });
});
