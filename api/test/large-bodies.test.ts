/**
 * A JSON body past its route's limit answers 413 payload_too_large whether it declares its length
 * or comes in chunks (issue 25: a 30 MB chunked body got a dropped connection), and the connection
 * goes on serving the next request. Over a real socket: `server.inject` never sends chunks.
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useLiveServer } from './server.ts';

const live = useLiveServer();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

afterAll(() => agent.destroy());

const megabyte = Buffer.alloc(1024 * 1024, 'a');

/** POSTs `megabytes` of a JSON string, chunked or with its length; answers status, body and the connection's local port. */
function postLarge(path: string, megabytes: number, chunked: boolean): Promise<{ status: number; body: any; port: number }> {
  const size = megabytes * megabyte.length + '{"logs":""}'.length;
  const headers: Record<string, string | number> = { 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': size }) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: live.server.info.port, method: 'POST', path, headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), port: response.socket?.localPort ?? 0 }));
    });
    request.on('error', reject);
    request.write('{"logs":"');
    let sent = 0;
    const pump = () => {
      while (sent < megabytes) {
        sent += 1;
        if (!request.write(megabyte)) return void request.once('drain', pump);
      }
      request.end('"}');
    };
    pump();
  });
}

function get(path: string): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: live.server.info.port, path, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, port: response.socket?.localPort ?? 0 }));
      })
      .on('error', reject);
  });
}

describe('a JSON body past its limit', () => {
  it('answers 413 payload_too_large for 30 MB sent in chunks, and the connection serves the next request', async () => {
    const large = await postLarge('/api/v1/logs/batch', 30, true);
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ error: 'Payload too large', status: 413, code: 'payload_too_large' });
    const next = await get('/api/v1/health');
    expect(next.status).toBe(200);
    expect(next.port).toBe(large.port);
  });

  it('answers 413 payload_too_large for 30 MB that declares its length', async () => {
    const large = await postLarge('/api/v1/logs/batch', 30, false);
    expect([large.status, large.body.code]).toEqual([413, 'payload_too_large']);
  });
});
