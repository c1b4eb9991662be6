/**
 * What the benchmarks share: percentiles and their printing, the server's configuration as in
 * production (answers not re-validated, no rate limit in the way, silent logs), and HTTP load sent
 * from a worker thread (bench/http-load.mjs) so it does not share the measured server's event loop.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig, type Config } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints `label: n= p50= p95= p99= max=[, req/s]` and answers the percentiles. */
export function report(label: string, samples: number[], seconds?: number): Percentiles {
  const p = percentiles(samples);
  const rate = seconds ? `, ${(p.n / seconds).toFixed(0)} req/s` : '';
  console.log(`${label}: n=${p.n} p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} max=${ms(p.max)}${rate}`);
  return p;
}

export function benchConfig(databaseUrl: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
    // As in production: answers are not re-validated against their schema (tests do that).
    RESPONSE_VALIDATION_PERCENT: '0',
    ...overrides,
  });
}

export interface LoadRequest {
  path: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  samples: number[];
  statuses: Record<string, number>;
  seconds: number;
  /** CPU seconds the load generator's own thread used (Linux), or null. */
  cpuSeconds: number | null;
  /** With `keepBodies`: [request index, sent at (absolute ms, comparable across threads), body]. */
  answers?: [number, number, string][];
}

/**
 * Each request once over `concurrency` keep-alive connections. With `ratePerSecond`, requests are
 * sent on a fixed schedule (an open workload: arrivals do not wait for answers) and each latency
 * counts from its scheduled time, so a slow answer also charges the requests queued behind it.
 */
export async function sendLoad(
  port: number,
  requests: LoadRequest[],
  concurrency: number,
  options: { headers?: Record<string, string>; ratePerSecond?: number; keepBodies?: boolean; connectWith?: string } = {},
): Promise<LoadResult> {
  const worker = new Worker(new URL('./http-load.mjs', import.meta.url), {
    workerData: {
      port,
      requests,
      concurrency,
      headers: options.headers ?? {},
      ratePerSecond: options.ratePerSecond ?? 0,
      keepBodies: options.keepBodies ?? false,
      connectWith: options.connectWith ?? null,
    },
  });
  const [result] = (await once(worker, 'message')) as [LoadResult];
  return result;
}

/** `200 x 201, 3 x 409` */
export function statusLine(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');
}

/** Creates the database when missing and migrates it to the latest schema. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const adminKnex = createKnex(admin.toString(), { poolMax: 1 });
  try {
    const { rows } = await adminKnex.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    if (!rows.length) await adminKnex.raw('CREATE DATABASE ??', [name]);
  } finally {
    await adminKnex.destroy();
  }
  const knex = createKnex(databaseUrl, { poolMax: 2 });
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }
}

/** CPU seconds (utime + stime, 100 ticks a second) of each process id that is still there (Linux /proc). */
export function processCpuSeconds(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone
    }
  }
  return seconds;
}

/** The whole machine's busy CPU seconds so far (/proc/stat: all but idle and iowait). */
export function machineBusySeconds(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

/** CPU seconds the hypervisor gave to other machines while this one wanted them (/proc/stat steal), all CPUs. */
export function machineStealSeconds(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (cpu[7] ?? 0) / 100;
}

const gcKinds: Record<number, string> = {
  [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * Garbage collection pauses of this process's main thread from now until `stop()`: how many of
 * each kind and how long they held the thread, as one line.
 */
export function gcPauses(): { stop(): string } {
  const kinds = new Map<string, { count: number; ms: number }>();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = gcKinds[(entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      const seen = kinds.get(kind) ?? { count: 0, ms: 0 };
      seen.count += 1;
      seen.ms += entry.duration;
      kinds.set(kind, seen);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      const parts = [...kinds].map(([kind, { count, ms }]) => `${kind} ${count} x = ${ms.toFixed(0)} ms`);
      return parts.length ? parts.join(', ') : 'none';
    },
  };
}
