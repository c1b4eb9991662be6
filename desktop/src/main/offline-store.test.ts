import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineAction, OfflineJob } from '../shared/ipc.ts';
import { OfflineStore, type SendOutcome } from './offline-store.ts';
import type { StringCipher } from './token-store.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

/** Stands in for safeStorage: reversible, but not plain text, so the test can tell layers apart. */
function fakeCipher(available = true): StringCipher & { calls: number } {
  const cipher = {
    calls: 0,
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => {
      cipher.calls += 1;
      return Buffer.from(`sealed:${Buffer.from(plain).toString('hex')}`);
    },
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString('utf8');
      if (!text.startsWith('sealed:')) throw new Error('not ours');
      return Buffer.from(text.slice('sealed:'.length), 'hex').toString('utf8');
    },
  };
  return cipher;
}

const job: OfflineJob = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Reparar calentador',
  status: 'upcoming',
  scheduled_start: '2026-11-26T13:00:00.000Z',
  scheduled_end: '2026-11-26T15:00:00.000Z',
  timezone: 'America/Puerto_Rico',
  location_address: 'Calle Loíza 1502, Santurce',
  client: { id: 'c1', name: 'Maritza Colón Rivera', phone: '+17875550142', email: 'maritza@example.com', address: 'Calle Loíza 1502, Santurce' },
};

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'resuelve-offline-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

function store(cipher = fakeCipher()) {
  let id = 0;
  return new OfflineStore({ cipher, directory, logger: createRecordingLogger(), newId: () => `id-${++id}`, now: () => new Date('2026-11-25T15:00:00Z') });
}

describe('offline store encryption', () => {
  it('keeps nothing readable on disk: no name, phone, email, address or title', async () => {
    await store().saveSnapshot([job]);
    const files = await readdir(directory);
    expect(files.sort()).toEqual(['offline-key.bin', 'offline.bin']);
    for (const file of files) {
      const bytes = await readFile(join(directory, file));
      for (const secret of ['Maritza', 'Colón', '5550142', 'maritza@example.com', 'Loíza', 'Santurce', 'calentador']) {
        expect(bytes.includes(Buffer.from(secret, 'utf8'))).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
      }
    }
  });

  it('reads back after a restart, with "last updated"', async () => {
    await store().saveSnapshot([job]);
    const state = await store().read();
    expect(state.snapshot).toEqual({ jobs: [job], saved_at: '2026-11-25T15:00:00.000Z' });
  });

  it('a tampered file reads as empty, never as a crash', async () => {
    const first = store();
    await first.saveSnapshot([job]);
    const bytes = await readFile(first.dataPath);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(first.dataPath, bytes);
    expect((await store().read()).snapshot).toBeNull();
  });

  it('without a key store nothing is written at all', async () => {
    const memoryOnly = store(fakeCipher(false));
    await memoryOnly.saveSnapshot([job]);
    expect((await memoryOnly.read()).snapshot?.jobs).toHaveLength(1);
    expect(await readdir(directory)).toEqual([]);
  });
});

describe('offline action queue', () => {
  it('sends in the order the actions were taken, each with its own Idempotency-Key', async () => {
    const queue = store();
    await queue.enqueue({ kind: 'start', job_id: job.id });
    await queue.enqueue({ kind: 'note', job_id: job.id, text: 'Llegué, el portón estaba cerrado' });
    await queue.enqueue({ kind: 'end', job_id: job.id });
    const sent: OfflineAction[] = [];
    const state = await queue.flush(async (action) => {
      sent.push(action);
      return { result: 'sent' };
    });
    expect(sent.map((action) => action.kind)).toEqual(['start', 'note', 'end']);
    expect(new Set(sent.map((action) => action.idempotency_key)).size).toBe(3);
    expect(state.actions).toEqual([]);
  });

  it('stops at an unreachable api and keeps the order for the next round', async () => {
    const queue = store();
    await queue.enqueue({ kind: 'start', job_id: job.id });
    await queue.enqueue({ kind: 'end', job_id: job.id });
    const tried: string[] = [];
    const state = await queue.flush(async (action) => {
      tried.push(action.kind);
      return { result: 'unreachable' };
    });
    expect(tried).toEqual(['start']);
    expect(state.actions.map((action) => [action.kind, action.status, action.attempts])).toEqual([
      ['start', 'waiting', 1],
      ['end', 'waiting', 0],
    ]);
  });

  it('a refused action stays, as failed with its code, for the provider to see', async () => {
    const queue = store();
    await queue.enqueue({ kind: 'start', job_id: job.id });
    await queue.enqueue({ kind: 'note', job_id: job.id, text: 'nota' });
    const state = await queue.flush(async (action): Promise<SendOutcome> => (action.kind === 'start' ? { result: 'refused', code: 'not_on_scheduled_day' } : { result: 'sent' }));
    expect(state.actions).toMatchObject([{ kind: 'start', status: 'failed', error_code: 'not_on_scheduled_day' }]);
    const dismissed = await queue.dismiss(state.actions[0]!.id);
    expect(dismissed.actions).toEqual([]);
  });

  it('exactly once: a first send that times out after the api applied it is not applied again', async () => {
    // The api keeps what each Idempotency-Key did, as api/src/lib/idempotency.ts does.
    const applied: string[] = [];
    const answered = new Map<string, number>();
    let first = true;
    const api = async (action: OfflineAction): Promise<SendOutcome> => {
      if (!answered.has(action.idempotency_key)) {
        applied.push(action.kind);
        answered.set(action.idempotency_key, 200);
      }
      if (first) {
        first = false;
        // The answer never arrives: the send timed out.
        return { result: 'unreachable' };
      }
      return { result: 'sent' };
    };
    const queue = store();
    await queue.enqueue({ kind: 'start', job_id: job.id });
    await queue.enqueue({ kind: 'end', job_id: job.id });
    const afterTimeout = await queue.flush(api);
    expect(afterTimeout.actions.map((action) => action.kind)).toEqual(['start', 'end']);
    // A restart in between: the queue, the keys and the order come back from the encrypted file.
    const again = await store().flush(api);
    expect(again.actions).toEqual([]);
    expect(applied).toEqual(['start', 'end']);
    // Once everything is sent, another round sends nothing.
    await store().flush(api);
    expect(applied).toEqual(['start', 'end']);
  });

  it('two rounds at once share one: nothing goes twice', async () => {
    const queue = store();
    await queue.enqueue({ kind: 'start', job_id: job.id });
    let sends = 0;
    const send = async (): Promise<SendOutcome> => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { result: 'sent' };
    };
    await Promise.all([queue.flush(send), queue.flush(send)]);
    expect(sends).toBe(1);
  });
});

describe('whose data it is', () => {
  it('sign-out clears the jobs and the queue; another provider starts empty, the same one keeps hers', async () => {
    const first = store();
    await first.setOwner('provider-1');
    await first.saveSnapshot([job]);
    await first.enqueue({ kind: 'start', job_id: job.id });
    expect((await store().setOwner('provider-1')).actions).toHaveLength(1);
    const other = await store().setOwner('provider-2');
    expect(other).toEqual({ snapshot: null, actions: [] });
    const again = store();
    await again.setOwner('provider-2');
    await again.saveSnapshot([job]);
    expect(await again.clear()).toEqual({ snapshot: null, actions: [] });
    const bytes = await readFile(again.dataPath);
    expect(bytes.includes(Buffer.from('Maritza'))).toBe(false);
    expect((await store().read()).snapshot).toBeNull();
  });
});
