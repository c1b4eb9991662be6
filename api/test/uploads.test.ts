import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { signedIn } from './api-factories.ts';
import { answerBeforeBody, boundary, chunkedUpload, multipart } from './multipart.ts';

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-uploads-'));
// A real port too: the size refusal is proven on a raw connection that never sends the whole body.
const t = useTestServer({ UPLOADS_DIR: uploadsDir, PORT: '0', HOST: '127.0.0.1' });

afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

function upload(token: string | undefined, body: Buffer, contentType = `multipart/form-data; boundary=${boundary}`) {
  return call(t.server, 'POST', '/api/v1/uploads/profile-image', {
    token,
    raw: body as unknown as string,
    headers: { 'content-type': contentType },
  });
}

const uploadFile = (token: string, data: Buffer, filename = 'photo.png', contentType = 'image/png') =>
  upload(token, multipart([{ name: 'file', filename, contentType, data }]));

/** A real PNG carrying EXIF metadata with a GPS position (San Juan). */
function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '66/1 6/1 0/1' },
    })
    .toBuffer();
}

const storage = () => t.server.app.context.storage;

describe('profile picture upload', () => {
  it('stores a PNG with GPS metadata re-encoded without it, in square variants, and sets the avatar', async () => {
    const me = await signedIn(t.server, t.knex);
    const input = await pngWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined(); // the upload really carries it

    const res = await uploadFile(me.token, input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      url: `/api/v1/uploads/${res.body.path}`,
      path: expect.stringMatching(/^profile\/\d{4}\/\d{2}\/[0-9a-f-]{36}-512\.webp$/),
      thumbnail_url: expect.stringMatching(/-128\.webp$/),
    });

    const stored = await storage().read(res.body.path);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from('TestCam'))).toBe(false);
    const thumbnail = await storage().read(res.body.path.replace('-512.webp', '-128.webp'));
    expect(await sharp(thumbnail!).metadata()).toMatchObject({ width: 128, height: 128 });
    expect((await sharp(thumbnail!).metadata()).exif).toBeUndefined();

    const profile = await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token });
    expect(profile.body.avatar_url).toBe(res.body.url);
  });

  it('serves the stored picture to anyone with nosniff and a long cache', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await uploadFile(me.token, await pngWithGps());
    const served = await t.server.inject({ method: 'GET', url: res.body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals((await storage().read(res.body.path))!)).toBe(true);
  });

  it('answers 404 for a missing or unsafe path', async () => {
    for (const url of ['/api/v1/uploads/profile/2026/11/00000000-0000-4000-8000-000000000000-512.webp', '/api/v1/uploads/..%2F..%2Fetc%2Fpasswd', '/api/v1/uploads/profile/x.txt']) {
      const res = await call(t.server, 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it("removes the old picture's files when a new one is uploaded", async () => {
    const me = await signedIn(t.server, t.knex);
    const first = await uploadFile(me.token, await pngWithGps());
    const second = await uploadFile(me.token, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).jpeg().toBuffer(), 'b.jpg', 'image/jpeg');
    expect(second.status).toBe(201);
    expect(await storage().read(first.body.path)).toBeNull();
    expect(await storage().read(first.body.path.replace('-512.webp', '-128.webp'))).toBeNull();
    expect(await storage().read(second.body.path)).not.toBeNull();
    expect((await call(t.server, 'GET', first.body.url)).status).toBe(404);
  });

  it("sets a provider's profile_picture_url too", async () => {
    const me = await signedIn(t.server, t.knex);
    await t.knex('providers').insert({ id: me.id, company_name: 'Plomería Boricua' });
    const res = await uploadFile(me.token, await pngWithGps());
    expect((await t.knex('providers').where({ id: me.id }).first()).profile_picture_url).toBe(res.body.url);
  });

  it('refuses a text file renamed .jpg with 415 file_type_not_supported, storing nothing', async () => {
    const me = await signedIn(t.server, t.knex);
    const before = fs.readdirSync(uploadsDir, { recursive: true }).length;
    const res = await uploadFile(me.token, Buffer.from('This is just text pretending to be a photo.\n'), 'vacation.jpg', 'image/jpeg');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'file_type_not_supported', status: 415 });
    expect(fs.readdirSync(uploadsDir, { recursive: true }).length).toBe(before);
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body.avatar_url).toBeNull();
  });

  it('refuses a file over 5 MB inside an allowed body with 413 file_too_large', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await uploadFile(me.token, Buffer.alloc(5 * 1024 * 1024 + 10_000, 1));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
  });

  it('refuses a 6 MB body with 413 file_too_large', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await uploadFile(me.token, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'file_too_large', status: 413 });
  });

  it('answers 413 file_too_large from the Content-Length alone, before the rest of a 6 MB body is sent', async () => {
    const me = await signedIn(t.server, t.knex);
    await t.server.start();
    const sentPart = multipart([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(64 * 1024, 7) }]).subarray(0, 64 * 1024);
    const answer = await answerBeforeBody(t.server.info.port as number, {
      path: '/api/v1/uploads/profile-image',
      token: me.token,
      declaredBytes: 6 * 1024 * 1024,
      firstBytes: sentPart,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'file_too_large', status: 413 });
  });

  it('cuts a chunked body (no Content-Length) at the limit with 413 file_too_large', async () => {
    const me = await signedIn(t.server, t.knex);
    await t.server.start();
    const body = multipart([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 3) }]);
    const answer = await chunkedUpload(t.server.info.port as number, '/api/v1/uploads/profile-image', me.token, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'file_too_large' });
  });

  it('never answers 5xx to malformed multipart bodies, and every refusal is {error, status, code}', async () => {
    const me = await signedIn(t.server, t.knex);
    const png = await pngWithGps();
    const type = `multipart/form-data; boundary=${boundary}`;
    const bodies: [string, Buffer | string, string][] = [
      ['no end boundary', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`, type],
      ['garbage', 'this is not multipart at all', type],
      ['empty body', '', type],
      ['only the end boundary', `--${boundary}--\r\n`, type],
      ['no boundary parameter', multipart([{ name: 'file', filename: 'a.png', data: png }]), 'multipart/form-data'],
      ['another boundary', multipart([{ name: 'file', filename: 'a.png', data: png }]), 'multipart/form-data; boundary=other'],
      ['part without a name', `--${boundary}\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\nabc\r\n--${boundary}--\r\n`, type],
      ['no disposition', `--${boundary}\r\nContent-Type: image/png\r\n\r\nabc\r\n--${boundary}--\r\n`, type],
      ['huge part header', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(200_000)}"\r\n\r\nabc\r\n--${boundary}--\r\n`, type],
      ['two files', multipart([{ name: 'file', filename: 'a.png', data: png }, { name: 'file', filename: 'b.png', data: png }]), type],
      ['an extra field', multipart([{ name: 'file', filename: 'a.png', data: png }, { name: 'is_admin', data: 'true' }]), type],
      ['empty file', multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) }]), type],
      ['file as a text field', multipart([{ name: 'file', data: 'hello' }]), type],
      ['truncated PNG', multipart([{ name: 'file', filename: 'a.png', data: png.subarray(0, 200) }]), type],
      ['SVG with script', multipart([{ name: 'file', filename: 'a.svg', contentType: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]), type],
      ['HTML named .png', multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: '<html><script>alert(1)</script></html>' }]), type],
      ['NUL bytes in names', multipart([{ name: 'fi\u0000le', filename: 'a\u0000.png', data: png }]), type],
      ['path in filename', multipart([{ name: 'file', filename: '../../../etc/passwd', data: png }]), type],
    ];
    const problems: string[] = [];
    for (const [label, body, contentType] of bodies) {
      const res = await upload(me.token, Buffer.from(body), contentType);
      const shaped = typeof res.body === 'object' && res.body?.status === res.status && typeof res.body?.code === 'string';
      if (res.status >= 500 || (res.status >= 400 && !shaped)) problems.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status < 400 && !['an extra field', 'path in filename'].includes(label)) problems.push(`${label}: accepted with ${res.status}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a request without a file, a JSON body, and an anonymous upload', async () => {
    const me = await signedIn(t.server, t.knex);
    const noFile = await upload(me.token, multipart([{ name: 'other', data: 'x' }]));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ code: 'validation_failed', details: { file: 'required' } });
    const json = await upload(me.token, Buffer.from('{"file":"x"}'), 'application/json');
    expect(json.status).toBe(415);
    const anonymous = await uploadFile(undefined as unknown as string, await pngWithGps());
    expect(anonymous.status).toBe(401);
  });

  it('is published in the OpenAPI document with the phone and email-change routes', async () => {
    const res = await call(t.server, 'GET', '/api/v1/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    for (const [route, method] of [
      ['/uploads/profile-image', 'post'],
      ['/uploads/{path*}', 'get'],
      ['/phone/send-verification', 'post'],
      ['/phone/verify', 'post'],
      ['/phone/verification-status', 'get'],
      ['/auth/email-change', 'post'],
    ]) {
      expect(paths[route!]?.[method!], `${method} ${route}`).toBeTruthy();
    }
  });
});
