/**
 * The api as `npm start` runs it (api/src/main.ts), in a process of its own: for tests that stop,
 * kill and start it again under traffic.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

/** The api processes whose parent is `pid` (Linux /proc; tsx's own esbuild service is not one). */
export function apiWorkersOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const parent = Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return parent === pid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Which of `pids` holds the server's end of the TCP connection whose client side is on
 * `clientPort` (IPv4 on loopback, Linux /proc): the api process that serves that connection.
 */
export function processServing(clientPort: number, serverPort: number, pids: number[]): number | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const inode = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`))?.[9];
  if (!inode) return null;
  for (const pid of pids) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // the process is gone
    }
  }
  return null;
}
