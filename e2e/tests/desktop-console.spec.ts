import { test, expect, serverTimeNow } from './support/fixtures.ts';
import { bridgeRecord, clickNotification, openConsole, sampleJob } from './desktop-harness.ts';
import { bookThroughApi, freshClient, freshProvider, serverNow, watchLiveSocket } from './jobs-helpers.ts';
import { submitSignIn, signInForm } from './support/accounts.ts';

// Issue 14: the provider console's renderer (its production build) in Chromium, with a fake preload
// bridge that records what the main process would be asked. A request arrives → the bridge is
// asked for a native notification with the request's route → "clicking" it opens the request.
// Offline → the week's jobs still shown from the store → an action queued → online → sent once.

test.describe.configure({ timeout: 120_000 });

// The console's files are served by the harness (page.route), which Chromium counts as a public
// address; its Local Network Access checks would then refuse the live socket to localhost. In
// Electron the page is app://console and the api is wherever the provider's server is.
test.use({
  launchOptions: {
    ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-features=LocalNetworkAccessChecks'],
  },
});

test('a new request asks the desktop for a notification that opens the request', async ({ page, request, lng, t }, testInfo) => {
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);

  // The provider's first look at their requests is asked before the client books and answers only
  // after the booking's event has arrived (a slow line): that older answer must not be what the
  // tray counts. The first such request is held; any later one goes through.
  let releaseFirstLook!: () => void;
  const booked = new Promise<void>((resolve) => (releaseFirstLook = resolve));
  let firstLookAsked = false;
  const requestsList = (url: URL) => url.pathname === '/api/v1/jobs' && url.searchParams.get('role') === 'provider' && url.searchParams.get('status') === 'pending,modification_requested';
  await page.route(requestsList, async (route) => {
    if (firstLookAsked) return route.continue();
    firstLookAsked = true;
    const response = await route.fetch();
    await booked;
    // The console may have given up on this answer (asked again): then it has no one to reach.
    await route.fulfill({ response }).catch(() => undefined);
  });

  // The console's live socket opens once signed in; what happens after must reach the page through it.
  const live = watchLiveSocket(page, 30_000);
  await openConsole(page, { hash: '/auth' });
  await submitSignIn(page, t, provider);
  await expect(signInForm(page, t).heading).toBeHidden();
  // Signed in through the bridge: the main process, not the page, would keep the refresh token.
  expect((await bridgeRecord(page)).calls.map((call) => call.channel)).toContain('session:sign-in');

  // The provider's console, with its live socket subscribed and its first look at the requests on
  // its way, then a client books.
  await live();
  await expect.poll(() => firstLookAsked).toBe(true);
  const start = new Date((await serverNow(request)).getTime() + 3 * 24 * 60 * 60 * 1000);
  start.setUTCHours(15, 0, 0, 0);
  const title = lng === 'es' ? 'Fuga debajo del fregadero' : 'Leak under the sink';
  const job = await bookThroughApi(request, client, provider, start, title);

  const path = `/provider/jobs/${job.id}`;
  await expect.poll(async () => (await bridgeRecord(page)).calls.filter((call) => call.channel === 'notify:show').map((call) => call.payload)).toContainEqual({
    kind: 'request',
    title: t('common:live.new_request_title'),
    body: t('common:live.new_request_body'),
    path,
  });
  // The first look answers now, with what it found before the booking; the tray and dock still
  // hear of the waiting request.
  releaseFirstLook();
  await expect.poll(async () => (await bridgeRecord(page)).calls.filter((call) => call.channel === 'badge:set').at(-1)?.payload).toEqual({ pendingRequests: 1, unreadMessages: 0 });

  // The person clicks the notification: the main process brings the window forward on that path.
  await clickNotification(page, path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#${path}`);
});

test('offline, the week’s jobs come from the store; an action taken then is sent once on reconnect', async ({ page, context, lng, t }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const job = sampleJob();
  const savedAt = new Date(serverTimeNow().getTime() - 25 * 60 * 1000).toISOString();
  await openConsole(page, { hash: '/provider/home', snapshot: { jobs: [job], saved_at: savedAt } });
  await expect(signInForm(page, t).heading).toBeVisible();

  // The power comes back but not the internet: the console says so and leads to the saved jobs.
  await context.setOffline(true);
  // One banner, the shared ui's, leads to the console's saved jobs (decision 0029).
  await expect(page.getByText(t('common:offline.banner_offline'))).toBeVisible();
  await page.getByRole('link', { name: t('common:offline.saved_jobs_link') }).click();

  await expect(page.getByRole('heading', { level: 1, name: t('desktop:offline.title') })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('desktop:offline.offline') })).toBeVisible();
  const lastUpdated = new Intl.DateTimeFormat(lng === 'es' ? 'es-PR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(savedAt));
  await expect(page.getByText(t('desktop:offline.last_updated', { time: lastUpdated }))).toBeVisible();
  // Quotes are never queued: the saved-jobs screen says so (issue 28).
  await expect(page.getByText(t('desktop:offline.quotes_note'))).toBeVisible();
  const card = page.getByRole('article', { name: job.title });
  await expect(card.getByRole('heading', { name: job.title })).toBeVisible();
  await expect(card.getByText(job.client.name)).toBeVisible();
  await expect(card.getByRole('link', { name: job.client.phone! })).toHaveAttribute('href', `tel:${job.client.phone}`);
  await expect(card.getByText(job.location_address!)).toBeVisible();
  await page.screenshot({ path: `/work/shots/desktop/offline-view-${lng}-1280.png`, fullPage: true });

  // Started while offline, and a note for the client: both wait, in order.
  await card.getByRole('button', { name: t('desktop:offline.start'), exact: true }).click();
  await expect(card.getByText(t('desktop:offline.queued_start'))).toBeVisible();
  const note = lng === 'es' ? 'Llegué; el portón estaba cerrado.' : 'I am here; the gate was locked.';
  await card.getByLabel(t('desktop:offline.add_note')).fill(note);
  await card.getByRole('button', { name: t('desktop:offline.send_note') }).click();
  const queue = page.getByRole('region', { name: t('desktop:offline.queue_title') });
  const waiting = queue.getByRole('listitem');
  await expect(waiting).toHaveCount(2);
  await expect(waiting.nth(0)).toContainText(t('desktop:offline.action.start', { title: job.title }));
  await expect(waiting.nth(1)).toContainText(t('desktop:offline.action.note', { title: job.title, text: note }));
  await expect(waiting.nth(0)).toContainText(t('desktop:offline.waiting'));
  await page.screenshot({ path: `/work/shots/desktop/offline-queue-${lng}-1280.png`, fullPage: true });
  expect((await bridgeRecord(page)).sent).toEqual([]);

  // The connection returns: the console asks the main process to send; each action goes once.
  await context.setOffline(false);
  await expect(queue.getByText(t('desktop:offline.queue_empty'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('desktop:offline.online') })).toBeVisible();
  // A second reconnection (the network flaps) sends nothing again.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(async () => (await bridgeRecord(page)).calls.filter((call) => call.channel === 'offline:flush').length).toBeGreaterThanOrEqual(2);
  const { sent } = await bridgeRecord(page);
  expect(sent.map((action) => [action.kind, action.job_id, action.text ?? null])).toEqual([
    ['start', job.id, null],
    ['note', job.id, note],
  ]);
  expect(new Set(sent.map((action) => action.idempotency_key)).size).toBe(2);
});
