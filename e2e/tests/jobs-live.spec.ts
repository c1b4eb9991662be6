import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { anyValues, expectNotReloaded, markLoaded } from './support/live-page.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';
import {
  apiOf,
  bookThroughApi,
  freshClient,
  freshProvider,
  serverNow,
  signedInPage,
  statusBadge,
  wallClock,
  watchLiveSocket,
  type FreshProvider,
} from './jobs-helpers.ts';

// Issue 5, acceptance 3: two people at once, each in their own browser. The client books a fresh
// provider's free time (the one first chosen goes meanwhile: refused by name, fresh times offered);
// the provider's dashboard, already open, shows the request without a reload; the provider
// proposes another time of the same day; the client's appointment, already open, shows the
// proposal and accepts it; the provider sees it upcoming, starts it and ends it, and the client's
// screen follows each step as it happens.

/**
 * The client's steps on /providers/{id}/book: service, title, duration, today, a free time, place,
 * description. The time first chosen is taken meanwhile (`takeSlot`): the form names the refusal,
 * offers fresh free times without it, and the next one books.
 */
/** The custom address the client books at: in San Juan, the municipality the provider sees before acceptance. */
const address = 'Calle Cristo 101, Viejo San Juan';

async function bookToday(page: Page, t: Translate, provider: FreshProvider, title: string, takeSlot: (start: Date) => Promise<unknown>): Promise<string> {
  // From here on the client moves within the app: this load's live socket serves every later step.
  const live = watchLiveSocket(page);
  await page.goto(`/providers/${provider.id}`);
  await expect(page.getByRole('heading', { level: 1, name: provider.companyName })).toBeVisible({ timeout: 20_000 });
  await live();
  await page.getByRole('link', { name: t('providers:card.book'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('booking:title', { name: provider.companyName }) })).toBeVisible();

  await page.getByLabel(t('booking:service'), { exact: true }).selectOption({ label: provider.category.name });
  await page.getByLabel(t('booking:job_title'), { exact: true }).fill(title);
  await page.getByLabel(t('booking:duration'), { exact: true }).fill('1');
  // The first day offered is the provider's today; open all day, it has free times left.
  const today = page.getByRole('group', { name: t('booking:days_label'), exact: true }).getByRole('radio').first();
  await expect(today).toBeEnabled();
  // The day pills hide their radio under the label's text, which is what a person clicks.
  await today.check({ force: true });
  const slots = page.getByRole('group', { name: anyValues(t('booking:slots_for')) }).getByRole('radio');
  await expect(slots.first()).toBeVisible();
  // Two hours ahead (free times every half hour): far from expiring while the journey runs.
  const chosen = slots.nth(4);
  const gone = (await chosen.getAttribute('value'))!;
  await chosen.check();
  await page.getByRole('radio', { name: t('jobs:location.client_location'), exact: true }).check();
  await page.getByLabel(t('booking:address'), { exact: true }).fill(address);
  await page.getByLabel(t('booking:description'), { exact: true }).fill(t('booking:description_hint'));
  const submit = page.getByRole('button', { name: t('booking:submit'), exact: true });

  await takeSlot(new Date(gone));
  await submit.click();
  const problem = page.getByRole('alert').filter({ hasText: t('errors:slot_already_booked') });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(t('booking:fresh_slots'));
  await expect(slots.first()).toBeVisible();
  // The taken time leaves the offered ones with the alert, before they are read again (the ui's own test times it).
  await expect.poll(() => slots.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value)), { message: 'the taken time is no longer offered' }).not.toContain(gone);
  await slots.nth(4).check();
  await submit.click();

  await expect(page).toHaveURL(/\/client\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: t('client-jobs:detail.now.pending', { provider: provider.companyName }) })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('booking to completion, live on both sides: a time taken meanwhile, request, proposal, acceptance, start and end', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  // The one rate (issue 27): the public rate prices the job once it is agreed.
  await apiOf(request, provider).expectOk('PATCH', '/providers/me', { rate: { amount_cents: 6500, unit: 'hour', from: false } });
  const [providerPage, clientPage] = await Promise.all([signedInPage(browser, t, provider), signedInPage(browser, t, client)]);
  const title = lng === 'es' ? 'Fuga debajo del fregadero' : 'Leak under the sink';

  // The provider's dashboard is open, its live socket signed in, before anything is booked.
  const providerLive = watchLiveSocket(providerPage);
  await providerPage.goto('/provider/home');
  await providerLive();
  const requests = providerPage.getByRole('region', { name: t('provider-jobs:dashboard.requests'), exact: true });
  await expect(requests.getByText(t('provider-jobs:dashboard.requests_empty'), { exact: true })).toBeVisible();
  await markLoaded(providerPage);

  const journey = async (today: string) => {
    // The same time, taken through the api while the client fills the form (their own other request).
    const takeSlot = (start: Date) => bookThroughApi(request, client, provider, start, lng === 'es' ? 'Revisar la presión' : 'Check the pressure');
    const jobId = await bookToday(clientPage, t, provider, title, takeSlot);
    const clientDetails = clientPage.getByRole('region', { name: t('client-jobs:detail.service_title'), exact: true });
    await expect(statusBadge(clientDetails, t, 'pending')).toBeVisible();
    await markLoaded(clientPage);

    // The request appears on the provider's dashboard by itself.
    const newRequest = requests.getByRole('link', { name: new RegExp(escapeRegExp(title)) });
    await expect(newRequest).toBeVisible();
    await expectNotReloaded(providerPage);
    await newRequest.click();
    await expect(providerPage).toHaveURL(`/provider/jobs/${jobId}`);
    await expect(providerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(statusBadge(providerPage, t, 'pending')).toBeVisible();
    // Before acceptance the provider sees where only by municipality (issue 12).
    const where = providerPage.getByRole('region', { name: t('provider-jobs:place.title'), exact: true });
    await expect(where.getByText(t('provider-jobs:place.municipality', { municipality: 'San Juan' }), { exact: true })).toBeVisible();
    await expect(providerPage.getByText(address)).toHaveCount(0);
    await markLoaded(providerPage);

    // The provider proposes a later time of the same day, picked from the free times offered.
    await providerPage.getByRole('button', { name: t('jobs:action.propose_schedule'), exact: true }).click();
    await providerPage.getByLabel(t('provider-jobs:form.date'), { exact: true }).fill(today);
    const freeTimes = providerPage.getByRole('group', { name: t('provider-jobs:availability.slots_title'), exact: true }).getByRole('button');
    await expect(freeTimes.first()).toBeVisible();
    // The day's last free time: hours after the booked one (the journey starts at 08:00).
    await freeTimes.last().click();
    await expect(freeTimes.last()).toHaveAttribute('aria-pressed', 'true');
    await providerPage.getByRole('button', { name: t('provider-jobs:propose.submit'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'schedule_change_pending')).toBeVisible();

    // The client's open appointment shows the proposal, old time against new, and accepts it.
    const proposal = clientPage.getByRole('region', { name: t('client-jobs:detail.proposal_title'), exact: true });
    await expect(proposal).toBeVisible();
    await expect(statusBadge(clientDetails, t, 'schedule_change_pending')).toBeVisible();
    await expectNotReloaded(clientPage);
    await proposal.getByRole('button', { name: t('jobs:action.accept_schedule'), exact: true }).click();
    await expect(statusBadge(clientDetails, t, 'upcoming')).toBeVisible();
    await expect(proposal).toBeHidden();
    // Agreed: the job has its estimated price, at the rate of this moment.
    await expect(clientDetails.getByText(t('jobs:price.estimate'), { exact: true })).toBeVisible();
    // The words follow the status: confirmed now, no "the provider will confirm" (issue 12).
    await expect(clientPage.getByText(t('client-jobs:detail.now.upcoming', { provider: provider.companyName }), { exact: true })).toBeVisible();
    await expect(clientPage.getByText(t('client-jobs:detail.now.pending', { provider: provider.companyName }), { exact: true })).toHaveCount(0);

    // The provider's screen turns upcoming by itself; the job is today, so it can start.
    await expect(statusBadge(providerPage, t, 'upcoming')).toBeVisible();
    // Agreed: the provider now sees the address to go to, with its map link, without a reload.
    await expect(where.getByText(address, { exact: true })).toBeVisible();
    await expect(where.getByRole('link', { name: t('provider-jobs:place.map_label', { address }) })).toBeVisible();
    await expectNotReloaded(providerPage);
    await providerPage.getByRole('button', { name: t('jobs:action.start'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'in_progress')).toBeVisible();
    await expect(providerPage.getByRole('region', { name: t('provider-jobs:tracking.title'), exact: true }).getByRole('timer')).toBeVisible();

    await expect(statusBadge(clientDetails, t, 'in_progress')).toBeVisible();
    await expect(clientDetails.getByText(t('client-jobs:detail.elapsed'), { exact: true })).toBeVisible();

    await providerPage.getByRole('button', { name: t('jobs:action.end'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'completed')).toBeVisible();
    await expect(statusBadge(clientDetails, t, 'completed')).toBeVisible();
    // Ended: the total replaces the estimate, and the job still shows one duration.
    await expect(clientDetails.getByText(t('jobs:price.total'), { exact: true })).toBeVisible();
    await expect(clientDetails.getByText(t('jobs:price.estimate'), { exact: true })).toHaveCount(0);
    await expect(clientDetails.getByText(t('client-jobs:detail.duration'), { exact: true })).toHaveCount(1);
    await expectNotReloaded(clientPage);
    await expectNotReloaded(providerPage);
  };

  try {
    // The journey starts on the run's morning (fixtures.ts): the provider's day has room for a
    // booking about an hour ahead and a later proposal, whatever the hour of the run.
    await journey(wallClock(await serverNow(request)).date);
  } finally {
    await Promise.all([providerPage.context().close(), clientPage.context().close()]);
  }
});
