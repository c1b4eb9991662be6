/**
 * Drill 4: base backup + WAL archive, restored to a moment `--back` minutes ago into a NEW cluster
 * on its own port (5442), and its counts compared with what the live database held at that moment
 * (docs/operations.md, "Drill 4").
 *
 *   npx tsx scripts/cluster/postgres.ts up
 *   npx tsx scripts/cluster/drill-restore.ts --api http://127.0.0.1:3700 --jwt-secret … [--back 5]
 *
 * 1. a base backup of the primary (pg_basebackup through the write address) into
 *    /work/ops/pg/backups/<time>; the WAL after it reaches the archive through archive_command;
 * 2. the drill's steady load through the api (bookings, message sends, searches; an account made
 *    every few seconds straight in SQL) for `--back` minutes and a little more, while every
 *    `--sample-seconds` it records the live counts of bookings (jobs), messages and accounts
 *    (users) with the time they held: in one transaction holding a SHARE lock on the three tables
 *    for about a millisecond, so no write to them is half visible at that time;
 * 3. the WAL switched and archived; the backup copied to /work/ops/pg/restore, recovery to the
 *    sample closest to `--back` minutes ago (recovery_target_time, restore_command from the
 *    archive), promoted, on port 5442, with archiving off (a restored copy must not write into the
 *    live cluster's archive);
 * 4. the restored counts against the sample's, each equal or not; the restored cluster is stopped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { archiveDir, asPostgres, baseDir, clusterDatabaseUrl, databaseName, pgBin, psqlValue, writePort } from './postgres.ts';
import { DrillLoad, prepareWorld, say } from './drill-failover.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const restorePort = 5442;
const restoreDir = path.join(baseDir, 'restore');

interface Sample {
  at: string; // clock_timestamp() as PostgreSQL writes it, microseconds
  bookings: number;
  messages: number;
  accounts: number;
}

/** The live counts and the moment they held: no writer of the three tables commits meanwhile. */
async function sample(db: pg.Client): Promise<Sample | null> {
  try {
    await db.query('BEGIN');
    await db.query("SET LOCAL lock_timeout = '500ms'");
    await db.query('LOCK TABLE jobs, messages, users IN SHARE MODE');
    const { rows } = await db.query<Sample>(
      'SELECT clock_timestamp()::text AS at, (SELECT count(*) FROM jobs)::int AS bookings, (SELECT count(*) FROM messages)::int AS messages, (SELECT count(*) FROM users)::int AS accounts',
    );
    await db.query('COMMIT');
    return rows[0]!;
  } catch {
    await db.query('ROLLBACK').catch(() => undefined);
    return null; // the lock not had within 500 ms: the next sample
  }
}

function counts(port: number): Sample | null {
  const row = psqlValue(port, 'SELECT (SELECT count(*) FROM jobs) || \'|\' || (SELECT count(*) FROM messages) || \'|\' || (SELECT count(*) FROM users)', databaseName);
  if (!row) return null;
  const [bookings, messages, accounts] = row.split('|').map(Number);
  return { at: '', bookings: bookings!, messages: messages!, accounts: accounts! };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: process.env.DRILL_API ?? 'http://127.0.0.1:3700' },
      'jwt-secret': { type: 'string', default: process.env.JWT_SECRET ?? '' },
      back: { type: 'string', default: '5' },
      'sample-seconds': { type: 'string', default: '5' },
      bookings: { type: 'string', default: '2' },
      messages: { type: 'string', default: '2' },
      reads: { type: 'string', default: '2' },
    },
  });
  if (!values['jwt-secret']) throw new Error('--jwt-secret: the api nodes’ JWT_SECRET');
  const backMs = Number(values.back) * 60_000;
  const loadMs = backMs + 30_000;
  const rates = { bookings: Number(values.bookings), messages: Number(values.messages), reads: Number(values.reads) };
  say(`drill 4 (backup and point-in-time restore): ${values.back} min back; load ${rates.bookings} bookings/s, ${rates.messages} messages/s, ${rates.reads} searches/s for ${Math.round(loadMs / 1000)} s; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (psqlValue(writePort, 'SELECT pg_is_in_recovery()') !== 'f') throw new Error('no primary behind 127.0.0.1:5439: run `npx tsx scripts/cluster/postgres.ts up`');

  const world = await prepareWorld(clusterDatabaseUrl, values['jwt-secret']!, { slots: Math.ceil((loadMs / 1000) * rates.bookings) + 200 });

  // 1. The base backup.
  const backups = path.join(baseDir, 'backups');
  mkdirSync(backups, { recursive: true });
  execFileSync('chown', ['postgres:postgres', backups]);
  const backup = path.join(backups, new Date().toISOString().replace(/[:.]/g, '-'));
  const backupStart = Date.now();
  asPostgres(`${pgBin}/pg_basebackup`, ['-h', '127.0.0.1', '-p', String(writePort), '-U', 'postgres', '-D', backup, '-X', 'stream', '-c', 'fast', '-l', 'drill 4']);
  say(`base backup ${backup} in ${Date.now() - backupStart} ms (${asPostgres('du', ['-sh', backup]).split('\t')[0]})`);

  // 2. Load and samples.
  const db = new pg.Client({ connectionString: clusterDatabaseUrl, application_name: 'drill-restore' });
  await db.connect();
  const load = new DrillLoad(values.api!, world, { bookingsPerSecond: rates.bookings, messagesPerSecond: rates.messages, readsPerSecond: rates.reads });
  load.start();
  const samples: Sample[] = [];
  const until = Date.now() + loadMs;
  let accountsMade = 0;
  while (Date.now() < until) {
    await db.query("INSERT INTO users (email, password_hash) VALUES ('drill-restore-' || gen_random_uuid() || '@example.invalid', 'not-a-password')");
    accountsMade += 1;
    const s = await sample(db);
    if (s) samples.push(s);
    await sleep(Number(values['sample-seconds']) * 1000);
  }
  await load.stop();
  const answered = load.sent.filter((s) => s.status === 201);
  say(`load: ${answered.filter((s) => s.kind === 'booking').length} bookings and ${answered.filter((s) => s.kind === 'message').length} messages answered 201, ${accountsMade} accounts made, ${load.reads.filter((r) => r.ok).length}/${load.reads.length} searches answered; ${samples.length} samples`);

  // 3. The WAL up to now in the archive.
  const { rows } = await db.query<{ segment: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS segment');
  await db.end();
  const segment = rows[0]!.segment;
  const archivedBy = Date.now() + 60_000;
  while (!existsSync(path.join(archiveDir, segment))) {
    if (Date.now() > archivedBy) throw new Error(`segment ${segment} not archived within 60 s`);
    await sleep(200);
  }
  const targetTime = Date.now() - backMs;
  const target = samples.reduce((best, s) => (Math.abs(Date.parse(s.at.replace(' ', 'T').replace(/\+00$/, 'Z')) - targetTime) < Math.abs(Date.parse(best.at.replace(' ', 'T').replace(/\+00$/, 'Z')) - targetTime) ? s : best));
  say(`WAL archived up to ${segment}; restoring to ${target.at} (the sample nearest ${values.back} min ago)`);

  // 4. Restore into a new cluster on 5442.
  if (existsSync(path.join(restoreDir, 'postmaster.pid'))) asPostgres(`${pgBin}/pg_ctl`, ['-D', restoreDir, 'stop', '-m', 'immediate'], { allowFail: true });
  rmSync(restoreDir, { recursive: true, force: true });
  asPostgres('cp', ['-a', backup, restoreDir]);
  rmSync(path.join(restoreDir, 'standby.signal'), { force: true });
  appendFileSync(
    path.join(restoreDir, 'postgresql.auto.conf'),
    `# drill 4: a restored copy, on its own port, archiving nothing, committing alone
port = ${restorePort}
cluster_name = 'pg_restore'
archive_mode = off
synchronous_standby_names = ''
primary_conninfo = ''
restore_command = 'cp ${archiveDir}/%f %p'
recovery_target_time = '${target.at}'
recovery_target_action = 'promote'
`,
  );
  writeFileSync(path.join(restoreDir, 'node.conf'), `port = ${restorePort}\ncluster_name = 'pg_restore'\n`);
  writeFileSync(path.join(restoreDir, 'recovery.signal'), '');
  execFileSync('chown', ['-R', 'postgres:postgres', restoreDir]);
  const logFile = path.join(baseDir, 'log', 'restore.log');
  rmSync(logFile, { force: true });
  const restoreStart = Date.now();
  asPostgres(`${pgBin}/pg_ctl`, ['-D', restoreDir, '-l', logFile, '-w', '-t', '300', 'start']);
  const promotedBy = Date.now() + 300_000;
  while (psqlValue(restorePort, 'SELECT pg_is_in_recovery()') !== 'f') {
    if (Date.now() > promotedBy) throw new Error('the restored cluster did not finish recovery in 300 s: see ' + logFile);
    await sleep(200);
  }
  const restoreMs = Date.now() - restoreStart;
  const stopLine = readFileSync(logFile, 'utf8').split('\n').find((line) => line.includes('recovery stopping')) ?? '(no "recovery stopping" line)';
  const restored = counts(restorePort);
  if (!restored) throw new Error('the restored cluster does not answer');
  say(`restored and promoted in ${restoreMs} ms; ${stopLine.replace(/^.*LOG:\s*/, '')}`);
  const rowsOut = (['bookings', 'messages', 'accounts'] as const).map((k) => ({ k, live: target[k], restored: restored[k] }));
  for (const r of rowsOut) say(`${r.k.padEnd(8)} live at ${target.at}: ${r.live}, restored: ${r.restored} ${r.live === r.restored ? '(equal)' : '(DIFFERENT)'}`);
  const now = counts(writePort);
  if (now) say(`(live now: ${now.bookings} bookings, ${now.messages} messages, ${now.accounts} accounts)`);
  asPostgres(`${pgBin}/pg_ctl`, ['-D', restoreDir, 'stop', '-m', 'fast']);
  say(`restored cluster stopped (data kept in ${restoreDir})`);
  if (rowsOut.some((r) => r.live !== r.restored)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
