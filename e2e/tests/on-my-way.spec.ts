import type { Job } from '@resuelve/contract';
import { bilingual, test, expect } from './support/fixtures.ts';
import { expectNotReloaded, markLoaded } from './support/live-page.ts';
import { escapeRegExp } from './support/texts.ts';
import { signIn } from './support/accounts.ts';
import { apiOf, bookThroughApi, freshClient, freshProvider, outboxFor, serverNow, signedInPage, watchLiveSocket } from './jobs-helpers.ts';

// Issue 30, acceptance 2 ("on my way"): on an accepted job's day the provider taps "On my way" with
// an arrival; the client's job page, already open, shows it without a reload, and the client is
// told by email in their language. After acceptance the same page offers WhatsApp with the
// provider's number (the api gives it to the job's client only).

const shots = process.env.ONWAY_SHOTS_DIR;

test("the provider's \"on my way\" reaches the client's open job page live, and WhatsApp is offered", bilingual, async ({ browser, page, request, lng, t }, testInfo) => {
  test.setTimeout(90_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const providerApi = apiOf(request, provider);
  await providerApi.expectOk('PUT', '/providers/me/whatsapp', { number: '787 555 0123' });

  // A request for later today, accepted: the job's day is today.
  const now = await serverNow(request);
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil(now.getTime() / quarter) * quarter + 4 * quarter);
  const title = lng === 'es' ? 'Reparar la tubería del baño' : 'Fix the bathroom pipe';
  const job = await bookThroughApi(request, client, provider, start, title);
  await providerApi.expectOk<Job>('PATCH', `/jobs/${job.id}`, { action: 'accept', estimated_hours: 1 });

  // The client's job page is open, its live socket signed in.
  const clientPage = await signedInPage(browser, t, client);
  const providerPage = page;
  try {
    const clientLive = watchLiveSocket(clientPage);
    await clientPage.goto(`/client/jobs/${job.id}`);
    await clientLive();
    await expect(clientPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await markLoaded(clientPage);
    const whatsapp = clientPage.getByRole('link', { name: t('on-my-way:whatsapp.button'), exact: true });
    await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/17875550123\\?text=.*${escapeRegExp(encodeURIComponent(title))}`));

    // The provider, signed in on their own browser, taps "On my way": arriving in 30 minutes.
    await signIn(providerPage, t, provider);
    await providerPage.goto(`/provider/jobs/${job.id}`);
    await providerPage.getByRole('button', { name: t('jobs:action.on_my_way'), exact: true }).click();
    const form = providerPage.getByRole('form', { name: t('on-my-way:form.title') });
    await form.getByText(t('on-my-way:form.choice', { count: 30 }), { exact: true }).click();
    if (shots) await providerPage.screenshot({ path: `${shots}/provider-form-${lng}-desktop.png` });
    await form.getByRole('button', { name: t('on-my-way:form.submit'), exact: true }).click();
    await expect(providerPage.getByText(new RegExp(escapeRegExp(t('on-my-way:provider_note', { time: '§' })).replace('§', '.+')))).toBeVisible();

    // The client's page shows it by itself.
    const onTheWay = clientPage.getByRole('status').filter({ hasText: t('on-my-way:client.title', { provider: provider.companyName }) });
    await expect(onTheWay).toBeVisible();
    await expect(onTheWay).toContainText(t('on-my-way:client.arrival', { time: '' }).trim());
    await expectNotReloaded(clientPage);

    // And the client is told by email, in their language.
    const told = escapeRegExp(t('email:job_what.on_my_way', { name: provider.companyName, arrival: '§' })).replace('§', '.+');
    await expect.poll(async () => (await outboxFor(request, client.email)).some((mail) => new RegExp(told).test(mail.body)), { timeout: 15_000 }).toBe(true);

    if (shots) {
      await clientPage.screenshot({ path: `${shots}/client-job-${lng}-desktop.png`, fullPage: true });
      await clientPage.setViewportSize({ width: 390, height: 844 });
      await clientPage.screenshot({ path: `${shots}/client-job-${lng}-phone.png`, fullPage: true });
      await providerPage.setViewportSize({ width: 390, height: 844 });
      await providerPage.screenshot({ path: `${shots}/provider-job-${lng}-phone.png`, fullPage: true });
      await providerPage.goto('/settings');
      const section = providerPage.getByRole('region', { name: t('on-my-way:settings.title') });
      await section.scrollIntoViewIfNeeded();
      await providerPage.screenshot({ path: `${shots}/settings-whatsapp-${lng}-phone.png` });
    }
  } finally {
    await clientPage.context().close();
  }
});
