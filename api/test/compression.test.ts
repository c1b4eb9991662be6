/**
 * Answers travel compressed (decision 0038): brotli for browsers that take it, gzip otherwise, none
 * when not asked; the app's files (inert) as well as the api's JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './server.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra ${i}`))};\n`;
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html lang="es"><head><title>Resuelve</title></head><body>${'<p>hola</p>'.repeat(200)}</body></html>`);

const t = useTestServer({ WEB_DIST: webDist });

async function get(url: string, acceptEncoding?: string) {
  const res = await t.server.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  return { status: res.statusCode, encoding: res.headers['content-encoding'], vary: String(res.headers.vary ?? ''), raw: res.rawPayload };
}

describe('compression', () => {
  it('sends the app\'s files in brotli when the browser takes it, gzip when it takes only that, plain otherwise', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(script);
    expect(br.raw.length).toBeLessThan(script.length / 3);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.raw).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.encoding).toBeUndefined();
    expect(plain.raw.toString()).toBe(script);
  });

  it('compresses the page and the api\'s JSON the same way', async () => {
    const page = await get('/client/home', 'gzip, deflate, br');
    expect(page.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(page.raw).toString()).toContain('<title>');

    const categories = await get('/api/v1/categories?locale=es', 'gzip, deflate, br');
    expect(categories.status).toBe(200);
    expect(categories.encoding).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(categories.raw).toString()).items.length).toBeGreaterThan(10);
  });
});
