/**
 * The load generator of the benchmarks, run in a worker thread so that sending requests and
 * reading answers does not share the event loop of the server being measured.
 * workerData: { port, requests: [{ path, method?, body?, headers? }], concurrency, headers, ratePerSecond, keepBodies }
 * Posts back { samples (ms), statuses: {code: count}, seconds, cpuSeconds (this thread's, Linux) }, and with keepBodies `answers`:
 * [request index, sent at (absolute high-resolution ms, comparable across threads), body text].
 * ratePerSecond 0: each connection sends its next request when the answer arrives (closed).
 * ratePerSecond > 0: request i is due at i / rate seconds (open); its latency counts from then.
 * Each connection keeps alive and comes from its own loopback address (127.0.0.x), as visitors would.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { port, requests, concurrency, headers = {}, ratePerSecond = 0, keepBodies = false } = workerData;
const samples = [];
const answers = [];
const statuses = {};
let issued = 0;
const began = performance.now();
/** This thread's CPU seconds (Linux: utime + stime of /proc/thread-self/stat, 100 ticks a second). */
function threadCpuSeconds() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
const cpuBegan = threadCpuSeconds();

function send(agent, localAddress, request) {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        path: request.path,
        method: request.method ?? 'GET',
        agent,
        localAddress,
        headers: { ...headers, ...request.headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        const chunks = [];
        if (keepBodies) response.on('data', (chunk) => chunks.push(chunk));
        else response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: keepBodies ? Buffer.concat(chunks).toString() : '' }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

await Promise.all(
  Array.from({ length: concurrency }, async (_, worker) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = `127.0.0.${(worker % 250) + 2}`;
    while (issued < requests.length) {
      const index = issued;
      const request = requests[index];
      issued += 1;
      let t0 = performance.now();
      if (ratePerSecond > 0) {
        const due = began + (index * 1000) / ratePerSecond;
        if (due > t0) await new Promise((resolve) => setTimeout(resolve, due - t0));
        t0 = due;
      }
      const { status, body } = await send(agent, localAddress, request);
      samples.push(performance.now() - t0);
      if (keepBodies) answers.push([index, performance.timeOrigin + t0, body]);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    agent.destroy();
  }),
);
const cpuEnded = threadCpuSeconds();
parentPort.postMessage({ samples, statuses, seconds: (performance.now() - began) / 1000, cpuSeconds: cpuBegan === null || cpuEnded === null ? null : cpuEnded - cpuBegan, ...(keepBodies ? { answers } : {}) });
