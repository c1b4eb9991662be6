/**
 * Once per run, before any worker starts (decision 0045): the PostgreSQL the journeys use
 * (TEST_DATABASE_URL's server, else an embedded one), a template database migrated and loaded with
 * the demo island, one private copy of the web build and of the console's renderer, and the
 * Puerto Rico morning every journey starts on. Each worker then clones the template for a server
 * of its own (tests/support/journey-server.ts). What it made goes in the teardown it returns.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import type { EmbeddedDatabase } from '../api/src/db/embedded.ts';
import { newestSource } from '../scripts/build-web.mjs';
import { journeyMorning } from './tests/support/morning.ts';

/** The console's production renderer (desktop/out/renderer), built when older than its sources. */
function consoleRenderer(): string {
  const desktopDir = path.join(repoRoot, 'desktop');
  const built = path.join(desktopDir, 'out', 'renderer', 'index.html');
  const sources = newestSource([path.join(desktopDir, 'src'), path.join(repoRoot, 'ui', 'src'), path.join(repoRoot, 'contract', 'src'), path.join(repoRoot, 'locales')]);
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
    console.log('Building the desktop console for its journeys…');
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: desktopDir, stdio: 'pipe' });
  }
  return path.join(desktopDir, 'out', 'renderer');
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-'));
  // PostgreSQL runs as its own user when embedded under root: it must be able to enter this folder.
  fs.chmodSync(scratch, 0o755);

  let embedded: EmbeddedDatabase | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const { startEmbeddedPostgres } = await import('../api/src/db/embedded.ts');
    embedded = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), persistent: false, durable: false });
    adminUrl = embedded.url('postgres');
  }

  // The believable island the search journeys look through (the same data `npm start` loads first),
  // made here, or already made by `npm test` while vitest ran (E2E_PREPARED_TEMPLATE, on
  // TEST_DATABASE_URL's server; its maker drops it).
  const prepared = embedded ? undefined : process.env.E2E_PREPARED_TEMPLATE;
  const template = prepared ?? `rs_e2e_${runId}_tpl`;
  const admin = createKnex(adminUrl, { poolMax: 1 });
  if (!prepared) {
    // Imported only here: it loads the whole api (the seed stores photos through its storage).
    const { createJourneyTemplate } = await import('./journey-template.ts');
    await createJourneyTemplate(adminUrl, template);
  }

  // Private copies, so a rebuild elsewhere in the checkout (it empties web/dist first) cannot pull
  // the pages from under a running journey; the server render sits beside the pages (decision 0034).
  const web = path.join(scratch, 'web');
  fs.cpSync(path.join(repoRoot, 'web', 'dist'), path.join(web, 'dist'), { recursive: true });
  fs.cpSync(path.join(repoRoot, 'web', 'dist-server'), path.join(web, 'dist-server'), { recursive: true });
  const consoleCopy = path.join(scratch, 'console');
  fs.cpSync(consoleRenderer(), consoleCopy, { recursive: true });

  const morning = journeyMorning(new Date());
  Object.assign(process.env, {
    E2E_ADMIN_URL: adminUrl,
    E2E_TEMPLATE_DATABASE: template,
    E2E_RUN_ID: runId,
    E2E_WEB_DIST: path.join(web, 'dist'),
    E2E_CONSOLE_DIR: consoleCopy,
    E2E_MORNING: morning.toISOString(),
  });
  console.log(`Journeys' template database ${prepared ? `${template} (made ahead by npm test) and the rest ` : ''}ready in ${((Date.now() - started) / 1000).toFixed(1)} s; every journey starts at ${morning.toISOString()} (08:00 in Puerto Rico)`);

  return async () => {
    const { rows } = await admin.raw<{ rows: { datname: string }[] }>('SELECT datname FROM pg_database WHERE datname LIKE ?', [`rs_e2e_${runId}%`]);
    for (const { datname } of rows) await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [datname]);
    await admin.destroy();
    await embedded?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
