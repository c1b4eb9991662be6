import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stateAfter, type OutboxState, type SendResult } from '@resuelve/ui/outbox-state';
import type { OfflineAction, OfflineActionInput, OfflineJob, OfflineSnapshot, OfflineState } from '../shared/ipc.ts';
import { describeError, type Logger } from './logger.ts';
import type { StringCipher } from './token-store.ts';

/**
 * The jobs of the coming days, their clients' contact and address, and the actions taken while
 * offline, kept on disk for outages. Everything is sealed with AES-256-GCM under a random data key;
 * the data key itself is sealed by the operating system's key store (`safeStorage`), so the file
 * alone (a copied disk, a backup) reveals nothing. Without a trustworthy key store nothing is
 * written: the store lives in memory for that run (as the session token does, decision 0004).
 */
export interface OfflineFiles {
  read(path: string): Promise<Buffer | null>;
  /** Atomic, owner-only. */
  write(path: string, data: Buffer): Promise<void>;
}

export const nodeFiles: OfflineFiles = {
  async read(path) {
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
  async write(path, data) {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  },
};

const version = 1;
const ivLength = 12;
const tagLength = 16;

export function seal(key: Buffer, plain: string): Buffer {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
}

export function unseal(key: Buffer, sealed: Buffer): string {
  if (sealed.length < 1 + ivLength + tagLength || sealed[0] !== version) throw new Error('unknown offline file format');
  const iv = sealed.subarray(1, 1 + ivLength);
  const tag = sealed.subarray(1 + ivLength, 1 + ivLength + tagLength);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(1 + ivLength + tagLength)), decipher.final()]).toString('utf8');
}

interface Stored {
  /** The provider whose jobs and queue these are; another one signing in starts empty. */
  owner: string | null;
  snapshot: OfflineSnapshot | null;
  queue: OfflineAction[];
  nextSequence: number;
}

/**
 * The console's queue speaks the outbox's states (ui/src/lib/outbox): an action waits, is sent in
 * a round (never called back meanwhile) and leaves, or stays failed with its code.
 */
const queuedState: Extract<OutboxState, 'waiting'> = 'waiting';

const empty = (): Stored => ({ owner: null, snapshot: null, queue: [], nextSequence: 1 });

export interface OfflineStoreOptions {
  cipher: StringCipher;
  /** The folder under userData that holds `offline.bin` and `offline-key.bin`. */
  directory: string;
  files?: OfflineFiles;
  logger: Logger;
  now?: () => Date;
  newId?: () => string;
}

/** How one send of a queued action ended (the outbox's `SendResult`, with the refusal's code). */
export type SendOutcome =
  | { result: Extract<SendResult, 'sent'> }
  /** The api refused it for good (the job was cancelled meanwhile...): kept as failed, with the code. */
  | { result: Extract<SendResult, 'refused'>; code: string }
  /** No answer (offline, timeout, 5xx): stays waiting, and the queue stops to keep the order. */
  | { result: Extract<SendResult, 'unreachable'> };

export type ActionSender = (action: OfflineAction) => Promise<SendOutcome>;

export class OfflineStore {
  private state: Stored | null = null;
  private key: Buffer | null = null;
  private persist = true;
  private writes: Promise<void> = Promise.resolve();
  private flushing: Promise<OfflineState> | null = null;
  private readonly files: OfflineFiles;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(private readonly options: OfflineStoreOptions) {
    this.files = options.files ?? nodeFiles;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
  }

  get dataPath(): string {
    return join(this.options.directory, 'offline.bin');
  }

  get keyPath(): string {
    return join(this.options.directory, 'offline-key.bin');
  }

  /** The data key: read and unsealed by the key store, or made and sealed the first time. */
  private async dataKey(): Promise<Buffer | null> {
    if (this.key) return this.key;
    if (!this.options.cipher.isEncryptionAvailable()) return null;
    const sealedKey = await this.files.read(this.keyPath);
    if (sealedKey) {
      try {
        const key = Buffer.from(this.options.cipher.decryptString(sealedKey), 'base64');
        if (key.length === 32) return (this.key = key);
      } catch (error) {
        this.options.logger.warn('offline key unreadable; starting a new store', { error: describeError(error) });
      }
    }
    const key = randomBytes(32);
    await this.files.write(this.keyPath, this.options.cipher.encryptString(key.toString('base64')));
    return (this.key = key);
  }

  private async load(): Promise<Stored> {
    if (this.state) return this.state;
    const key = await this.dataKey().catch((error: unknown) => {
      this.options.logger.error('offline key store failed', { error: describeError(error) });
      return null;
    });
    if (!key) {
      this.persist = false;
      this.options.logger.warn('no trustworthy key store: offline jobs are kept in memory only');
      return (this.state = empty());
    }
    const sealed = await this.files.read(this.dataPath).catch(() => null);
    if (!sealed) return (this.state = empty());
    try {
      const parsed = JSON.parse(unseal(key, sealed)) as Stored;
      return (this.state = { owner: parsed.owner ?? null, snapshot: parsed.snapshot ?? null, queue: parsed.queue ?? [], nextSequence: parsed.nextSequence ?? 1 });
    } catch (error) {
      // A corrupted or foreign file reads as empty, never as a crash.
      this.options.logger.warn('offline file unreadable; starting empty', { error: describeError(error) });
      return (this.state = empty());
    }
  }

  private save(): Promise<void> {
    const state = this.state;
    if (!state || !this.persist || !this.key) return Promise.resolve();
    const key = this.key;
    this.writes = this.writes
      .then(() => this.files.write(this.dataPath, seal(key, JSON.stringify(state))))
      .catch((error: unknown) => this.options.logger.error('offline file could not be written', { error: describeError(error) }));
    return this.writes;
  }

  async read(): Promise<OfflineState> {
    const state = await this.load();
    return { snapshot: state.snapshot, actions: state.queue.map((action) => ({ ...action })) };
  }

  /**
   * Who is signed in now: another provider than the one whose data this is starts from nothing, so
   * nobody sees someone else's clients (or sends their queued actions).
   */
  async setOwner(userId: string): Promise<OfflineState> {
    const state = await this.load();
    if (state.owner !== userId) {
      this.state = { ...empty(), owner: userId };
      await this.save();
    }
    return this.read();
  }

  /** Sign-out: the clients' contacts and the queue leave the disk. */
  async clear(): Promise<OfflineState> {
    await this.load();
    this.state = empty();
    await this.save();
    return this.read();
  }

  /** Replaces the saved jobs with a fresh copy from the api. */
  async saveSnapshot(jobs: OfflineJob[]): Promise<OfflineState> {
    const state = await this.load();
    state.snapshot = { jobs, saved_at: this.now().toISOString() };
    await this.save();
    return this.read();
  }

  /** Adds an action at the end of the queue, with the Idempotency-Key every send of it carries. */
  async enqueue(input: OfflineActionInput): Promise<OfflineState> {
    const state = await this.load();
    const action: OfflineAction = {
      ...input,
      id: this.newId(),
      idempotency_key: this.newId(),
      sequence: state.nextSequence++,
      queued_at: this.now().toISOString(),
      status: queuedState,
      attempts: 0,
      error_code: null,
    };
    state.queue.push(action);
    await this.save();
    return this.read();
  }

  /** Forgets a failed action the provider dismissed (a waiting one goes at the next round). */
  async dismiss(id: string): Promise<OfflineState> {
    const state = await this.load();
    state.queue = state.queue.filter((action) => !(action.id === id && action.status === 'failed'));
    await this.save();
    return this.read();
  }

  /**
   * Sends the waiting actions in the order they were taken, one at a time. A sent action leaves
   * the queue; a refused one stays as failed; an unreachable api stops the round so nothing goes
   * out of order, and the next round resends the same action with the same Idempotency-Key (a
   * first send that timed out after the api applied it is then answered, not applied, again).
   * Concurrent calls share one round.
   */
  flush(send: ActionSender): Promise<OfflineState> {
    if (this.flushing) return this.flushing;
    this.flushing = this.runFlush(send).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async runFlush(send: ActionSender): Promise<OfflineState> {
    const state = await this.load();
    for (const action of [...state.queue].sort((a, b) => a.sequence - b.sequence)) {
      if (action.status !== 'waiting') continue;
      action.attempts += 1;
      await this.save();
      let outcome: SendOutcome;
      try {
        outcome = await send({ ...action });
      } catch (error) {
        this.options.logger.warn('offline action send threw', { error: describeError(error) });
        outcome = { result: 'unreachable' };
      }
      if (outcome.result === 'unreachable') break;
      const next = stateAfter(outcome.result);
      if (next === null) state.queue = state.queue.filter((item) => item.id !== action.id);
      else if (next === 'failed' && outcome.result === 'refused') {
        action.status = next;
        action.error_code = outcome.code;
      }
      await this.save();
    }
    return this.read();
  }
}
