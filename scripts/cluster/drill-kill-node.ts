/**
 * Drill 2 (docs/operations.md §4): under a steady load, `kill -9` an api node (its whole process
 * group, as a machine losing power); print failed requests, lost or doubled bookings and messages
 * (all must be 0), the sockets that dropped and caught up, and the time until every socket is back;
 * then start the node again. `--kills N` repeats it N times, over n1, n2, n3 in turn (default 1: n2).
 *   npx tsx scripts/cluster/drill-kill-node.ts [--app-dir DIR] [--rate 15] [--sockets 50] [--settle 20] [--kills 3]
 * Brings the cluster up when it is not (scripts/cluster/cluster.ts) and leaves it running.
 * Exits 1 when a count is not 0.
 */
import { killNode, proxyServers, say, sleep, startNode } from './cluster.ts';
import { beginDrill, endDrill, sessionsLine, steady } from './drill.ts';

const at = process.argv.indexOf('--kills');
const kills = at > 0 ? Number(process.argv[at + 1]) : 1;
// beginDrill reads the other options; --kills is this drill's own.
if (at > 0) process.argv.splice(at, 2);
const drill = await beginDrill('Drill 2, kill -9 of one node');
const lines: string[] = [];
for (let k = 0; k < kills; k += 1) {
  const node = drill.cluster.nodes[kills === 1 ? 1 : k % drill.cluster.nodes.length]!;
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
  const line = `${node.name} killed: the proxy took it out after ${downAfter === null ? '?' : `${(downAfter / 1000).toFixed(2)} s`}; every socket back after ${back} (${sockets.open} open)`;
  lines.push(line);
  say(`${line}; ${drill.load.progress()}`);
  await steady(drill, 5);
  await startNode(drill.cluster, node);
  await steady(drill, 10);
}
const report = await endDrill(drill, lines);
process.exit(report.bad === 0 ? 0 : 1);
