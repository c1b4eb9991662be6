import { intlLocale, type Job, type Locale } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { signIn } from './support/accounts.ts';
import { otherLanguage, translator } from './support/texts.ts';
import {
  addDays,
  apiOf,
  atWallClock,
  bookThroughApi,
  freshClient,
  freshProvider,
  moveServerClockTo,
  outboxFor,
  providerZone,
  runBackgroundJob,
  serverNow,
  statusBadge,
  wallClock,
  watchLiveSocket,
  type Person,
} from './jobs-helpers.ts';

// Issue 5, acceptance 3: the background jobs on the controllable clock. A job booked two days
// ahead and accepted: 23 hours before it, job-reminders emails both people, each in their own
// language with the job's local time. A request nobody answered: once its time has passed,
// job-expiry expires it, and the client's appointment screen, open all along, says so by itself.

const hourMs = 3_600_000;

/** The job's start as the reminder words it (api/src/modules/jobs/notices/texts.ts formatWhen). */
function localWhen(start: string, lng: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[lng], { timeZone: providerZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(start));
}

/** The 24-hour reminder of `job` in `person`'s outbox, read as the person reads it. */
async function expectReminder(request: Parameters<typeof outboxFor>[0], person: Person, job: Job, party: 'client' | 'provider') {
  const tr = translator(person.lng);
  await expect
    .poll(async () => (await outboxFor(request, person.email)).find((message) => message.subject === tr('email:job_reminder.subject', { title: job.title })), {
      message: `a reminder for ${person.email} in ${person.lng}`,
    })
    .toBeTruthy();
  const reminders = (await outboxFor(request, person.email)).filter((message) => message.subject === tr('email:job_reminder.subject', { title: job.title }));
  expect(reminders, 'one reminder, sent once').toHaveLength(1);
  const [reminder] = reminders;
  expect(reminder!.channel).toBe('email');
  expect(reminder!.body).toContain(tr('email:job_reminder_what.24h'));
  expect(reminder!.body).toContain(localWhen(job.scheduled_start, person.lng));
  expect(reminder!.links.map((link) => new URL(link).pathname)).toContain(`/${party}/jobs/${job.id}`);
}

test('reminder 23 hours before a job in each person’s language; an unanswered request expires on the open screen', async ({ page, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  // The provider speaks the other language: each reminder must follow its reader.
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, otherLanguage(lng)), freshClient(request, testInfo, lng)]);
  const titles = lng === 'es' ? ['Cambiar el calentador', 'Revisar la cisterna'] : ['Replace the water heater', 'Check the cistern'];

  const inTwoDays = addDays(wallClock(await serverNow(request)).date, 2);
  const booked = await bookThroughApi(request, client, provider, atWallClock(inTwoDays, '10:00'), titles[0]!);
  const accepted = await apiOf(request, provider).expectOk<Job>('PATCH', `/jobs/${booked.id}`, { action: 'accept', estimated_hours: 1 });
  expect(accepted.status).toBe('upcoming');
  const unanswered = await bookThroughApi(request, client, provider, atWallClock(inTwoDays, '14:00'), titles[1]!);
  expect(unanswered.status).toBe('pending');

  // The client keeps the unanswered request open.
  await signIn(page, t, client);
  const live = watchLiveSocket(page);
  await page.goto(`/client/jobs/${unanswered.id}`);
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
  await live();
  const details = page.getByRole('region', { name: t('client-jobs:detail.service_title'), exact: true });
  await expect(statusBadge(details, t, 'pending')).toBeVisible();
  // Two days ahead, nothing is due yet.
  await runBackgroundJob(request, 'job-reminders');
  expect(await outboxFor(request, client.email), 'no reminder before its time').not.toContainEqual(
    expect.objectContaining({ subject: t('email:job_reminder.subject', { title: titles[0]! }) }),
  );

  // The worker's server clock moves on (it is this journey's alone): 23 hours before the job.
  await moveServerClockTo(request, new Date(new Date(accepted.scheduled_start).getTime() - 23 * hourMs));
  await runBackgroundJob(request, 'job-reminders');
  await expectReminder(request, client, accepted, 'client');
  await expectReminder(request, provider, accepted, 'provider');
  // The request is not due yet: it stays pending.
  await expect(statusBadge(details, t, 'pending')).toBeVisible();

  await moveServerClockTo(request, new Date(new Date(unanswered.scheduled_start).getTime() + 60_000));
  await runBackgroundJob(request, 'job-expiry');
  await expect(statusBadge(details, t, 'expired')).toBeVisible();

  // The booked job, accepted, was never expired: only the unanswered request was.
  expect((await apiOf(request, client).expectOk<Job>('GET', `/jobs/${accepted.id}`)).status).toBe('upcoming');
});
