/**
 * The portfolio's speed (bench/README.md), on a database of its own:
 *   npx tsx bench/portfolio.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench_portfolio
 * 1. A 10 MB JPEG (4400 × 3300, made on the spot) stored in every size: the upload service from
 *    bytes to every WebP and JPEG width written and its row saved, several times; then once through
 *    HTTP (multipart POST /uploads/project-image on the running server).
 * 2. A provider with 10 projects of 10 photos: GET /providers/{id}/projects over 50 keep-alive
 *    connections (visitors, each from its own loopback address; their answers are kept 10 s),
 *    then at one connection, then for a signed-in client (the kept answer, their likes marked), and the
 *    machine's floor at that moment: GET /health under the same load.
 * 3. 500 clients each like one project at once (500 connections): the count must be exactly 500,
 *    as must the like rows; then all 500 take it back at once: 0.
 * Figures are printed, never asserted. The server runs as in production (answers not re-validated).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createKnex } from '../api/src/db/knex.ts';
import { FolderStorage } from '../api/src/lib/storage.ts';
import { saveProjectImages } from '../api/src/modules/uploads/service/project-images.ts';
import { start } from '../api/src/server.ts';
import { newClient, newProject, newProvider, tokenFor } from '../api/test/factories.ts';
import { multipart, multipartType } from '../api/test/multipart.ts';
import { largeJpeg } from '../api/test/photos.ts';
import { benchConfig, ensureDatabase, ms, report, sendLoad, statusLine } from './measure.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench_portfolio' },
    'photo-runs': { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '5000' },
    likers: { type: 'string', default: '500' },
  },
});

const databaseUrl = values['database-url']!;
const connections = Number(values.connections);
const likers = Number(values.likers);

await ensureDatabase(databaseUrl);
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-bench-portfolio-'));
const config = benchConfig(databaseUrl, { UPLOADS_DIR: uploadsDir });
const knex = createKnex(databaseUrl, { poolMax: connections });
const server = await start(config, { knex }, { backgroundJobs: false });
const port = server.info.port as number;
console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}; node ${process.version}; ${os.cpus().length} CPUs; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);

try {
  // 1. A 10 MB photo in every size.
  const owner = await newProvider(knex);
  const photo = await largeJpeg();
  console.log(`\nPhoto: JPEG ${(photo.length / 1024 / 1024).toFixed(2)} MB (${photo.length} bytes), 4400 x 3300`);
  const storage = new FolderStorage(uploadsDir);
  const env = { db: knex, storage, now: new Date(), onCleanupError: (error: unknown) => console.error(error) };
  const times: number[] = [];
  let stored = null;
  for (let run = 0; run < Number(values['photo-runs']); run += 1) {
    const began = performance.now();
    [stored] = await saveProjectImages(env, owner, [photo]);
    times.push(performance.now() - began);
  }
  report('10 MB photo stored in every size (service)', times);
  const files = stored!.widths.flatMap((width) => [`${stored!.path}-${width}.webp`, `${stored!.path}-${width}.jpg`]);
  console.log(`  -> widths ${stored!.widths.join(', ')} as WebP and JPEG: ${files.map((key) => `${path.basename(key)} ${(fs.statSync(path.join(uploadsDir, key)).size / 1024).toFixed(0)} kB`).join(', ')}; placeholder ${stored!.placeholder.length} characters`);
  const body = multipart([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: photo }]);
  const httpBegan = performance.now();
  const answer = await fetch(`http://127.0.0.1:${port}/api/v1/uploads/project-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenFor({ config }, owner, true)}`, 'content-type': multipartType },
    body: new Uint8Array(body),
  });
  console.log(`10 MB photo through HTTP (multipart POST /uploads/project-image): ${answer.status} in ${ms(performance.now() - httpBegan)}`);

  // 2. A profile with 10 projects of 10 photos.
  const provider = await newProvider(knex);
  for (let i = 0; i < 10; i += 1) await newProject(knex, { providerId: provider, title: `Proyecto ${i + 1}`, photos: 10, likes: i, views: 10 * i });
  const gallery = `/api/v1/providers/${provider}/projects`;
  const check = await (await fetch(`http://127.0.0.1:${port}${gallery}`)).json() as { items: { images: unknown[] }[] };
  console.log(`\nGET ${gallery}\n  -> ${check.items.length} projects, ${check.items.reduce((n, p) => n + p.images.length, 0)} photos`);
  await sendLoad(port, Array.from({ length: 500 }, () => ({ path: gallery })), connections); // warm-up
  const load = await sendLoad(port, Array.from({ length: Number(values.requests) }, () => ({ path: gallery })), connections);
  report(`provider's projects, ${connections} connections`, load.samples, load.seconds);
  console.log(`  answers: ${statusLine(load.statuses)}`);
  const alone = await sendLoad(port, Array.from({ length: 500 }, () => ({ path: gallery })), 1);
  report(`provider's projects, 1 connection`, alone.samples, alone.seconds);
  // The same gallery made afresh for every request (no kept answers): the work the cache hides.
  const uncachedServer = await start(benchConfig(databaseUrl, { UPLOADS_DIR: uploadsDir, SEARCH_CACHE_SECONDS: '0' }), { knex }, { backgroundJobs: false });
  try {
    const uncachedPort = uncachedServer.info.port as number;
    await sendLoad(uncachedPort, Array.from({ length: 200 }, () => ({ path: gallery })), connections); // warm-up
    const uncached = await sendLoad(uncachedPort, Array.from({ length: Number(values.requests) }, () => ({ path: gallery })), connections);
    report(`provider's projects made afresh each time (SEARCH_CACHE_SECONDS=0), ${connections} connections`, uncached.samples, uncached.seconds);
    const uncachedAlone = await sendLoad(uncachedPort, Array.from({ length: 500 }, () => ({ path: gallery })), 1);
    report(`provider's projects made afresh each time, 1 connection`, uncachedAlone.samples, uncachedAlone.seconds);
  } finally {
    await uncachedServer.stop();
  }
  const signedIn = { authorization: `Bearer ${tokenFor({ config }, await newClient(knex))}` };
  const fresh = await sendLoad(port, Array.from({ length: 1000 }, () => ({ path: gallery, headers: signedIn })), connections);
  report(`provider's projects for a signed-in client (their likes marked), ${connections} connections`, fresh.samples, fresh.seconds);
  // The floor of this machine at this moment: the cheapest route under the same load.
  const floor = await sendLoad(port, Array.from({ length: Number(values.requests) }, () => ({ path: '/api/v1/health' })), connections);
  report(`floor: GET /api/v1/health, ${connections} connections`, floor.samples, floor.seconds);

  // 3. 500 likes at once on one project by 500 clients.
  const project = await newProject(knex, { providerId: provider, title: 'Likes' });
  const clients: string[] = [];
  for (let i = 0; i < likers; i += 1) clients.push(await newClient(knex));
  const likes = clients.map((client) => ({ path: `/api/v1/projects/${project}/like`, method: 'POST', headers: { authorization: `Bearer ${tokenFor({ config }, client)}` } }));
  const liked = await sendLoad(port, likes, likers);
  const after = await knex('projects').where({ id: project }).first('likes');
  const rows = await knex('project_likes').where({ project_id: project }).count<{ n: number }[]>('* as n');
  report(`\n${likers} clients like one project at once, ${likers} connections`, liked.samples, liked.seconds);
  console.log(`  answers: ${statusLine(liked.statuses)}; projects.likes = ${after.likes}; like rows = ${Number(rows[0]!.n)} (expected ${likers})`);
  const unliked = await sendLoad(port, likes, likers);
  const cleared = await knex('projects').where({ id: project }).first('likes');
  console.log(`  taken back at once: ${statusLine(unliked.statuses)}; projects.likes = ${cleared.likes} (expected 0)`);
} finally {
  await server.stop();
  await knex.destroy();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
}
