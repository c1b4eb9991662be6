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
  // The legend's swatch of a status is the colour of its events.
  const filters = page.getByRole('group', { name: t('provider-jobs:calendar.filters') });
  const swatch = filters.locator('label', { hasText: t('jobs:status.pending') }).locator('.calendar-filter__swatch');
  expect(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(pendingColour);
  await page.context().close();
});
