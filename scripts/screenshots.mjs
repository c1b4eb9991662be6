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
const demo = { client: 'cliente@demo.resuelve.pr', provider: 'proveedor@demo.resuelve.pr', admin: 'admin@demo.resuelve.pr' };
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

/** The first item's id of one of the api's pages (a job, a conversation), or null when there is none. */
async function firstId(context, session, path) {
  const answer = await context.request.get(`${base}${path}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  const { items } = await answer.json();
  return items[0]?.id ?? null;
}

/**
 * A pending request of the demo client to the demo provider, quoted once through the api (issue 28):
 * three lines, so the client's quote card and the provider's read-only one have something to show.
 * Answers the job's id, or null when the demo has no such request.
 */
async function quotedRequest(provider, providerSession, providerId, client, clientSession) {
  const headers = (session) => ({ Authorization: `Bearer ${session.access_token}` });
  const answer = await client.request.get(`${base}/api/v1/jobs?role=client&status=pending`, { headers: headers(clientSession) });
  const job = ((await answer.json()).items ?? []).find((item) => item.provider_id === providerId);
  if (!job) return null;
  if (job.quote) return job.id;
  const validUntil = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const lines = [
    { kind: 'labour_hourly', description: 'Mano de obra', quantity: 2, unit_price_cents: 6500, tax_rate: 'standard' },
    { kind: 'material', description: 'Llave de fregadero', quantity: 1, unit_price_cents: 8990, tax_rate: 'standard' },
    { kind: 'other', description: 'Cargo por viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' },
  ];
  const sent = await provider.request.post(`${base}/api/v1/jobs/${job.id}/quote`, { headers: headers(providerSession), data: { lines, hours: 2, valid_until: validUntil, note: null } });
  return sent.ok() ? job.id : null;
}

/** A fresh account, signed up through the api in `language` and verified from its emailed link (the verify-email screen). */
async function newcomer(context, language, size) {
  const email = `shots-${language}-${size}-${Date.now().toString(36)}@example.com`;
  const signedUp = await context.request.post(`${base}/api/v1/auth/signup`, { data: { email, password, locale: language } });
  if (!signedUp.ok()) throw new Error(`sign-up ${email}: ${signedUp.status()} ${await signedUp.text()}`);
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const outbox = await (await context.request.get(`${base}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const link = outbox.items.flatMap((message) => message.links).find((href) => new URL(href).pathname === '/verify-email');
    if (link) return { email, link: new URL(link).pathname + new URL(link).search };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification link for ${email}`);
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
        const admin = await newContext();
        const clientSession = await signIn(client, demo.client);
        const providerSession = await signIn(provider, demo.provider);
        const adminSession = await signIn(admin, demo.admin);
        // A signed-in person's saved language wins over the device's (SPEC.md §1).
        await setLanguage(client, clientSession.access_token, language);
        await setLanguage(provider, providerSession.access_token, language);
        await setLanguage(admin, adminSession.access_token, language);
        const providerId = providerSession.user.id;
        const clientJob = await firstId(client, clientSession, '/api/v1/jobs?role=client&status=completed');
        const providerJob = await firstId(provider, providerSession, '/api/v1/jobs?role=provider&status=upcoming,pending,completed');
        const conversation = await firstId(client, clientSession, '/api/v1/conversations');
        // Last week's demo job ended with a draft bill (issue 28): its total to confirm, its receipt.
        const endedJob = await firstId(provider, providerSession, '/api/v1/jobs?role=provider&status=completed');
        // A request to quote (the editor open) and one quoted (the card on both sides), issue 28.
        const pendingJob = await firstId(provider, providerSession, '/api/v1/jobs?role=provider&status=pending');
        const quotedJob = await quotedRequest(provider, providerSession, providerId, client, clientSession);

        const visitorPage = await visitor.newPage();
        const clientPage = await client.newPage();
        const providerPage = await provider.newPage();
        const adminPage = await admin.newPage();
        // Every screen a person reaches (the onboarding steps are photographed by their journeys' accounts).
        const shots = [
          [visitorPage, '/', '01-landing'],
          [visitorPage, '/providers', '02-search'],
          [visitorPage, '/providers?q=plomeria', '02-search-plumbing'],
          [visitorPage, `/providers/${providerId}`, '03-profile'],
          [visitorPage, '/auth', '12-sign-in'],
          [visitorPage, '/auth?mode=signup', '12-sign-up'],
          [visitorPage, '/auth/reset-password', '12-reset-password'],
          [visitorPage, '/terms', '13-terms'],
          [visitorPage, '/privacy', '13-privacy'],
          [visitorPage, '/no-such-page', '14-not-found'],
          [clientPage, `/providers/${providerId}/book`, '04-booking'],
          [clientPage, '/client/home', '05-client-home'],
          [clientPage, '/client/my-appointments', '05-client-appointments'],
          [clientPage, '/client/history', '05-client-history'],
          [clientPage, '/client/reviews', '05-client-reviews'],
          ...(clientJob ? [[clientPage, `/client/jobs/${clientJob}`, '05-client-job']] : []),
          [providerPage, '/provider/home', '06-provider-dashboard'],
          [providerPage, '/provider/calendar', '07-calendar'],
          ...(providerJob ? [[providerPage, `/provider/jobs/${providerJob}`, '06-provider-job']] : []),
          [providerPage, '/provider/settings', '06-provider-settings'],
          // The owner's cancellation policy tab (issue 28).
          [providerPage, `/providers/${providerId}?edit=cancellation`, '06-provider-cancellation-policy'],
          ...(endedJob ? [[providerPage, `/provider/jobs/${endedJob}`, '18-bill-confirm']] : []),
          ...(clientJob ? [[clientPage, `/client/jobs/${clientJob}/receipt`, '18-receipt']] : []),
          ...(pendingJob ? [[providerPage, `/provider/jobs/${pendingJob}?quote=new`, '19-quote-editor']] : []),
          ...(quotedJob ? [[clientPage, `/client/jobs/${quotedJob}`, '19-quote-card'], [providerPage, `/provider/jobs/${quotedJob}`, '19-quote-provider']] : []),
          [providerPage, '/provider/verification', '06-provider-verification'],
          [clientPage, '/client/profile', '08-client-profile'],
          [clientPage, '/settings', '09-settings'],
          [clientPage, '/messages', '10-messages'],
          ...(conversation ? [[clientPage, `/messages/${conversation}`, '10-messages-thread']] : []),
          [providerPage, '/messages', '10-messages-provider'],
          [providerPage, '/provider/portfolio', '11-portfolio'],
          [adminPage, '/admin', '15-admin-overview'],
          [adminPage, '/admin/verification', '15-admin-verification'],
          [adminPage, '/admin/waitlist', '15-admin-waitlist'],
          [adminPage, '/admin/logs', '15-admin-logs'],
          [adminPage, '/admin/payments', '15-admin-payments'],
          [adminPage, '/admin/accounts', '15-admin-accounts'],
          [visitorPage, '/dev/outbox', '16-dev-outbox'],
          [visitorPage, '/dev/design', '16-dev-design'],
        ];
        for (const [page, path, name] of shots) {
          if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
          const file = await shoot(page, path, name, size, language);
          console.log(`  ${file.slice(root.length + 1)}`);
        }
        // A newcomer: the emailed link's screen, then onboarding's first step.
        if (only.length === 0 || only.some((word) => 'onboarding'.includes(word) || 'verify-email'.includes(word))) {
          const fresh = await newContext();
          const { email, link } = await newcomer(fresh, language, size);
          const freshPage = await fresh.newPage();
          for (const [path, name] of [[link, '17-verify-email'], ['/onboarding', '17-onboarding']]) {
            if (name.endsWith('onboarding')) await signIn(fresh, email);
            const file = await shoot(freshPage, path, name, size, language);
            console.log(`  ${file.slice(root.length + 1)}`);
          }
          await fresh.close();
        }
        await Promise.all([visitor.close(), client.close(), provider.close(), admin.close()]);
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
