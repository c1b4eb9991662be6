/**
 * PostgreSQL 15 primary + synchronous streaming standby on this machine, behind one address that
 * follows a failover (docs/operations.md, "PostgreSQL"):
 *
 *   npx tsx scripts/cluster/postgres.ts up        # both nodes, HAProxy on 5439 (writes) and 5443 (reads)
 *   npx tsx scripts/cluster/postgres.ts status    # role, replication and the proxy's view of each node
 *   npx tsx scripts/cluster/postgres.ts kill a    # kill -9 every process of node a (the machine lost)
 *   npx tsx scripts/cluster/postgres.ts promote b # fence a in the proxy, promote b, writes go to b
 *   npx tsx scripts/cluster/postgres.ts rebuild a # a becomes a standby of the primary again (pg_basebackup -R)
 *   npx tsx scripts/cluster/postgres.ts down      # stops HAProxy and both nodes (data stays)
 *
 * Debian's packages only: PostgreSQL 15 in /usr/lib/postgresql/15/bin and HAProxy (installed with
 * apt-get when missing). The machine's own cluster on 5432 is never touched. Node a listens on 5440,
 * node b on 5441; which of them is primary changes at each failover. Data under /work/ops/pg (or
 * PG_CLUSTER_DIR), owned by the postgres user: run as root, every PostgreSQL command runs as
 * postgres (runuser).
 *
 * Writes reach "the primary" through HAProxy's TCP frontend on 5439. Its check opens a PostgreSQL
 * session on each node and reads the `in_hot_standby` parameter the server reports at start-up
 * (PostgreSQL 14+): `off` only on a primary. A session goes to a node only if it passes that check
 * AND is out of maintenance in the runtime API, which only the promote step does: a standby stays
 * in maintenance there (a server leaving maintenance counts as up until its checks fail), and the
 * old primary is put there before its standby is promoted (fencing: back by mistake, still saying
 * `off`, it takes no writes). No process of ours sits in the path.
 * Exported address: CLUSTER_DATABASE_URL (written to /work/ops/pg/cluster.env).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const baseDir = process.env.PG_CLUSTER_DIR ?? '/work/ops/pg';
export const runDir = path.join(baseDir, 'run');
export const archiveDir = path.join(baseDir, 'archive');
export const haproxySocket = path.join(runDir, 'haproxy.sock');
export const haproxyPidFile = path.join(runDir, 'haproxy.pid');
/** Writes go here: HAProxy forwards to whichever node is primary. */
export const writePort = 5439;
/** Reads may go here: any node that accepts sessions, primary or standby. */
export const readPort = 5443;
export const databaseName = 'resuelve';
export const clusterDatabaseUrl = `postgres://postgres@127.0.0.1:${writePort}/${databaseName}`;
export const readDatabaseUrl = `postgres://postgres@127.0.0.1:${readPort}/${databaseName}`;

export type NodeName = 'a' | 'b';
export const nodes: Record<NodeName, { port: number; dir: string }> = {
  a: { port: 5440, dir: path.join(baseDir, 'a') },
  b: { port: 5441, dir: path.join(baseDir, 'b') },
};
export const other = (node: NodeName): NodeName => (node === 'a' ? 'b' : 'a');
export const nodeUrl = (node: NodeName, database = databaseName) => `postgres://postgres@127.0.0.1:${nodes[node].port}/${database}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[postgres] ${line}`);

/** A command as the postgres user (PostgreSQL refuses root); returns its output. */
export function asPostgres(command: string, args: string[], options: { allowFail?: boolean } = {}): string {
  const run = process.getuid?.() === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0 && !options.allowFail) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
  return (run.stdout ?? '') + (run.stderr ?? '');
}

/** One value of one statement on one node (psql as postgres), or null when the node does not answer. */
export function psqlValue(node: NodeName | number, sql: string, database = 'postgres'): string | null {
  const port = typeof node === 'number' ? node : nodes[node].port;
  const run = spawnSync(`${pgBin}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
    env: { ...process.env, PGCONNECT_TIMEOUT: '2' },
  });
  return run.status === 0 ? run.stdout.trim() : null;
}

function psqlOrThrow(node: NodeName, sql: string, database = 'postgres'): string {
  const value = psqlValue(node, sql, database);
  if (value === null) throw new Error(`node ${node} (port ${nodes[node].port}) did not answer: ${sql}`);
  return value;
}

export type Role = 'primary' | 'standby' | 'down';
export function roleOf(node: NodeName): Role {
  const value = psqlValue(node, 'SELECT pg_is_in_recovery()');
  return value === null ? 'down' : value === 't' ? 'standby' : 'primary';
}

export function currentPrimary(): NodeName | null {
  return (['a', 'b'] as const).find((node) => roleOf(node) === 'primary') ?? null;
}

async function waitFor(what: string, test: () => boolean, timeoutMs = 60_000, everyMs = 200): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

function ensureDirs(): void {
  for (const dir of [baseDir, runDir, archiveDir, path.join(baseDir, 'bin'), path.join(baseDir, 'log')]) mkdirSync(dir, { recursive: true });
  // The postgres user must enter every folder down to its data (PostgreSQL runs as that user).
  for (let dir = path.dirname(baseDir); dir !== '/'; dir = path.dirname(dir)) execFileSync('chmod', ['o+x', dir]);
  // The archive script: a segment already there is fine only if identical (both nodes archive, archive_mode=always).
  const archiveScript = path.join(baseDir, 'bin', 'archive-wal');
  writeFileSync(
    archiveScript,
    `#!/bin/sh
# archive_command: $1 = %p (path of the segment), $2 = %f (its name). Never overwrites a segment;
# one already archived (by the other node: archive_mode = always) counts as done when identical.
set -e
target="${archiveDir}/$2"
if [ -f "$target" ]; then cmp -s "$1" "$target"; exit $?; fi
cp "$1" "$target.tmp.$$"
sync "$target.tmp.$$" 2>/dev/null || true
mv "$target.tmp.$$" "$target"
`,
  );
  chmodSync(archiveScript, 0o755);
  execFileSync('chown', ['-R', 'postgres:postgres', baseDir]);
}

/** What both nodes share in postgresql.conf (the node's own port and name are in node.conf). */
function clusterConf(): string {
  return `
# --- resuelve cluster (scripts/cluster/postgres.ts) ---
listen_addresses = '127.0.0.1'
unix_socket_directories = '${runDir}'
max_connections = 200
shared_buffers = 128MB
wal_level = replica
wal_log_hints = on
max_wal_senders = 10
max_replication_slots = 10
wal_keep_size = 512MB
hot_standby = on
hot_standby_feedback = on
# A commit returns only once the standby has written and flushed its WAL: a booking answered 201
# is on two machines. 'on' (flushed), not 'remote_apply' (replayed): durability is what is asked;
# reads of one's own writes go to the primary.
synchronous_commit = on
synchronous_standby_names = 'ANY 1 (pg_a, pg_b)'
# Point-in-time restore: every finished WAL segment is copied to the archive, from either node.
archive_mode = always
archive_command = '${baseDir}/bin/archive-wal %p %f'
archive_timeout = 60
wal_receiver_status_interval = 1s
logging_collector = off
log_line_prefix = '%m [%p] %q%a '
log_min_messages = warning
jit = off
include_if_exists = 'node.conf'
`;
}

function writeNodeConf(node: NodeName): void {
  const file = path.join(nodes[node].dir, 'node.conf');
  writeFileSync(file, `port = ${nodes[node].port}\ncluster_name = 'pg_${node}'\n`);
  execFileSync('chown', ['postgres:postgres', file]);
}

const hba = `# scripts/cluster/postgres.ts: loopback only, trust (a drill on one machine; scram-sha-256 across machines)
local   all          all                 trust
host    all          all   127.0.0.1/32  trust
host    replication  all   127.0.0.1/32  trust
`;

function pgCtl(node: NodeName, action: 'start' | 'stop' | 'promote', extra: string[] = []): string {
  const logFile = path.join(baseDir, 'log', `${node}.log`);
  return asPostgres(`${pgBin}/pg_ctl`, ['-D', nodes[node].dir, '-l', logFile, '-w', '-t', '60', action, ...extra]);
}

export function isRunning(node: NodeName): boolean {
  if (!existsSync(path.join(nodes[node].dir, 'postmaster.pid'))) return false;
  const args = [`${pgBin}/pg_ctl`, '-D', nodes[node].dir, 'status'];
  const run = process.getuid?.() === 0 ? spawnSync('runuser', ['-u', 'postgres', '--', ...args]) : spawnSync(args[0]!, args.slice(1));
  return run.status === 0;
}

export async function startNode(node: NodeName): Promise<void> {
  if (!isRunning(node)) pgCtl(node, 'start');
  await waitFor(`node ${node} to accept sessions`, () => psqlValue(node, 'SELECT 1') === '1');
}

export function stopNode(node: NodeName, mode: 'fast' | 'immediate' = 'fast'): void {
  if (existsSync(path.join(nodes[node].dir, 'postmaster.pid')) && isRunning(node)) pgCtl(node, 'stop', ['-m', mode]);
}

/** The machine lost: kill -9 the postmaster and every one of its processes at once. */
export function killNode(node: NodeName): number[] {
  const pidFile = path.join(nodes[node].dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  const pids = [postmaster, ...children];
  spawnSync('kill', ['-9', ...pids.map(String)]);
  return pids;
}

async function initPrimary(node: NodeName): Promise<void> {
  const dir = nodes[node].dir;
  log(`initdb node ${node} (${dir})`);
  asPostgres(`${pgBin}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--data-checksums']);
  writeFileSync(path.join(dir, 'postgresql.conf'), readFileSync(path.join(dir, 'postgresql.conf'), 'utf8') + clusterConf());
  writeFileSync(path.join(dir, 'pg_hba.conf'), hba);
  writeNodeConf(node);
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  // Until its standby exists, the first primary commits alone (else its first commit would wait).
  await startNode(node);
  psqlOrThrow(node, "ALTER SYSTEM SET synchronous_standby_names = ''");
  psqlOrThrow(node, 'SELECT pg_reload_conf()');
  if (psqlValue(node, `SELECT 1 FROM pg_database WHERE datname = '${databaseName}'`) !== '1') psqlOrThrow(node, `CREATE DATABASE ${databaseName}`);
  if (psqlValue(node, "SELECT 1 FROM pg_roles WHERE rolname = 'haproxy_check'") !== '1') psqlOrThrow(node, 'CREATE ROLE haproxy_check LOGIN');
}

/**
 * Makes `node` a streaming standby of `primary`, afresh: its folder emptied, a base backup taken
 * with `pg_basebackup -R` (it writes standby.signal and primary_conninfo), started, and once it
 * streams, the primary's commits wait for it again (synchronous_standby_names back to the shared
 * setting).
 */
export async function rebuildStandby(node: NodeName, primary: NodeName = other(node)): Promise<void> {
  if (isRunning(node)) stopNode(node, 'immediate');
  killNode(node); // a process of a killed node left behind would hold the folder
  const dir = nodes[node].dir;
  rmSync(dir, { recursive: true, force: true });
  log(`pg_basebackup -R from node ${primary} into node ${node}`);
  asPostgres(`${pgBin}/pg_basebackup`, ['-h', '127.0.0.1', '-p', String(nodes[primary].port), '-U', 'postgres', '-D', dir, '-R', '-X', 'stream', '-c', 'fast']);
  writeNodeConf(node);
  // The copy carries the primary's own ALTER SYSTEM lines; a standby keeps the shared setting.
  const auto = path.join(dir, 'postgresql.auto.conf');
  writeFileSync(auto, readFileSync(auto, 'utf8').split('\n').filter((line) => !line.startsWith('synchronous_standby_names')).join('\n'));
  await startNode(node);
  await waitFor(`node ${node} to stream from node ${primary}`, () => psqlValue(primary, `SELECT state FROM pg_stat_replication WHERE application_name = 'pg_${node}'`) === 'streaming');
  psqlOrThrow(primary, 'ALTER SYSTEM RESET synchronous_standby_names');
  psqlOrThrow(primary, 'SELECT pg_reload_conf()');
  await waitFor(`node ${node} to be the synchronous standby`, () => psqlValue(primary, `SELECT sync_state FROM pg_stat_replication WHERE application_name = 'pg_${node}'`) === 'quorum' || psqlValue(primary, `SELECT sync_state FROM pg_stat_replication WHERE application_name = 'pg_${node}'`) === 'sync');
  // A standby stays in maintenance behind the write address: a server leaving maintenance counts
  // as up until its checks fail (half a second of writes refused as read-only, seen in drill 3).
  // Only `promote` takes a node out of it there; reads may use it at once.
  haproxyCommand(`set server pg_primary/pg_${node} state maint`, true);
  haproxyCommand(`set server pg_any/pg_${node} state ready`, true);
}

/**
 * Failover: the old primary is fenced in the proxy (maintenance: no session goes there even if it
 * comes back thinking it is primary), `node` is promoted, and, with no standby left to confirm
 * commits, it commits alone until `rebuild` gives it one (the window a second loss would cost).
 */
export async function promote(node: NodeName): Promise<void> {
  const old = other(node);
  haproxyCommand(`set server pg_primary/pg_${old} state maint`, true);
  haproxyCommand(`shutdown sessions server pg_primary/pg_${old}`, true);
  pgCtl(node, 'promote');
  await waitFor(`node ${node} to leave recovery`, () => roleOf(node) === 'primary', 60_000, 50);
  psqlOrThrow(node, "ALTER SYSTEM SET synchronous_standby_names = ''");
  psqlOrThrow(node, 'SELECT pg_reload_conf()');
  // The check would find it within rise × inter; saying so at once saves that second.
  haproxyCommand(`set server pg_primary/pg_${node} state ready`, true);
  haproxyCommand(`set server pg_primary/pg_${node} health up`, true);
}

// --- HAProxy ---

/** The PostgreSQL start-up packet of the check: user haproxy_check, database postgres. */
function startupPacketHex(): string {
  const fields = ['user', 'haproxy_check', 'database', 'postgres', 'application_name', 'haproxy-check'];
  const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), ...fields.map((field) => Buffer.from(`${field}\0`)), Buffer.from([0])]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length + 4);
  return Buffer.concat([length, body]).toString('hex');
}

function haproxyConfig(): string {
  const hex = (text: string) => Buffer.from(text).toString('hex');
  const check = (expect: string) => `  option tcp-check
  tcp-check connect
  tcp-check send-binary ${startupPacketHex()}
  ${expect}
  tcp-check send-binary 5800000004`;
  const servers = (['a', 'b'] as const).map((node) => `  server pg_${node} 127.0.0.1:${nodes[node].port} check`).join('\n');
  return `# scripts/cluster/postgres.ts writes this file.
global
  maxconn 2000
  pidfile ${haproxyPidFile}
  stats socket ${haproxySocket} mode 600 level admin

defaults
  mode tcp
  timeout connect 2s
  # Pools and the LISTEN connection stay open for long between statements.
  timeout client 1h
  timeout server 1h
  timeout check 1s
  option clitcpka
  option srvtcpka
  default-server inter 300ms fastinter 200ms downinter 300ms rise 2 fall 2 on-marked-down shutdown-sessions

# Writes: the node whose start-up parameters say in_hot_standby = off, the primary.
frontend pg_write
  bind 127.0.0.1:${writePort}
  default_backend pg_primary

backend pg_primary
${check(`tcp-check expect binary ${hex('in_hot_standby\0off\0')}`)}
${servers}

# Reads: any node that opens a session (a standby answers reads while the primary is lost).
frontend pg_read
  bind 127.0.0.1:${readPort}
  default_backend pg_any

backend pg_any
  balance leastconn
${check(`tcp-check expect binary ${hex('in_hot_standby\0')}`)}
${servers}
`;
}

export function haproxyCommand(command: string, allowFail = false): string {
  if (!existsSync(haproxySocket)) {
    if (allowFail) return '';
    throw new Error('HAProxy is not running (no runtime socket)');
  }
  const run = spawnSync('sh', ['-c', `echo "${command}" | socat stdio ${haproxySocket}`], { encoding: 'utf8' });
  if (run.status !== 0 && !allowFail) throw new Error(`haproxy: ${command}: ${run.stderr}`);
  return run.stdout ?? '';
}

/** Each server's state as the proxy sees it: backend/server → UP, DOWN, MAINT… */
export function haproxyStates(): Record<string, string> {
  const out = haproxyCommand('show servers state', true);
  const states: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const f = line.split(' ');
    if (f.length < 8 || !/^\d+$/.test(f[0]!)) continue;
    const operational = ['STOPPED', 'STARTING', 'RUNNING', 'STOPPING'][Number(f[5])] ?? f[5]!;
    const admin = Number(f[6]) & 0x01 || Number(f[6]) & 0x20 ? ' MAINT' : '';
    states[`${f[1]}/${f[3]}`] = `${operational}${admin}`;
  }
  return states;
}

function aptInstall(pkg: string, binary: string): void {
  if (spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0) return;
  log(`installing ${pkg} (apt-get)`);
  execFileSync('sh', ['-c', `apt-get install -y -qq ${pkg} >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq ${pkg} >/dev/null)`], { stdio: 'inherit' });
}

async function startHaproxy(): Promise<void> {
  aptInstall('haproxy', 'haproxy');
  aptInstall('socat', 'socat');
  const config = path.join(baseDir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig());
  execFileSync('haproxy', ['-c', '-q', '-f', config]);
  if (haproxyRunning()) {
    // A new configuration: a soft reload (-sf) lets the old process finish its sessions.
    execFileSync('haproxy', ['-D', '-f', config, '-sf', readFileSync(haproxyPidFile, 'utf8').trim()]);
  } else {
    execFileSync('haproxy', ['-D', '-f', config]);
  }
  await waitFor('HAProxy to listen', () => existsSync(haproxySocket));
}

function haproxyRunning(): boolean {
  if (!existsSync(haproxyPidFile)) return false;
  const pid = Number(readFileSync(haproxyPidFile, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stopHaproxy(): void {
  if (!haproxyRunning()) return;
  const pid = Number(readFileSync(haproxyPidFile, 'utf8').trim());
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  rmSync(haproxySocket, { force: true });
}

/** Resolves once a session through `port` lands on a primary (the proxy has found it). */
export async function waitForWriteAddress(timeoutMs = 60_000): Promise<void> {
  await waitFor('the write address to reach a primary', () => psqlValue(writePort, 'SELECT pg_is_in_recovery()') === 'f', timeoutMs, 100);
}

/** Whether a TCP port on the loopback accepts connections. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// --- commands ---

export async function up(): Promise<void> {
  ensureDirs();
  let primary = (['a', 'b'] as const).find((node) => existsSync(path.join(nodes[node].dir, 'PG_VERSION')) && !existsSync(path.join(nodes[node].dir, 'standby.signal'))) ?? null;
  if (!primary) {
    primary = 'a';
    await initPrimary('a');
  }
  await startNode(primary);
  const standby = other(primary);
  if (existsSync(path.join(nodes[standby].dir, 'standby.signal'))) await startNode(standby).catch(() => rebuildStandby(standby, primary));
  await startHaproxy();
  haproxyCommand(`set server pg_primary/pg_${standby} state maint`);
  haproxyCommand(`set server pg_primary/pg_${primary} state ready`);
  if (roleOf(standby) !== 'standby') await rebuildStandby(standby, primary);
  await waitForWriteAddress();
  writeFileSync(path.join(baseDir, 'cluster.env'), `CLUSTER_DATABASE_URL=${clusterDatabaseUrl}\nCLUSTER_READ_DATABASE_URL=${readDatabaseUrl}\n`);
  status();
  console.log(`\nexport CLUSTER_DATABASE_URL=${clusterDatabaseUrl}`);
}

export function down(): void {
  stopHaproxy();
  for (const node of ['a', 'b'] as const) {
    try {
      stopNode(node, 'fast');
    } catch (error) {
      log(`node ${node}: ${(error as Error).message}; stopping it immediately`);
      stopNode(node, 'immediate');
    }
  }
  log('stopped (data kept in ' + baseDir + ')');
}

export function status(): void {
  const proxy = haproxyStates();
  for (const node of ['a', 'b'] as const) {
    const role = roleOf(node);
    let detail = '';
    if (role === 'primary') {
      detail = psqlValue(node, "SELECT string_agg(application_name || ' ' || state || ' ' || sync_state || ' lag ' || coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), flush_lsn), 0) || ' B', ', ') FROM pg_stat_replication") ?? '';
      detail = `standbys: ${detail || 'none'}; synchronous_standby_names '${psqlValue(node, 'SHOW synchronous_standby_names')}'`;
    } else if (role === 'standby') {
      detail = `replay ${psqlValue(node, 'SELECT pg_last_wal_replay_lsn()')}, last commit replayed ${psqlValue(node, 'SELECT pg_last_xact_replay_timestamp()')}`;
    }
    console.log(`node ${node} :${nodes[node].port} ${role.padEnd(7)} proxy write ${proxy[`pg_primary/pg_${node}`] ?? '-'}, read ${proxy[`pg_any/pg_${node}`] ?? '-'}  ${detail}`);
  }
  const archived = psqlValue(writePort, 'SELECT archived_count || \' archived, last \' || coalesce(last_archived_wal, \'-\') || \', failed \' || failed_count FROM pg_stat_archiver');
  const behind = psqlValue(writePort, "SELECT CASE WHEN pg_is_in_recovery() THEN 'a STANDBY (wrong)' ELSE 'the primary, port ' || inet_server_port() END");
  console.log(`write address 127.0.0.1:${writePort} -> ${behind ?? 'nothing'}; archive: ${archived ?? '-'}`);
}

async function cli(): Promise<void> {
  const [command, arg] = process.argv.slice(2);
  const node = (arg === 'a' || arg === 'b' ? arg : undefined) as NodeName | undefined;
  switch (command) {
    case 'up':
      return up();
    case 'down':
      return down();
    case 'status':
      return status();
    case 'kill':
      if (!node) throw new Error('kill a|b');
      log(`kill -9 ${killNode(node).join(' ')}`);
      return;
    case 'promote':
      if (!node) throw new Error('promote a|b');
      await promote(node);
      return status();
    case 'rebuild':
      if (!node) throw new Error('rebuild a|b');
      await rebuildStandby(node);
      return status();
    case 'env':
      console.log(`export CLUSTER_DATABASE_URL=${clusterDatabaseUrl}\nexport CLUSTER_READ_DATABASE_URL=${readDatabaseUrl}`);
      return;
    default:
      console.log('usage: npx tsx scripts/cluster/postgres.ts up|down|status|env|kill a|b|promote a|b|rebuild a|b');
      process.exitCode = command ? 1 : 0;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cli().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
