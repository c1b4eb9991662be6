/**
 * Three api nodes behind HAProxy on this one machine, as separate machines would run them
 * (docs/operations.md §2):
 *
 *   npx tsx scripts/cluster/cluster.ts up      [--app-dir DIR] [--state-dir DIR]
 *   npx tsx scripts/cluster/cluster.ts status
 *   npx tsx scripts/cluster/cluster.ts restart n2     (drain → stop → start → healthy)
 *   npx tsx scripts/cluster/cluster.ts down
 *
 * Nodes n1, n2, n3 listen on 127.0.0.1:3600, 3601, 3602, each its own process group
 * (`node --import tsx api/src/main.ts` in `--app-dir`, API_PROCESSES=1, NODE_ENV=production), and
 * reach PostgreSQL through ONE address: CLUSTER_DATABASE_URL (the primary's proxy), default
 * postgres://postgres@127.0.0.1:5432/resuelve_cluster, created and migrated by `up` when missing.
 * HAProxy (Debian's `haproxy`, run with our own config, pid file and admin socket, not the system
 * service) listens on 127.0.0.1:3610, its stats page on 3611, its admin socket in the state dir.
 * `--app-dir` is the checkout the nodes run from (default: the one this script lives in); run
 * them from a snapshot (`git clone /work/main /work/ops/app`), never from a checkout being edited.
 * State (pids, logs, haproxy.cfg, the shared JWT secret) sits in `--state-dir`, default
 * `<app-dir>/.data/cluster`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

export interface ApiNode {
  name: string;
  port: number;
}

export interface Cluster {
  appDir: string;
  stateDir: string;
  databaseUrl: string;
  nodes: ApiNode[];
  proxyPort: number;
  statsPort: number;
}

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/resuelve_cluster';
const here = path.dirname(fileURLToPath(import.meta.url));

/** The cluster named by the command line's `--app-dir`, `--state-dir` and the environment's CLUSTER_DATABASE_URL. */
export function clusterFrom(options: { 'app-dir'?: string; 'state-dir'?: string }): Cluster {
  const appDir = path.resolve(options['app-dir'] ?? path.join(here, '..', '..'));
  return {
    appDir,
    stateDir: path.resolve(options['state-dir'] ?? path.join(appDir, '.data', 'cluster')),
    databaseUrl: process.env.CLUSTER_DATABASE_URL || defaultDatabaseUrl,
    nodes: [
      { name: 'n1', port: 3600 },
      { name: 'n2', port: 3601 },
      { name: 'n3', port: 3602 },
    ],
    proxyPort: 3610,
    statsPort: 3611,
  };
}

/** The command-line options every cluster script takes. */
export const clusterArgs = {
  'app-dir': { type: 'string' },
  'state-dir': { type: 'string' },
} as const;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stamp = () => new Date().toISOString().slice(11, 23);
export const say = (line: string) => console.log(`${stamp()} ${line}`);

/** The signing secret every node shares (sessions signed by one are read by all), made once. */
export function jwtSecret(cluster: Cluster): string {
  const file = path.join(cluster.stateDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cluster.stateDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A process that exists and is not a zombie (a killed node whose parent has gone may wait unreaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

function pidOf(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

const nodePidFile = (cluster: Cluster, node: ApiNode) => path.join(cluster.stateDir, `${node.name}.pid`);
export const nodePid = (cluster: Cluster, node: ApiNode) => pidOf(nodePidFile(cluster, node));
const proxyPidFile = (cluster: Cluster) => path.join(cluster.stateDir, 'haproxy.pid');
const adminSocket = (cluster: Cluster) => path.join(cluster.stateDir, 'haproxy.sock');

export function nodeNamed(cluster: Cluster, name: string): ApiNode {
  const node = cluster.nodes.find((n) => n.name === name);
  if (!node) throw new Error(`No node ${name}: ${cluster.nodes.map((n) => n.name).join(', ')}`);
  return node;
}

/** Creates the cluster's database when missing; the nodes migrate it as they start. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      say(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** HAProxy's configuration: health checks, draining, websockets, L7 retries of idempotent requests only. */
function proxyConfig(cluster: Cluster): string {
  const servers = cluster.nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n');
  return `# Written by scripts/cluster/cluster.ts; docs/operations.md §2.
global
  pidfile ${proxyPidFile(cluster)}
  stats socket ${adminSocket(cluster)} mode 600 level admin
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # A live socket (nes, heartbeat every 15 s) once upgraded is a tunnel.
  timeout tunnel 1h
  timeout client-fin 5s
  timeout server-fin 5s

frontend api_in
  bind 127.0.0.1:${cluster.proxyPort}
  option forwardfor
  default_backend api

backend api
  # Sockets live long: a node back from a restart takes the next ones.
  balance leastconn
  option httpchk
  http-check send meth GET uri /api/v1/health
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
  # A request that failed before any answer is tried again on another node, but only when repeating
  # it cannot do a thing twice: GET/HEAD/PUT/DELETE/OPTIONS, and a POST/PATCH with an Idempotency-Key
  # (the api answers a repeat with the first answer, api/src/lib/idempotency.ts).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response response-timeout
  http-request disable-l7-retry if { method POST PATCH } !{ req.hdr(idempotency-key) -m found }
${servers}

listen stats
  bind 127.0.0.1:${cluster.statsPort}
  stats enable
  stats uri /
  stats refresh 2s
`;
}

/** One command on HAProxy's admin socket; answers its output. */
export function proxyCommand(cluster: Cluster, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(adminSocket(cluster));
    let out = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

export interface ServerState {
  name: string;
  /** UP, DOWN, DRAIN, MAINT, "UP 1/2"… */
  status: string;
  /** Sessions open now (requests under way and live sockets). */
  sessions: number;
  /** Requests the proxy tried again (wretr) and sent to another node (wredis), since it started. */
  retries: number;
  redispatches: number;
  /** Answers that broke off (eresp: the node closed or died while answering), since it started. */
  brokenAnswers: number;
}

export async function proxyServers(cluster: Cluster): Promise<ServerState[]> {
  const csv = await proxyCommand(cluster, 'show stat');
  const lines = csv.trim().split('\n');
  const header = lines[0]!.replace(/^# /, '').split(',');
  const column = (name: string) => header.indexOf(name);
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[0] === 'api' && cells[1] !== 'FRONTEND' && cells[1] !== 'BACKEND')
    .map((cells) => ({
      name: cells[1]!,
      status: cells[column('status')]!,
      sessions: Number(cells[column('scur')]),
      retries: Number(cells[column('wretr')]),
      redispatches: Number(cells[column('wredis')]),
      brokenAnswers: Number(cells[column('eresp')]),
    }));
}

async function proxyServer(cluster: Cluster, node: ApiNode): Promise<ServerState | undefined> {
  return (await proxyServers(cluster)).find((s) => s.name === node.name);
}

export async function startProxy(cluster: Cluster): Promise<void> {
  if (pidOf(proxyPidFile(cluster))) return;
  fs.mkdirSync(cluster.stateDir, { recursive: true });
  const config = path.join(cluster.stateDir, 'haproxy.cfg');
  fs.writeFileSync(config, proxyConfig(cluster));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refuses ${config}: ${check.stderr}${check.stdout}`);
  const run = spawnSync('haproxy', ['-D', '-f', config], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`haproxy did not start: ${run.stderr}`);
  for (let i = 0; i < 50 && !fs.existsSync(adminSocket(cluster)); i += 1) await sleep(100);
  say(`haproxy on 127.0.0.1:${cluster.proxyPort} (stats http://127.0.0.1:${cluster.statsPort}/, pid ${pidOf(proxyPidFile(cluster))})`);
}

export async function stopProxy(cluster: Cluster): Promise<void> {
  const pid = pidOf(proxyPidFile(cluster));
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && pidOf(proxyPidFile(cluster)); i += 1) await sleep(100);
  say(`haproxy stopped (pid ${pid})`);
}

/** The environment a node runs with: the one database address, the shared secret, production settings. */
function nodeEnv(cluster: Cluster, node: ApiNode): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(node.port),
    HOST: '127.0.0.1',
    DATABASE_URL: cluster.databaseUrl,
    JWT_SECRET: jwtSecret(cluster),
    API_PROCESSES: '1',
    DATABASE_POOL_MAX: process.env.CLUSTER_POOL_MAX ?? '5',
    PUBLIC_URL: `http://localhost:${cluster.proxyPort}`,
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    // Behind the proxy every request comes from 127.0.0.1, one address for the whole load
    // (api/src/lib/caller.ts reads the socket's address): the drills lift the per-address limits.
    RATE_LIMIT_PER_MINUTE: process.env.CLUSTER_RATE_LIMIT_PER_MINUTE ?? '1000000',
    RATE_LIMIT_SCALE: process.env.CLUSTER_RATE_LIMIT_SCALE ?? '1000',
    // One folder per node here; beyond one machine uploads need S3_BUCKET (docs/operations.md §2).
    UPLOADS_DIR: process.env.UPLOADS_DIR ?? path.join(cluster.stateDir, 'uploads'),
  };
}

/** Whether the node itself answers its health route (not through the proxy). */
export async function nodeHealthy(node: ApiNode): Promise<boolean> {
  try {
    const answer = await fetch(`http://127.0.0.1:${node.port}/api/v1/health`, { signal: AbortSignal.timeout(1500) });
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** Starts the node in a process group of its own and waits until the proxy counts it UP. */
export async function startNode(cluster: Cluster, node: ApiNode, timeoutMs = 120_000): Promise<number> {
  const running = nodePid(cluster, node);
  if (running) return running;
  fs.mkdirSync(cluster.stateDir, { recursive: true });
  const log = fs.openSync(path.join(cluster.stateDir, `${node.name}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('api', 'src', 'main.ts')], {
    cwd: cluster.appDir,
    env: nodeEnv(cluster, node),
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  fs.closeSync(log);
  const pid = child.pid!;
  fs.writeFileSync(nodePidFile(cluster, node), String(pid));
  const began = Date.now();
  while (!(await nodeHealthy(node))) {
    if (!nodePid(cluster, node)) throw new Error(`${node.name} exited while starting: see ${path.join(cluster.stateDir, `${node.name}.log`)}`);
    if (Date.now() - began > timeoutMs) throw new Error(`${node.name} not healthy after ${timeoutMs} ms`);
    await sleep(250);
  }
  // Back in rotation (a drained or stopped node was set to maintenance), then wait for the checks.
  await proxyCommand(cluster, `set server api/${node.name} state ready`).catch(() => '');
  while (!(await proxyServer(cluster, node).catch(() => undefined))?.status.startsWith('UP')) {
    if (Date.now() - began > timeoutMs) throw new Error(`${node.name} not UP in the proxy after ${timeoutMs} ms`);
    await sleep(100);
  }
  say(`${node.name} up on :${node.port} (pid ${pid}) in ${((Date.now() - began) / 1000).toFixed(1)} s, in rotation`);
  return pid;
}

async function waitExit(pid: number, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  return false;
}

/**
 * Takes the node out of rotation first (drain: no new requests or sockets, those under way go
 * on), waits `drainMs` for the requests under way to finish, sets it to maintenance, then asks it
 * to stop (SIGTERM: the api answers what it still has, closes its live sockets, stops its
 * background work) and waits for its exit.
 */
export async function stopNode(cluster: Cluster, node: ApiNode, drainMs = 2000): Promise<void> {
  const pid = nodePid(cluster, node);
  if (pidOf(proxyPidFile(cluster))) {
    await proxyCommand(cluster, `set server api/${node.name} state drain`);
    const before = await proxyServer(cluster, node);
    say(`${node.name} draining (${before?.sessions ?? '?'} sessions open)`);
    await sleep(drainMs);
    await proxyCommand(cluster, `set server api/${node.name} state maint`);
  }
  if (!pid) return;
  process.kill(-pid, 'SIGTERM');
  const began = Date.now();
  if (!(await waitExit(pid, 20_000))) {
    say(`${node.name} did not stop in 20 s: SIGKILL`);
    process.kill(-pid, 'SIGKILL');
    await waitExit(pid, 5000);
  }
  say(`${node.name} stopped in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

/** `kill -9` of the node's whole process group, as a machine that loses power: no drain, no goodbye. */
export function killNode(cluster: Cluster, node: ApiNode): number {
  const pid = nodePid(cluster, node);
  if (!pid) throw new Error(`${node.name} is not running`);
  process.kill(-pid, 'SIGKILL');
  return pid;
}

/** The node stopped gracefully and started again, back in rotation. */
export async function restartNode(cluster: Cluster, node: ApiNode): Promise<void> {
  await stopNode(cluster, node);
  await startNode(cluster, node);
}

export async function up(cluster: Cluster): Promise<void> {
  await ensureDatabase(cluster.databaseUrl);
  jwtSecret(cluster);
  await startProxy(cluster);
  // The first alone: on a new database its start creates what pg-boss needs (decision 0042).
  const [first, ...rest] = cluster.nodes;
  await startNode(cluster, first!);
  await Promise.all(rest.map((node) => startNode(cluster, node)));
  say(`cluster up: http://127.0.0.1:${cluster.proxyPort}/api/v1/health through haproxy; database ${redact(cluster.databaseUrl)}`);
}

export async function down(cluster: Cluster): Promise<void> {
  await Promise.all(cluster.nodes.map((node) => stopNode(cluster, node, 0)));
  await stopProxy(cluster);
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function status(cluster: Cluster): Promise<void> {
  const proxy = pidOf(proxyPidFile(cluster));
  console.log(`haproxy: ${proxy ? `pid ${proxy}, :${cluster.proxyPort}` : 'not running'}`);
  const states = proxy ? await proxyServers(cluster) : [];
  for (const node of cluster.nodes) {
    const state = states.find((s) => s.name === node.name);
    const pid = nodePid(cluster, node);
    console.log(`${node.name} :${node.port} ${pid ? `pid ${pid}` : 'stopped'}${state ? `, proxy ${state.status}, ${state.sessions} sessions` : ''}`);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: clusterArgs, allowPositionals: true });
  const cluster = clusterFrom(values);
  const [command, name] = positionals;
  if (command === 'up') await up(cluster);
  else if (command === 'down') await down(cluster);
  else if (command === 'status') await status(cluster);
  else if (command === 'restart' && name) await restartNode(cluster, nodeNamed(cluster, name));
  else if (command === 'stop' && name) await stopNode(cluster, nodeNamed(cluster, name));
  else if (command === 'start' && name) await startNode(cluster, nodeNamed(cluster, name));
  else throw new Error('usage: cluster.ts up | down | status | restart <node> | stop <node> | start <node>  [--app-dir DIR] [--state-dir DIR]');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
