/**
 * The api as `npm start` runs it (api/src/main.ts), in a process of its own: for tests that stop,
 * kill and start it again under traffic.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../src/config.ts';

export interface ApiProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts api/src/main.ts with `env` over this process's (minus its database settings); resolves once it runs. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: repoRoot, env: { ...inherited, ...env } });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Resuelve is running/.test(output)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it ran:\n${output}`)));
  });
  return { child, output: () => output, exited };
}
