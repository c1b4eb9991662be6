/**
 * The load generator of the benchmarks, run in a worker thread so that sending requests and
 * reading answers does not share the event loop of the server being measured.
 * workerData: { port, requests: [{ path, method?, body?, headers? }], concurrency, headers, ratePerSecond, keepBodies, connectWith }
 * Posts back { samples (ms), statuses: {code: count}, seconds, cpuSeconds (this thread's, Linux) }, and with keepBodies `answers`:
 * [request index, sent at (absolute high-resolution ms, comparable across threads), body text].
 * ratePerSecond 0: each connection sends its next request when the answer arrives (closed).
 * ratePerSecond > 0: request i is due at i / rate seconds (open); its latency counts from then.
 * Each connection keeps alive and comes from its own loopback address (127.0.0.x), as visitors would.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { port, requests, concurrency, headers = {}, ratePerSecond = 0, keepBodies = false, connectWith = null } = workerData;
const samples = [];
const answers = [];
const statuses = {};
let issued = 0;
let began = performance.now();
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

/**
 * One keep-alive HTTP/1.1 connection written and read by hand (node:net): a request is a few
 * bytes written, an answer is read up to its Content-Length or last chunk. node:http's client
 * spent about a quarter of a 2-CPU machine's time at a thousand requests a second, time taken
 * from the server being measured; this spends a fraction of it.
 */
class Connection {
  constructor(localAddress) {
    this.localAddress = localAddress;
    this.socket = null;
    this.pending = null;
    this.buffer = Buffer.alloc(0);
  }

  open() {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: this.localAddress });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      if (socket !== this.socket) return;
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    const closed = (error) => {
      if (socket !== this.socket) return;
      this.drop();
      const pending = this.pending;
      this.pending = null;
      pending?.fail(error ?? new Error('the server closed the connection'));
    };
    socket.on('error', closed);
    socket.on('close', () => closed());
  }

  /** Forgets the connection (a fresh one opens for the next request). */
  drop() {
    this.socket?.destroy();
    this.socket = null;
    this.buffer = Buffer.alloc(0);
  }

  /** The answer's status and (with keepBodies) body; sent again once on a fresh connection if a kept one was closed before answering. */
  async send(request) {
    try {
      return await this.sendOnce(request);
    } catch (error) {
      if (!error.retry) throw error;
      return this.sendOnce(request);
    }
  }

  sendOnce(request) {
    const reused = this.socket !== null;
    if (!reused) this.open();
    const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
    const lines = [`${request.method ?? 'GET'} ${request.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: keep-alive'];
    for (const [name, value] of Object.entries({ ...headers, ...request.headers })) lines.push(`${name}: ${value}`);
    if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
    return new Promise((resolve, reject) => {
      this.pending = {
        resolve,
        fail: (error) => {
          if (reused && !this.started) error.retry = true;
          reject(error);
        },
      };
      this.started = false;
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (body) this.socket.write(body);
    });
  }

  parse() {
    if (!this.pending) return;
    this.started = true;
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
    let bodyEnd;
    let body = '';
    if (length) {
      bodyEnd = end + 4 + Number(length[1]);
      if (this.buffer.length < bodyEnd) return;
      if (keepBodies) body = this.buffer.toString('utf8', end + 4, bodyEnd);
    } else if (chunked) {
      const parts = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString('latin1', at, lineEnd), 16);
        if (size === 0) {
          // The last chunk, then (no trailers) an empty line.
          if (this.buffer.length < lineEnd + 4) return;
          bodyEnd = lineEnd + 4;
          break;
        }
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (keepBodies) parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      if (keepBodies) body = Buffer.concat(parts).toString('utf8');
    } else {
      // No body (204, 304) or one that ends with the connection: only the former is sent here.
      bodyEnd = end + 4;
    }
    this.buffer = this.buffer.subarray(bodyEnd);
    const pending = this.pending;
    this.pending = null;
    if (/\r\nconnection: *close/i.test(head)) this.drop();
    pending.resolve({ status, body });
  }

  close() {
    this.drop();
  }
}

const connections = Array.from({ length: concurrency }, (_, worker) => new Connection(`127.0.0.${(worker % 250) + 2}`));
// connectWith: a path each connection asks once, unmeasured, before the clock starts (an open
// connection, as a visitor's browser keeps one). One after the other, so that a server of several
// processes taking connections in turn (node:cluster) gets as many on each.
if (connectWith) for (const connection of connections) await connection.send({ path: connectWith });
began = performance.now();
await Promise.all(
  connections.map(async (connection) => {
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
      const { status, body } = await connection.send(request);
      samples.push(performance.now() - t0);
      if (keepBodies) answers.push([index, performance.timeOrigin + t0, body]);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    connection.close();
  }),
);
const cpuEnded = threadCpuSeconds();
parentPort.postMessage({ samples, statuses, seconds: (performance.now() - began) / 1000, cpuSeconds: cpuBegan === null || cpuEnded === null ? null : cpuEnded - cpuBegan, ...(keepBodies ? { answers } : {}) });
