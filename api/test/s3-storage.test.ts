import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/lib/s3-storage.ts';
import { call, useTestServer } from './server.ts';
import { signedIn } from './api-factories.ts';

// A real S3 protocol endpoint on loopback (s3rver), so the adapter is proven against S3's wire format.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-s3-'));
const bucket = 'resuelve-test';
let s3: S3rver;
const env: Record<string, string> = {};

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3.run();
  Object.assign(env, {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});

const t = useTestServer(env);

afterAll(async () => {
  await s3?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

function direct(publicBaseUrl?: string) {
  return new S3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    servedFrom: '/api/v1/uploads',
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  });
}

describe('S3-compatible storage', () => {
  it('puts, reads and deletes objects, and answers null for a missing one', async () => {
    const storage = direct();
    const stored = await storage.put('profile/2026/11/0f0e0d0c-aaaa-4bbb-8ccc-000000000001-128.webp', Buffer.from('hola'), 'image/webp');
    expect(stored.url).toBe('/api/v1/uploads/profile/2026/11/0f0e0d0c-aaaa-4bbb-8ccc-000000000001-128.webp');
    expect((await storage.read(stored.path))?.toString()).toBe('hola');
    await storage.delete(stored.path);
    expect(await storage.read(stored.path)).toBeNull();
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });

  it('points browsers at the public address when one is configured', () => {
    expect(direct('https://cdn.resuelve.pr/').url('profile/a.webp')).toBe('https://cdn.resuelve.pr/profile/a.webp');
  });

  it('is what the server uses when S3_BUCKET is set: an uploaded picture lands in the bucket and is served back', async () => {
    expect(t.server.app.context.storage).toBeInstanceOf(S3Storage);
    const me = await signedIn(t.server, t.knex);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a7' } }).png().toBuffer();
    const boundary = '----s3-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await call(t.server, 'POST', '/api/v1/uploads/profile-image', {
      token: me.token,
      raw: body as unknown as string,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(201);
    const stored = await direct().read(res.body.path);
    expect((await sharp(stored!).metadata()).format).toBe('webp');
    const served = await t.server.inject(res.body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
