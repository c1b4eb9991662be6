import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase } from './database.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the server as `npm start` does until `until` shows in its output; then stops it with Ctrl-C. */
async function startUntil(env: Record<string, string>, until: RegExp): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env: { ...process.env, ...env } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (until.test(output)) resolve();
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.on('exit', (code) => reject(new Error(`the server exited (${code}) before ${until}:\n${output}`)));
    });
  } finally {
    child.kill('SIGINT');
    await exited;
  }
  return output;
}

describe('the server log', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is readable lines in development and JSON in production, unless LOG_FORMAT says', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/x' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/x', JWT_SECRET: 'x'.repeat(32) }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json', DATABASE_URL: 'postgres://x@localhost/x' }).logFormat).toBe('json');
  });

  it('npm start in development prints a readable line when the server starts, not a JSON object', async () => {
    const output = await startUntil(
      { NODE_ENV: 'development', DATABASE_URL: database.url, PORT: '3236', HOST: '127.0.0.1', LOG_FORMAT: '' /* as if unset */ },
      /Resuelve is running/,
    );
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: server started/m);
    expect(output).not.toMatch(/^\{"level"/m);
  }, 90_000);
});
