import type { Job } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { signIn } from './support/accounts.ts';
import { apiOf, atWallClock, bookThroughApi, freshClient, freshProvider, serverNow, statusBadge, wallClock } from './jobs-helpers.ts';

// Issue 28, acceptance 2 (second part): a client cancels inside the provider's window and sees the
// fee before confirming. The provider's policy: free until 24 hours before, then $25. The job,
// booked and accepted through the api, starts six hours after the run's morning, so cancelling
// now is late; the dialog shows the amount, the client confirms it, and the job shows the fee.

test('a client cancels inside the window: the dialog shows the $25 fee before confirming, and the job records it', async ({ page, request, lng, t }, testInfo) => {
  test.setTimeout(90_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  await apiOf(request, provider).expectOk('PATCH', '/providers/me', {
    cancellation_policy: { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 0 },
  });
  const today = wallClock(await serverNow(request)).date;
  const title = lng === 'es' ? 'Reparar el inodoro' : 'Fix the toilet';
  const booked = await bookThroughApi(request, client, provider, atWallClock(today, '14:00'), title);
  await apiOf(request, provider).expectOk<Job>('PATCH', `/jobs/${booked.id}`, { action: 'accept', estimated_hours: 1 });

  await signIn(page, t, client);
  await page.goto(`/client/jobs/${booked.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: t('jobs:action.cancel'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(t('client-jobs:cancel_fee.fee', { fee: '$25' }))).toBeVisible();
  await expect(dialog.getByText(t('providers:cancellation.free_then_fixed', { hours: 24, fee: '$25' }))).toBeVisible();
  await dialog.getByRole('button', { name: t('client-jobs:cancel_fee.confirm_fee', { fee: '$25' }) }).click();

  const details = page.getByRole('region', { name: t('client-jobs:detail.service_title'), exact: true });
  await expect(statusBadge(details, t, 'cancelled_by_client')).toBeVisible();
  const fee = details.getByText(t('jobs:fee.late_cancellation'), { exact: true });
  await expect(fee).toBeVisible();
  await expect(details.locator('[data-job-fee] dd strong')).toHaveText('$25');
  const recorded = await apiOf(request, client).expectOk<Job>('GET', `/jobs/${booked.id}`);
  expect(recorded).toMatchObject({ status: 'cancelled_by_client', fee_cents: 2500, fee_kind: 'late_cancellation' });
});
