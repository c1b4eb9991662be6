import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('importing the embedded database', () => {
  it('leaves the process its own exit code (a failed test run must not exit 0)', () => {
    const script = `await import(${JSON.stringify(path.join(root, 'api/src/db/embedded.ts'))}); process.exitCode = 3;`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).not.toMatch(/TypeError/);
    expect(result.status).toBe(3);
  });
});
