/**
 * Drill 2 (docs/operations.md §4): under a steady load, `kill -9` one api node (its whole process
 * group, as a machine losing power); print failed requests, lost or doubled bookings and messages
 * (all must be 0), the sockets that dropped and caught up, and the time until every socket is back;
 * then start the node again.
 *   npx tsx scripts/cluster/drill-kill-node.ts [--app-dir DIR] [--rate 15] [--sockets 50] [--settle 20] [--node n2]
 * Brings the cluster up when it is not (scripts/cluster/cluster.ts) and leaves it running.
 * Exits 1 when a count is not 0.
 */
import { killNode, nodeNamed, proxyServers, say, sleep, startNode } from './cluster.ts';
import { beginDrill, endDrill, sessionsLine } from './drill.ts';

const name = process.argv.includes('--node') ? process.argv[process.argv.indexOf('--node') + 1]! : 'n2';
// beginDrill reads the other options; --node is this drill's own.
process.argv = process.argv.filter((arg, i, all) => arg !== '--node' && all[i - 1] !== '--node');
const drill = await beginDrill('Drill 2, kill -9 of one node');
const node = nodeNamed(drill.cluster, name);
say(`before: ${await sessionsLine(drill.cluster)}`);
const killedAt = Date.now();
const pid = killNode(drill.cluster, node);
say(`kill -9 of ${node.name} (process group ${pid})`);

// Until the proxy counts it down, and until every socket that dropped is back.
let downAfter: number | null = null;
let sawDrop = false;
while (Date.now() - killedAt < 60_000) {
  const sockets = drill.load.sockets();
  if (sockets.down > 0) sawDrop = true;
  if (downAfter === null && (await proxyServers(drill.cluster)).find((s) => s.name === node.name)?.status.startsWith('DOWN')) downAfter = Date.now() - killedAt;
  if (downAfter !== null && (sawDrop ? sockets.down === 0 : Date.now() - killedAt > 5000)) break;
  await sleep(50);
}
const sockets = drill.load.sockets();
const back = sawDrop && sockets.lastBackAt ? `${((sockets.lastBackAt - killedAt) / 1000).toFixed(2)} s` : 'no socket dropped';
say(`proxy counted ${node.name} down after ${downAfter === null ? '?' : `${(downAfter / 1000).toFixed(2)} s`}; every socket back after ${back}; ${drill.load.progress()}`);
await startNode(drill.cluster, node);
const report = await endDrill(drill, [
  `${node.name} killed: the proxy took it out after ${downAfter === null ? '?' : `${(downAfter / 1000).toFixed(2)} s`}; every socket back after ${back} (${sockets.open} open)`,
]);
process.exit(report.bad === 0 ? 0 : 1);
