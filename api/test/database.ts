import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrationSource } from '@resuelve/migrations';
import { createKnex } from '../src/db/knex.ts';

export function databaseUrl(database: string): string {
  const parsed = new URL(inject('adminDatabaseUrl'));
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `rs_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = createKnex(inject('adminDatabaseUrl'), { poolMax: 1 });
  try {
    await admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, inject('templateDatabase')]);
  } finally {
    await admin.destroy();
  }
  return {
    url: databaseUrl(name),
    name,
    drop: async () => {
      const dropper = createKnex(inject('adminDatabaseUrl'), { poolMax: 1 });
      try {
        await dropper.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
      } finally {
        await dropper.destroy();
      }
    },
  };
}

export interface TestDatabase {
  url: string;
  knex: Knex;
}

/**
 * A database of this file's own (or this describe block's), made before its tests and dropped
 * after, with a connection pool of `poolMax`. Read the fields inside tests (they are set in beforeAll).
 */
export function useTestDatabase(options: { poolMax?: number } = {}): TestDatabase {
  const database = {} as TestDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const made = await createTestDatabase();
    drop = made.drop;
    database.url = made.url;
    database.knex = createKnex(made.url, options);
  });
  afterAll(async () => {
    await database.knex?.destroy();
    await drop?.();
  });
  return database;
}

/**
 * Undoes migrations newest first until `name` is undone too, as a real rollback would: later
 * migrations may hang tables on this one's, so its down alone cannot run under them.
 */
export async function rollBackThrough(knex: Knex, name: string): Promise<string[]> {
  const undone: string[] = [];
  while (!undone.includes(name)) {
    const [, names] = (await knex.migrate.down({ migrationSource })) as [number, string[]];
    if (names.length !== 1) throw new Error(`No migration left to undo before ${name}`);
    undone.push(names[0]!);
  }
  return undone;
}

export type { Knex };
