/**
 * Drill 1 (docs/operations.md §4): under a steady load, restart the three api nodes one by one,
 * each drained, stopped, started and healthy in the proxy before the next; print failed requests,
 * lost or doubled bookings and messages (all must be 0), sockets moved and caught up.
 *   npx tsx scripts/cluster/drill-rolling-restart.ts [--app-dir DIR] [--rate 15] [--sockets 50] [--settle 20]
 * Brings the cluster up when it is not (scripts/cluster/cluster.ts) and leaves it running.
 * Exits 1 when a count is not 0.
 */
import { restartNode, say } from './cluster.ts';
import { beginDrill, endDrill, sessionsLine, steady } from './drill.ts';

const drill = await beginDrill('Drill 1, rolling restart');
const times: string[] = [];
for (const node of drill.cluster.nodes) {
  say(`restarting ${node.name}; ${await sessionsLine(drill.cluster)}`);
  const began = Date.now();
  await restartNode(drill.cluster, node);
  times.push(`${node.name} ${((Date.now() - began) / 1000).toFixed(1)} s`);
  say(`${node.name} back; ${drill.load.progress()}`);
  await steady(drill, 10);
}
const report = await endDrill(drill, [`restarts (drain, stop, start, healthy): ${times.join(', ')}`]);
process.exit(report.bad === 0 ? 0 : 1);
