/**
 * What both api drills share (docs/operations.md §4): the command line, the cluster brought up
 * when it is not, the load started and stopped, the figures printed.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { clusterArgs, clusterFrom, jwtSecret, proxyServers, say, sleep, up, type Cluster } from './cluster.ts';
import { printReport, startLoad, type Load, type LoadReport } from './load.ts';

export interface Drill {
  cluster: Cluster;
  load: Load;
  /** Seconds of load before and after the drill's action. */
  settle: number;
}

export async function beginDrill(title: string): Promise<Drill> {
  const { values } = parseArgs({
    options: {
      ...clusterArgs,
      rate: { type: 'string', default: '15' },
      sockets: { type: 'string', default: '50' },
      settle: { type: 'string', default: '20' },
    },
  });
  const cluster = clusterFrom(values);
  console.log(`${title}: ${new Date().toISOString()}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, app ${cluster.appDir}`);
  await up(cluster);
  const load = await startLoad({
    baseUrl: `http://127.0.0.1:${cluster.proxyPort}`,
    databaseUrl: cluster.databaseUrl,
    jwtSecret: jwtSecret(cluster),
    rate: Number(values.rate),
    sockets: Number(values.sockets),
  });
  say(`load started: ${values.rate} operations/s, ${values.sockets} sockets; ${await sessionsLine(cluster)}`);
  const drill = { cluster, load, settle: Number(values.settle) };
  await steady(drill, drill.settle);
  return drill;
}

export async function sessionsLine(cluster: Cluster): Promise<string> {
  const servers = await proxyServers(cluster).catch(() => []);
  return `proxy: ${servers.map((s) => `${s.name} ${s.status} ${s.sessions} sessions`).join(', ')}`;
}

/** Lets the load run, saying how it goes every 5 s. */
export async function steady(drill: Drill, seconds: number): Promise<void> {
  for (let left = seconds; left > 0; left -= 5) {
    await sleep(Math.min(5, left) * 1000);
    say(drill.load.progress());
  }
}

export async function endDrill(drill: Drill, extra: string[] = []): Promise<LoadReport> {
  await steady(drill, drill.settle);
  say(`stopping the load; ${await sessionsLine(drill.cluster)}`);
  const report = await drill.load.stop();
  console.log('');
  printReport(report);
  for (const line of extra) console.log(line);
  const servers = await proxyServers(drill.cluster).catch(() => []);
  console.log(`proxy since its start: ${servers.map((s) => `${s.name} ${s.brokenAnswers} answers broken off, ${s.retries} retried, ${s.redispatches} sent elsewhere`).join('; ')}`);
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return report;
}
