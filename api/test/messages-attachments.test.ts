/**
 * Attachments (POST /messages/upload): images judged by content and re-encoded without metadata,
 * PDF by its signature, 413 file_too_large before a large body is read, 415 for anything else,
 * and the files served only to the conversation's two participants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newConversation, newProvider, tokenFor } from './factories.ts';
import { answerBeforeBody, chunkedUpload, multipart, multipartType, type Part } from './multipart.ts';

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-attachments-'));
// A real port too: the size refusal is proven on a raw connection that never sends the whole body.
const t = useTestServer({ UPLOADS_DIR: uploadsDir, PORT: '0', HOST: '127.0.0.1' });

afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

const mb = 1024 * 1024;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '66/1 6/1 0/1' } })
    .toBuffer();
}

async function freshConversation() {
  const providerId = await newProvider(t.knex);
  const clientId = await newClient(t.knex);
  const conversationId = await newConversation(t.knex, { clientId, providerId });
  return { providerId, clientId, conversationId, clientToken: tokenFor(t, clientId), providerToken: tokenFor(t, providerId, true) };
}

function upload(token: string, conversationId: string, file: Omit<Part, 'name'>, text?: string, headers: Record<string, string> = {}) {
  const parts: Part[] = [{ name: 'conversation_id', data: conversationId }, { name: 'file', ...file }];
  if (text !== undefined) parts.push({ name: 'text', data: text });
  return call(t.server, 'POST', '/api/v1/messages/upload', { token, raw: multipart(parts) as unknown as string, headers: { 'content-type': multipartType, ...headers } });
}

const storedFiles = () => (fs.existsSync(path.join(uploadsDir, 'private')) ? fs.readdirSync(path.join(uploadsDir, 'private'), { recursive: true }).filter((f) => /\.(webp|pdf)$/.test(String(f))) : []);

describe('sending a file', () => {
  it('re-encodes a photo as WebP without its GPS metadata, and sends it with its words to both sides', async () => {
    const c = await freshConversation();
    const res = await upload(c.providerToken, c.conversationId, { filename: 'cocina/../foto\u0007 nueva.jpg', contentType: 'image/jpeg', data: await jpegWithGps() }, 'Así quedó');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ text: 'Así quedó', sender_id: c.providerId, attachment: { name: 'foto nueva.webp', content_type: 'image/webp', url: expect.stringMatching(/^\/api\/v1\/messages\/\d+\/attachment\?expires=\d+&signature=/) } });
    const file = await call(t.server, 'GET', res.body.attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const bytes = Buffer.from(file.raw, 'binary');
    expect(res.body.attachment.size).toBeGreaterThan(0);
    const stored = fs.readFileSync(path.join(uploadsDir, storedFiles().map(String).find((f) => f.endsWith('.webp'))!.replace(/^/, 'private/')));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 1200, undefined]);
    expect(bytes.length).toBeGreaterThan(0);
    const page = await call(t.server, 'GET', `/api/v1/conversations/${c.conversationId}/messages`, { token: c.clientToken });
    expect(page.body.items[0].attachment.content_type).toBe('image/webp');
  });

  it('keeps a PDF as sent, judged by its signature whatever its name', async () => {
    const c = await freshConversation();
    const res = await upload(c.clientToken, c.conversationId, { filename: 'estimado', contentType: 'application/octet-stream', data: pdf });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ text: '', attachment: { name: 'estimado.pdf', size: pdf.length, content_type: 'application/pdf' } });
    const file = await call(t.server, 'GET', res.body.attachment.url);
    expect([file.status, file.headers['content-type'], file.raw]).toEqual([200, 'application/pdf', pdf.toString()]);
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''estimado.pdf");
  });

  it('refuses anything else with 415 file_type_not_supported, whatever it claims to be', async () => {
    const c = await freshConversation();
    for (const file of [
      { filename: 'notas.txt', contentType: 'text/plain', data: 'hola' },
      { filename: 'foto.png', contentType: 'image/png', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
      { filename: 'x.pdf', contentType: 'application/pdf', data: Buffer.from('MZ\x90\x00 not a pdf') },
    ]) {
      const res = await upload(c.clientToken, c.conversationId, file);
      expect([res.status, res.body.code], file.filename).toEqual([415, 'file_type_not_supported']);
    }
    const empty = await upload(c.clientToken, c.conversationId, { filename: 'vacío.png', contentType: 'image/png', data: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(await t.knex('messages').where({ conversation_id: c.conversationId })).toHaveLength(0);
  });

  it('answers 413 file_too_large for a file over 25 MB, and from the Content-Length before the body is sent', async () => {
    const c = await freshConversation();
    const big = await upload(c.clientToken, c.conversationId, { filename: 'grande.pdf', contentType: 'application/pdf', data: Buffer.concat([pdf, Buffer.alloc(25 * mb, 1)]) });
    expect([big.status, big.body.code]).toEqual([413, 'file_too_large']);
    await t.server.start();
    const early = await answerBeforeBody(t.server.info.port as number, {
      path: '/api/v1/messages/upload',
      token: c.clientToken,
      declaredBytes: 40 * mb,
      firstBytes: multipart([{ name: 'conversation_id', data: c.conversationId }, { name: 'file', filename: 'a.pdf', data: Buffer.alloc(32 * 1024, 1) }]).subarray(0, 32 * 1024),
    });
    expect([early.status, early.body.code]).toEqual([413, 'file_too_large']);
    const chunked = await chunkedUpload(
      t.server.info.port as number,
      '/api/v1/messages/upload',
      c.clientToken,
      multipart([{ name: 'conversation_id', data: c.conversationId }, { name: 'file', filename: 'a.pdf', data: Buffer.alloc(26 * mb, 2) }]),
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({ code: 'file_too_large' });
  });

  it('stores nothing for a stranger (404) or in a blocked conversation (403), and one message per Idempotency-Key', async () => {
    const c = await freshConversation();
    const before = storedFiles().length;
    const strangerToken = tokenFor(t, await newClient(t.knex));
    expect((await upload(strangerToken, c.conversationId, { filename: 'a.pdf', data: pdf })).status).toBe(404);
    await call(t.server, 'PATCH', `/api/v1/conversations/${c.conversationId}`, { token: c.providerToken, body: { status: 'blocked' } });
    const blocked = await upload(c.clientToken, c.conversationId, { filename: 'a.pdf', data: pdf });
    expect([blocked.status, blocked.body.code]).toEqual([403, 'conversation_blocked']);
    expect(storedFiles().length).toBe(before);
    await call(t.server, 'PATCH', `/api/v1/conversations/${c.conversationId}`, { token: c.providerToken, body: { status: 'active' } });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await upload(c.clientToken, c.conversationId, { filename: 'a.pdf', data: pdf }, 'copia', headers);
    const retry = await upload(c.clientToken, c.conversationId, { filename: 'a.pdf', data: pdf }, 'copia', headers);
    expect([first.status, retry.status, retry.body.id]).toEqual([201, 201, first.body.id]);
    expect(storedFiles().length).toBe(before + 1);
  });
});

describe('who sees a file', () => {
  it('serves it to the signed address and to the two participants only, never by the public file route', async () => {
    const c = await freshConversation();
    const sent = (await upload(c.clientToken, c.conversationId, { filename: 'plano.pdf', data: pdf })).body;
    const plain = `/api/v1/messages/${sent.id}/attachment`;
    expect((await call(t.server, 'GET', plain, { token: c.providerToken })).status).toBe(200);
    expect((await call(t.server, 'GET', plain, { token: c.clientToken })).status).toBe(200);
    expect((await call(t.server, 'GET', plain)).status).toBe(404);
    const stranger = await call(t.server, 'GET', plain, { token: tokenFor(t, await newClient(t.knex)) });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'message_not_found']);
    const forged = sent.attachment.url.replace(/signature=.{4}/, 'signature=AAAA');
    expect((await call(t.server, 'GET', forged)).status).toBe(404);
    const expired = sent.attachment.url.replace(/expires=\d+/, 'expires=1000');
    expect((await call(t.server, 'GET', expired)).status).toBe(404);
    const key = (await t.knex('messages').where({ id: sent.id }).first('attachment_path')).attachment_path as string;
    expect(key.startsWith('private/messages/')).toBe(true);
    expect((await call(t.server, 'GET', `/api/v1/uploads/${key}`)).status).toBe(404);
  });

  it('removes the file when its message is deleted, leaving the trace', async () => {
    const c = await freshConversation();
    const sent = (await upload(c.clientToken, c.conversationId, { filename: 'plano.pdf', data: pdf })).body;
    const key = (await t.knex('messages').where({ id: sent.id }).first('attachment_path')).attachment_path as string;
    expect(fs.existsSync(path.join(uploadsDir, key))).toBe(true);
    const trace = await call(t.server, 'DELETE', `/api/v1/messages/${sent.id}`, { token: c.clientToken });
    expect(trace.body).toMatchObject({ attachment: null, deleted_at: expect.any(String) });
    expect(fs.existsSync(path.join(uploadsDir, key))).toBe(false);
    expect((await call(t.server, 'GET', sent.attachment.url)).status).toBe(404);
  });
});
