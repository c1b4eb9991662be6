// `npm run screenshots`: every main screen at phone (390×844) and desktop (1280×800) size, in
// Spanish and English, as PNGs in screenshots/, so anyone can look at the whole product in a minute.
// It builds the web app when stale and runs the journeys' server (e2e/serve.ts: a fresh database on
// TEST_DATABASE_URL's server or an embedded PostgreSQL, with the demo data), then drops it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildWebIfStale } from './build-web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.SCREENSHOTS_DIR ?? join(root, 'screenshots');
// SCREENSHOTS_ONLY=calendar,booking takes only the screens whose name holds one of the words;
// SCREENSHOTS_LANGUAGES=es the one language (a helper looking at its own screens).
const only = process.env.SCREENSHOTS_ONLY?.split(',').filter(Boolean) ?? [];
const port = Number(process.env.SCREENSHOTS_PORT ?? 3155);
const base = `http://localhost:${port}`;
const password = 'Demo#2026pr';
const demo = { client: 'cliente@demo.resuelve.pr', provider: 'proveedor@demo.resuelve.pr' };
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const languages = process.env.SCREENSHOTS_LANGUAGES?.split(',') ?? ['es', 'en'];

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path) => path && existsSync(path));
}

async function waitForHealth(server, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}); see above`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no server on ${base} after ${timeoutMs / 1000} s`);
}

/** The journeys' server on its own port; its output is shown only if it fails. */
function startServer() {
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'e2e', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
  return { server, stop, log: () => log };
}

/** Signs in through the api (the browser context keeps the refresh cookie) and answers the session. */
async function signIn(context, email) {
  const answer = await context.request.post(`${base}/api/v1/auth/signin`, { data: { email, password } });
  if (!answer.ok()) throw new Error(`sign-in as ${email}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

async function setLanguage(context, token, language) {
  const answer = await context.request.patch(`${base}/api/v1/profiles/me`, {
    data: { language },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!answer.ok()) throw new Error(`language ${language}: ${answer.status()} ${await answer.text()}`);
}

/** Waits until the page is drawn: no loading screen, no progress bar, no "busy" region, fonts in. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading-screen, [role="progressbar"]'), null, { timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function shoot(page, path, name, size, language) {
  await page.goto(`${base}${path}`);
  await settle(page);
  // A full-page picture would draw the phone's fixed bottom bar in the middle of the page: pin it to the page's end.
  await page.addStyleTag({ content: '.app-shell { position: relative; } .bottombar { position: absolute !important; }' });
  const file = join(outDir, `${name}-${size}-${language}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

async function main() {
  buildWebIfStale();
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH');
  // A server already on the port would be photographed instead of a fresh one.
  if (await fetch(`${base}/api/v1/health`).then(() => true, () => false)) {
    throw new Error(`something already answers on port ${port}: stop it or set SCREENSHOTS_PORT`);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const { server, stop, log } = startServer();
  const started = Date.now();
  let browser;
  try {
    await waitForHealth(server);
    console.log(`server ready in ${Math.round((Date.now() - started) / 1000)} s on ${base}`);
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    for (const language of languages) {
      for (const [size, viewport] of Object.entries(sizes)) {
        const newContext = async () => {
          const context = await browser.newContext({ viewport, locale: language === 'es' ? 'es-PR' : 'en-US' });
          await context.addInitScript((lng) => localStorage.setItem('resuelve.preferences', JSON.stringify({ language: lng })), language);
          return context;
        };
        const visitor = await newContext();
        const client = await newContext();
        const provider = await newContext();
        const clientSession = await signIn(client, demo.client);
        const providerSession = await signIn(provider, demo.provider);
        // A signed-in person's saved language wins over the device's (SPEC.md §1).
        await setLanguage(client, clientSession.access_token, language);
        await setLanguage(provider, providerSession.access_token, language);
        const providerId = providerSession.user.id;

        const visitorPage = await visitor.newPage();
        const clientPage = await client.newPage();
        const providerPage = await provider.newPage();
        const shots = [
          [visitorPage, '/', '01-landing'],
          [visitorPage, '/providers', '02-search'],
          [visitorPage, `/providers/${providerId}`, '03-profile'],
          [clientPage, `/providers/${providerId}/book`, '04-booking'],
          [clientPage, '/client/home', '05-client-home'],
          [providerPage, '/provider/home', '06-provider-dashboard'],
          [providerPage, '/provider/calendar', '07-calendar'],
          [clientPage, '/client/profile', '08-client-profile'],
          [clientPage, '/settings', '09-settings'],
          [clientPage, '/messages', '10-messages'],
          [providerPage, '/provider/portfolio', '11-portfolio'],
        ];
        for (const [page, path, name] of shots) {
          if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
          const file = await shoot(page, path, name, size, language);
          console.log(`  ${file.slice(root.length + 1)}`);
        }
        await Promise.all([visitor.close(), client.close(), provider.close()]);
      }
    }
    console.log(`${readdirSync(outDir).length} screenshots in ${outDir} (${Math.round((Date.now() - started) / 1000)} s)`);
  } catch (error) {
    console.error(log());
    throw error;
  } finally {
    await browser?.close();
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
