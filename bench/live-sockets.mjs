/**
 * The socket side of bench/live.ts, in a worker thread so that receiving does not share the event
 * loop of the server being measured. Opens one nes client per { userId, token }, each subscribed
 * to its own /users/<id>/events, then records when each event reached each user, by its job_id
 * or, for message.created, by the message's id.
 * workerData: { url, users: [{ userId, token }], openConcurrency }
 * Messages in: 'collect' (post back the receipts). Out: { ready, failed }, then { receipts }.
 * Times are absolute high-resolution milliseconds (performance.timeOrigin + now), comparable
 * across threads.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import nes from '@hapi/nes/lib/client.js';
import WebSocket from 'ws';

const { Client } = nes;
Client.WebSocket ??= WebSocket;

const { url, users, openConcurrency = 50 } = workerData;
const clients = [];
/** [job_id or message id, user id, received at] */
const receipts = [];
let failed = 0;

async function open(user) {
  const client = new Client(url);
  client.onError = () => undefined;
  await client.connect({ reconnect: false, auth: { headers: { authorization: `Bearer ${user.token}` } } });
  await client.subscribe(`/users/${user.userId}/events`, (event) => {
    const key = event.job_id ?? (event.type === 'message.created' ? event.message.id : undefined);
    if (key !== undefined) receipts.push([key, user.userId, performance.timeOrigin + performance.now()]);
  });
  clients.push(client);
}

let next = 0;
async function opener() {
  while (next < users.length) {
    const user = users[next++];
    try {
      await open(user);
    } catch {
      failed += 1;
    }
  }
}
await Promise.all(Array.from({ length: openConcurrency }, opener));
parentPort.postMessage({ ready: clients.length, failed });

parentPort.on('message', async (message) => {
  if (message !== 'collect') return;
  parentPort.postMessage({ receipts });
  await Promise.all(clients.map((client) => client.disconnect()));
  process.exit(0);
});
