/**
 * The api as several processes sharing one port (node:cluster), as DESIGN.md §11 runs it: as many
 * processes as the machine has CPUs behind one address, each with its own pool and search index.
 * The primary (the benchmark) hands each new connection to the next process in turn, as a load
 * balancer would (the load generator opens its connections before it measures: a hand-over waits
 * for the receiving process's event loop); the processes run bench/api-process.ts.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { FromProcess, ToProcess } from './api-process.ts';

type Ready = Extract<FromProcess, { type: 'ready' }>;

export interface ApiCluster {
  port: number;
  pids: number[];
  /** What each process said when ready (index rows, load and scoring times). */
  ready: Ready[];
  /** The search index's counts summed over the processes, and each process's. */
  counts(): Promise<Record<string, number> & { each: Record<string, number>[] }>;
  /** Starts counting garbage collection (and profiling the first process, with a profile file). */
  measure(): void;
  /** Each process's garbage collection line and heap since measure(); the first writes its profile to `profile`. */
  measured(profile?: string): Promise<{ gc: string; heapMb: number; loopDelay: string }[]>;
  stop(): Promise<void>;
}

function next<T extends FromProcess['type']>(worker: Worker, type: T): Promise<Extract<FromProcess, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromProcess) => {
      if (message.type !== type) return;
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(message as Extract<FromProcess, { type: T }>);
    };
    const onExit = (code: number) => {
      worker.off('message', onMessage);
      reject(new Error(`api process ${worker.process.pid} exited (${code}) before saying ${type}`));
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
  });
}

export async function startApiCluster(options: {
  processes: number;
  databaseUrl: string;
  overrides: Record<string, string>;
  poolPerProcess: number;
  profile: boolean;
}): Promise<ApiCluster> {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./api-process.ts', import.meta.url)) });
  const workers = Array.from({ length: options.processes }, () =>
    cluster.fork({
      DATABASE_URL: options.databaseUrl,
      BENCH_OVERRIDES: JSON.stringify(options.overrides),
      BENCH_POOL: String(options.poolPerProcess),
      ...(options.profile ? { BENCH_PROFILE: '1' } : {}),
    }),
  );
  const ready = await Promise.all(workers.map((worker) => next(worker, 'ready')));
  const ports = new Set(ready.map((r) => r.port));
  if (ports.size !== 1) throw new Error(`the api processes listen on different ports: ${[...ports].join(', ')}`);
  const tell = (worker: Worker, message: ToProcess) => worker.send(message);
  return {
    port: ready[0]!.port,
    pids: workers.map((worker) => worker.process.pid!),
    ready,
    async counts() {
      const all = await Promise.all(workers.map((worker) => (tell(worker, { type: 'counts' }), next(worker, 'counts'))));
      const sum: Record<string, number> = {};
      for (const { counts } of all) for (const [key, value] of Object.entries(counts)) sum[key] = (sum[key] ?? 0) + value;
      return Object.assign(sum, { each: all.map(({ counts }) => counts) });
    },
    measure() {
      for (const worker of workers) tell(worker, { type: 'measure' });
    },
    async measured(profile) {
      return Promise.all(
        workers.map((worker, i) => {
          tell(worker, { type: 'measured', ...(profile && i === 0 ? { profile } : {}) });
          return next(worker, 'measured');
        }),
      );
    },
    async stop() {
      await Promise.all(
        workers.map(async (worker) => {
          const exited = new Promise((resolve) => worker.once('exit', resolve));
          tell(worker, { type: 'stop' });
          await exited;
        }),
      );
    },
  };
}
