/**
 * One api process of a benchmark's cluster (bench/api-cluster.ts): the real server as in
 * production (bench/measure.ts's benchConfig with the overrides the primary passes in
 * BENCH_OVERRIDES), on the port the cluster shares. It says `ready` once its search index is
 * loaded and the categories' own words are scored, then answers the primary's questions over IPC:
 * its search index's counts, its garbage collection pauses and CPU profile over a measured run
 * (the profile written when the primary names a file).
 */
import { writeFile } from 'node:fs/promises';
import inspector from 'node:inspector';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { benchConfig, gcPauses } from './measure.ts';

export type ToProcess = { type: 'counts' } | { type: 'measure' } | { type: 'measured'; profile?: string } | { type: 'stop' };
export type FromProcess =
  | { type: 'ready'; port: number; rows: number; loadedMs: number; rolledMs: number }
  | { type: 'counts'; counts: Record<string, number> }
  | { type: 'measured'; gc: string; heapMb: number; loopDelay: string }
  | { type: 'stopped' };

const send = (message: FromProcess) => process.send!(message);

async function main() {
  const databaseUrl = process.env.DATABASE_URL!;
  const overrides = JSON.parse(process.env.BENCH_OVERRIDES ?? '{}') as Record<string, string>;
  const config = benchConfig(databaseUrl, overrides);
  const knex = createKnex(databaseUrl, { poolMax: Number(process.env.BENCH_POOL ?? 10) });
  const began = performance.now();
  const server = await start(config, { knex });
  const places = server.app.context.searchPlaces;
  await places?.sync();
  const loadedMs = performance.now() - began;
  // As in a server that has been running: the next free times ending soon have their successors computed.
  await places?.rolledAhead();
  send({ type: 'ready', port: server.info.port as number, rows: places?.size ?? 0, loadedMs, rolledMs: performance.now() - began });

  let gc: ReturnType<typeof gcPauses> | null = null;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let profiler: Awaited<ReturnType<typeof startProfile>> | null = null;
  process.on('message', async (message: ToProcess) => {
    switch (message.type) {
      case 'counts':
        send({ type: 'counts', counts: { ...(places?.counts ?? {}) } });
        return;
      case 'measure':
        gc = gcPauses();
        delay.reset();
        delay.enable();
        profiler = process.env.BENCH_PROFILE ? await startProfile() : null;
        return;
      case 'measured': {
        await profiler?.stop(message.profile);
        profiler = null;
        delay.disable();
        const loopDelay = `event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`;
        send({ type: 'measured', gc: gc?.stop() ?? 'none', heapMb: process.memoryUsage().heapUsed / 2 ** 20, loopDelay });
        return;
      }
      case 'stop':
        await server.stop();
        await knex.destroy();
        process.send!({ type: 'stopped' } satisfies FromProcess, () => process.exit(0));
    }
  });
}

/** The V8 CPU profiler on this process's main thread (node:inspector), until stop() writes its profile to a file. */
async function startProfile(): Promise<{ stop(file?: string): Promise<void> }> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await post('Profiler.stop');
      session.disconnect();
      if (file) await writeFile(file, JSON.stringify(profile));
    },
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
