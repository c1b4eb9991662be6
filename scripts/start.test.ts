import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const asRoot = os.userInfo().uid === 0;

/** Runs a command of the checkout to its end (killed after `ms`); its exit code, output and time. */
function run(args: string[], env: Record<string, string>, ms: number): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const began = Date.now();
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: root, env: { ...inherited, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - began });
    });
  });
}

// Started as root, PostgreSQL runs as the `postgres` user, which cannot enter a folder of mode 700
// (a clone under /root): the start must say so, not die with `spawn initdb EACCES`.
describe.skipIf(!asRoot)('as root (CI runs as root; skipped for other users): a checkout under a folder the postgres user cannot reach', () => {
  let locked: string;
  let dataDir: string;

  beforeAll(() => {
    locked = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-locked-'));
    fs.chmodSync(locked, 0o700);
    dataDir = path.join(locked, 'checkout', '.data', 'postgres');
  });

  afterAll(() => fs.rmSync(locked, { recursive: true, force: true }));

  const oneLine = () => new RegExp(`^The embedded PostgreSQL cannot start: .*"postgres".*cannot reach ${locked} \\(owner root, mode 700\\)\\. .*\`chmod o\\+x ${locked}\`.*DATABASE_URL`);

  it('npm start prints one line saying what to do and exits 1, before building anything', async () => {
    const result = await run(['scripts/start.mjs'], { EMBEDDED_PG_DIR: dataDir, PORT: '3235' }, 30_000);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(oneLine());
    expect(result.stderr.trim()).not.toContain('\n');
    expect(result.stdout).toBe('');
    expect(result.ms).toBeLessThan(30_000);
  }, 40_000);

  it('the server started without npm start does the same, and creates no cluster', async () => {
    const result = await run(['--import', 'tsx', 'api/src/main.ts'], { EMBEDDED_PG_DIR: dataDir, PORT: '3235' }, 30_000);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(oneLine());
    expect(result.stderr.trim()).not.toContain('\n');
    expect(result.stderr).not.toMatch(/EACCES|\n\s+at /);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  }, 40_000);
});
