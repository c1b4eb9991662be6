import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../src/background/index.ts';
import { newClient, newProvider, setClock, tokenFor } from './factories.ts';
import { multipart, multipartType, type Part } from './multipart.ts';
import { gif, jpegWithGps, smallPng } from './photos.ts';
import { call, useTestServer } from './server.ts';

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-project-uploads-'));
// A real port too: the size refusal is proven on a raw connection that never sends the whole body.
const t = useTestServer({ UPLOADS_DIR: uploadsDir, PORT: '0', HOST: '127.0.0.1' });
afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

const storage = () => t.server.app.context.storage;

const send = (url: string, token: string | undefined, parts: Part[]) =>
  call(t.server, 'POST', url, { token, raw: multipart(parts) as unknown as string, headers: { 'content-type': multipartType } });

const uploadOne = (token: string | undefined, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  send('/api/v1/uploads/project-image', token, [{ name: 'file', filename, contentType, data }]);

const uploadMany = (token: string, files: Buffer[]) =>
  send(
    '/api/v1/uploads/project-images',
    token,
    files.map((data, i) => ({ name: 'files', filename: `p${i}.png`, contentType: 'image/png', data })),
  );

async function provider() {
  const id = await newProvider(t.knex);
  return { id, token: tokenFor(t, id, true) };
}

const storedFiles = () => fs.readdirSync(uploadsDir, { recursive: true }).filter((name) => /\.(webp|jpg)$/.test(String(name))).length;

describe('project photo uploads', () => {
  it('stores a JPEG with GPS metadata re-encoded without any, in every promised width as WebP and JPEG', async () => {
    const me = await provider();
    const input = await jpegWithGps(3000, 2000);
    expect((await sharp(input).metadata()).exif).toBeDefined(); // the upload really carries it

    const res = await uploadOne(me.token, input);
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/^project\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ width: 2048, height: 1365, url: `/api/v1/uploads/${res.body.path}-1280.webp` });
    expect(res.body.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(res.body.widths).toEqual([320, 640, 1280, 2048]);
    expect(res.body.src).toBe(`/api/v1/uploads/${res.body.path}`);

    for (const width of [320, 640, 1280, 2048]) {
      for (const [extension, format] of [['webp', 'webp'], ['jpg', 'jpeg']] as const) {
        const stored = await storage().read(`${res.body.path}-${width}.${extension}`);
        expect(stored, `${width}.${extension}`).not.toBeNull();
        const meta = await sharp(stored!).metadata();
        expect(meta).toMatchObject({ format, width });
        expect(meta.exif, `${width}.${extension} exif`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(stored!.includes(Buffer.from('TestCam'))).toBe(false);
        expect(stored!.includes(Buffer.from('Rivera'))).toBe(false);
      }
    }
    const served = await t.server.inject({ method: 'GET', url: `${res.body.src}-320.jpg` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('never stores a photo wider than it came: a 900 px photo is kept at 320, 640 and 900', async () => {
    const me = await provider();
    const res = await uploadOne(me.token, await smallPng(1, 900, 600), 'a.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.widths).toEqual([320, 640, 900]);
    expect(res.body).toMatchObject({ width: 900, height: 600 });
  });

  it('stores up to 10 photos in one request, all answered in order', async () => {
    const me = await provider();
    const res = await uploadMany(me.token, await Promise.all([1, 2, 3].map((i) => smallPng(i))));
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(3);
    expect(new Set(res.body.items.map((item: { path: string }) => item.path)).size).toBe(3);
  });

  it('refuses 11 photos at once with 400 too_many_images, storing none', async () => {
    const me = await provider();
    const before = storedFiles();
    const res = await uploadMany(me.token, await Promise.all(Array.from({ length: 11 }, (_, i) => smallPng(i, 64, 64))));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'too_many_images', status: 400 });
    expect(storedFiles()).toBe(before);
  });

  it('refuses a GIF and a text file named .jpg with 415 file_type_not_supported, storing nothing', async () => {
    const me = await provider();
    const before = storedFiles();
    const gifRes = await uploadOne(me.token, await gif(), 'anim.gif', 'image/gif');
    expect(gifRes.status).toBe(415);
    expect(gifRes.body.code).toBe('file_type_not_supported');
    const text = await uploadOne(me.token, Buffer.from('Solo texto que dice ser una foto.\n'), 'vacaciones.jpg', 'image/jpeg');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'file_type_not_supported', status: 415 });
    // One bad photo in a batch refuses the batch; the good one before it is not kept.
    const batch = await uploadMany(me.token, [await smallPng(5), await gif()]);
    expect(batch.status).toBe(415);
    expect(storedFiles()).toBe(before);
    expect(await t.knex('project_images').where({ owner_id: me.id }).first()).toBeUndefined();
  });

  it('refuses a 10.5 MB photo with 413 file_too_large, alone or in a batch', async () => {
    const me = await provider();
    const big = Buffer.alloc(Math.round(10.5 * 1024 * 1024), 7);
    const one = await uploadOne(me.token, big);
    expect(one.status).toBe(413);
    expect(one.body).toMatchObject({ code: 'file_too_large', status: 413 });
    const batch = await uploadMany(me.token, [await smallPng(2), big]);
    expect(batch.status).toBe(413);
    expect(batch.body.code).toBe('file_too_large');
  });

  it('answers 413 from the Content-Length of a 10.5 MB body before the rest of it is sent', async () => {
    const me = await provider();
    await t.server.start();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(t.server.info.port as number, '127.0.0.1');
      const received: Buffer[] = [];
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('no answer while the body was incomplete'));
      }, 5000);
      socket.on('data', (chunk) => {
        received.push(chunk);
        if (Buffer.concat(received).includes('"code"')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(Buffer.concat(received).toString());
        }
      });
      socket.on('error', reject);
      socket.write(
        [
          'POST /api/v1/uploads/project-image HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${me.token}`,
          `Content-Type: ${multipartType}`,
          `Content-Length: ${Math.round(10.5 * 1024 * 1024)}`,
          '',
          '',
        ].join('\r\n'),
      );
      socket.write(Buffer.alloc(32 * 1024, 1));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"file_too_large"');
  });

  it('lets only providers upload: 401 for a visitor, 403 for a client', async () => {
    const photo = await smallPng(3);
    expect((await uploadOne(undefined, photo)).status).toBe(401);
    const client = await newClient(t.knex);
    const res = await uploadOne(tokenFor(t, client), photo, 'a.png', 'image/png');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    const many = await uploadMany(tokenFor(t, client), [photo]);
    expect(many.status).toBe(403);
  });

  it('deletes an own waiting upload with every stored size; a stranger gets 404 and the files stay', async () => {
    const me = await provider();
    const other = await provider();
    const res = await uploadOne(me.token, await jpegWithGps(1400, 900));
    const keys = res.body.widths.flatMap((width: number) => [`${res.body.path}-${width}.webp`, `${res.body.path}-${width}.jpg`]);
    expect(keys).toHaveLength(8); // 320, 640, 1280 and its own 1400

    const stranger = await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: other.token, body: { path: res.body.path } });
    expect(stranger.status).toBe(404);
    const client = await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: tokenFor(t, await newClient(t.knex)), body: { path: res.body.path } });
    expect(client.status).toBe(404);
    expect((await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { body: { path: res.body.path } })).status).toBe(401);
    for (const key of keys) expect(await storage().read(key)).not.toBeNull();

    const own = await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: me.token, body: { path: res.body.path } });
    expect(own.status).toBe(204);
    for (const key of keys) expect(await storage().read(key), key).toBeNull();
    expect((await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: me.token, body: { path: res.body.path } })).status).toBe(404);
    const bad = await call(t.server, 'DELETE', '/api/v1/uploads/project-image', { token: me.token, body: { path: '../../etc/passwd' } });
    expect(bad.status).toBe(400);
  });

  it('removes uploads no project took within a day (the portfolio-cleanup job), and keeps newer ones', async () => {
    const me = await provider();
    setClock(t, '2026-11-20T12:00:00Z');
    const old = await uploadOne(me.token, await smallPng(8));
    setClock(t, '2026-11-21T11:00:00Z');
    const fresh = await uploadOne(me.token, await smallPng(9));
    setClock(t, '2026-11-21T13:00:00Z');
    const context = t.server.app.context;
    expect(await backgroundJobs['portfolio-cleanup'](context)).toBeGreaterThanOrEqual(1);
    expect(await storage().read(`${old.body.path}-320.webp`)).toBeNull();
    expect(await t.knex('project_images').where({ path: old.body.path }).first()).toBeUndefined();
    expect(await storage().read(`${fresh.body.path}-320.webp`)).not.toBeNull();
  });
});
