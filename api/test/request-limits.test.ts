/** Requests the api cannot or will not read still get an answer in its error shape. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useLiveServer } from './server.ts';

const live = useLiveServer();

/** Sends raw HTTP and answers the status line, the headers and the body as the server wrote them. */
async function raw(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = reply.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

describe('a request with 20 KB of headers', () => {
  it('answers 431 headers_too_large as JSON, not an empty 400', async () => {
    const res = await raw(
      live.server.info.port as number,
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: big=${'x'.repeat(20 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ error: 'Request headers too large', status: 431, code: 'headers_too_large' });
  });

  it('leaves a request of ordinary size alone', async () => {
    const res = await raw(live.server.info.port as number, `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(200);
  });
});
