import { test, expect } from './support/fixtures.ts';
import { addDays, apiOf, atWallClock, bookThroughApi, freshClient, freshProvider, serverNow, signedInPage, wallClock } from './jobs-helpers.ts';

/** The calendar's first view on this device (ui/src/features/provider-console/preferences-dialog.tsx). */
const calendarViewKey = 'resuelve.provider.calendar-view';

// Issue 12: every event was FullCalendar's blue whatever its status, and times were 24-hour in
// Spanish and without AM/PM in English. A pending request and an accepted job on one day must look
// different and read their times the way the rest of the app does.
test('the calendar colours a job by its status and writes its times with a. m. / p. m.', async ({ browser, request, lng, t }, testInfo) => {
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  const now = await serverNow(request);
  const day = addDays(wallClock(now).date, 1);
  await bookThroughApi(request, client, provider, atWallClock(day, '09:00'), 'Revisar calentador');
  const accepted = await bookThroughApi(request, client, provider, atWallClock(day, '14:00'), 'Cambiar llave de paso');
  await apiOf(request, provider).expectOk('PATCH', `/jobs/${accepted.id}`, { action: 'accept', estimated_hours: 1 });

  const page = await signedInPage(browser, t, provider);
  // The browser's today is the server's (signedInPage sets its clock), in the day grid.
  await page.evaluate((key) => localStorage.setItem(key, 'timeGridDay'), calendarViewKey);
  await page.goto('/provider/calendar');
  await page.getByRole('button', { name: t('provider-jobs:calendar.fc.next_hint.day') }).click();

  const pendingEvent = page.getByRole('link', { name: /Revisar calentador/ });
  const acceptedEvent = page.getByRole('link', { name: /Cambiar llave de paso/ });
  await expect(pendingEvent).toBeVisible();
  await expect(acceptedEvent).toBeVisible();
  const colour = (event: typeof pendingEvent) => event.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [pendingColour, acceptedColour] = [await colour(pendingEvent), await colour(acceptedEvent)];
  expect(pendingColour).not.toBe(acceptedColour);
  // FullCalendar's own blue (#3788d8) is on neither.
  expect([pendingColour, acceptedColour]).not.toContain('rgb(55, 136, 216)');

  const morning = lng === 'es' ? /9:00\s–\s10:00\sa\.\sm\./ : /9:00\s–\s10:00\sAM/;
  const afternoon = lng === 'es' ? /2:00\s–\s3:00\sp\.\sm\./ : /2:00\s–\s3:00\sPM/;
  await expect(pendingEvent).toHaveText(morning);
  await expect(acceptedEvent).toHaveText(afternoon);
  // The rows of the grid are labelled by the hour in the same 12-hour style.
  await expect(page.getByText(lng === 'es' ? /^1\sp\.\sm\.$/ : /^1\sPM$/).first()).toBeVisible();
  // The legend's mark of a status family is the colour of its events.
  const filters = page.getByRole('group', { name: t('provider-jobs:calendar.filters') });
  const mark = filters.locator('label', { hasText: t('provider-jobs:calendar.families.waiting') }).locator('[data-status-mark]');
  expect(await mark.evaluate((element) => getComputedStyle(element).color)).toBe(pendingColour);
  await page.context().close();
});

// Issue 27: on a phone the stats and a ten-checkbox legend pushed the grid ~520 px down, month
// titles broke letter by letter ('Plom/ería') and every visit logged FullCalendar's "Unknown
// option `buttonText`". The phone opens on the agenda, with the stats and the legend behind
// "Filtros"; a month cell lists a job on one line.
test('on a phone the calendar opens on the agenda, with stats and legend behind Filtros, and month titles on one line', async ({ browser, request, lng, t }, testInfo) => {
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  const now = await serverNow(request);
  const day = addDays(wallClock(now).date, 1);
  await bookThroughApi(request, client, provider, atWallClock(day, '10:00'), 'Plomería de emergencia en el baño principal');

  const page = await signedInPage(browser, t, provider);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('FullCalendar')) warnings.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/provider/calendar');

  // The agenda of the week, first on the screen.
  const views = page.getByRole('tablist', { name: t('provider-jobs:calendar.fc.change_view') });
  await expect(views.getByRole('tab', { selected: true })).toHaveText(t('provider-jobs:calendar.views.listWeek'));
  const event = page.getByRole('link', { name: /Plomería de emergencia/ });
  await expect(event).toBeVisible();
  expect((await event.boundingBox())!.y).toBeLessThan(600);
  await expect(event).toContainText(t('jobs:status.pending'));

  // The stats and the legend wait behind one button, which opens them and counts hidden families.
  const legend = page.getByRole('group', { name: t('provider-jobs:calendar.filters') });
  await expect(legend).toBeHidden();
  const filters = page.getByRole('button', { name: t('provider-jobs:calendar.filters_toggle'), exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(legend).toBeVisible();
  await expect(page.getByLabel(t('provider-jobs:dashboard.stats'))).toBeVisible();
  await expect(legend.getByRole('checkbox')).toHaveCount(5);
  // The URL keeps the filter, so the box follows once the address has changed: click, then wait for it.
  const waiting = legend.getByRole('checkbox', { name: t('provider-jobs:calendar.families.waiting') });
  await waiting.click();
  await expect(waiting).not.toBeChecked();
  await expect(event).toBeHidden();
  await expect(page.getByRole('button', { name: t('provider-jobs:calendar.filters_toggle_hidden', { count: 1 }) })).toHaveAttribute('aria-expanded', 'true');
  await waiting.click();
  await expect(waiting).toBeChecked();

  // The month: the job on one line (mark and title cut short), never broken between letters.
  await views.getByRole('tab', { name: new RegExp(t('provider-jobs:calendar.views.dayGridMonth'), 'i') }).click();
  const inMonth = page.getByRole('link', { name: /Plomería de emergencia/ });
  await expect(inMonth).toBeVisible();
  const title = inMonth.locator('.job-event__title');
  const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.3);
  // One line (a second would double the height); a box a pixel or two taller than its line is still one.
  expect((await title.boundingBox())!.height).toBeLessThan(lineHeight * 1.6);
  await expect(inMonth.locator('[data-status-mark="waiting"]')).toBeVisible();

  expect(warnings).toEqual([]);
  await page.context().close();
});
