/** Requests the api cannot or will not read still get an answer in its error shape. */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, useLiveServer } from './server.ts';
import { signedIn } from './api-factories.ts';

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

describe('query parameters a route does not take', () => {
  it('are refused with 400 unknown_query_parameter on a route that names none', async () => {
    const res = await call(live.server, 'GET', '/api/v1/health?debug=1&_=123');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), status: 400, code: 'unknown_query_parameter', details: { debug: 'unknown_field', _: 'unknown_field' } });
    const account = await signedIn(live.server, live.knex);
    const own = await call(live.server, 'GET', '/api/v1/profiles/me?admin=true', { token: account.token });
    expect(own.status).toBe(400);
    expect(own.body.details).toEqual({ admin: 'unknown_field' });
  });

  it('are refused on a route with a query schema too', async () => {
    const res = await call(live.server, 'GET', '/api/v1/categories?locale=es&extra=1');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unknown_query_parameter');
    expect(res.body.details).toEqual({ extra: 'unknown_field' });
    expect((await call(live.server, 'GET', '/api/v1/categories?locale=es')).status).toBe(200);
  });

  it('leave a bad value of a known parameter a plain validation_failed', async () => {
    const res = await call(live.server, 'GET', '/api/v1/categories?locale=fr');
    expect(res.body.code).toBe('validation_failed');
  });

  it('are left to the web pages, files and the unknown-route answer', async () => {
    expect((await call(live.server, 'GET', '/locales/es/common.json?v=2')).status).toBe(200);
    expect((await call(live.server, 'GET', '/api/v1/no-such-route?x=1')).body.code).toBe('route_not_found');
    const page = await call(live.server, 'GET', '/auth/reset-password?token=abc');
    // The web app's page, or (on a clean checkout before its build) the plain "not built yet" 503.
    expect([200, 503]).toContain(page.status);
    expect(page.headers['content-type']).toMatch(page.status === 200 ? /^text\/html/ : /^text\/plain/);
  });
});
