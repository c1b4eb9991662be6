import type { Locator, Page } from '@playwright/test';
import type { Job } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { expectNotReloaded, markLoaded } from './support/live-page.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';
import { apiOf, bookThroughApi, freshClient, freshProvider, outboxFor, serverNow, signedInPage, watchLiveSocket } from './jobs-helpers.ts';

// Issue 30, acceptance 2 (two-way SMS): a client who hears of their jobs by text gets the text of
// the provider's acceptance; replying to it (from the development outbox page, through the SMS
// gateway's webhook) puts the reply in that job's conversation, and the provider's open messages
// show it without a reload.

const shots = process.env.SMS_SHOTS_DIR;

/** The outbox's card of the newest text to `to` that links to `path`. */
function textCard(page: Page, t: Translate, path: string): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByText(t('system:dev.outbox.channel.sms'), { exact: true }) })
    .filter({ hasText: path })
    .first();
}

test('a reply to a job text, sent from the outbox page, appears live in the provider\'s conversation', async ({ browser, page, request, lng, t }, testInfo) => {
  test.setTimeout(90_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const clientApi = apiOf(request, client);
  await clientApi.expectOk('PATCH', '/profiles/me/client', { preferred_contact: 'sms' });
  const { phone_number: digits } = await clientApi.expectOk<{ phone_number: string }>('GET', '/phone/verification-status');
  const providerPage = await signedInPage(browser, t, provider);

  try {
    // The client's request, accepted: the acceptance is texted to the client with the job's link.
    // Two days ahead: no reminder (24 and 2 hours before) is texted while the journey runs, so the
    // acceptance is the one text of this job in the outbox, and its card the one replied from.
    const now = await serverNow(request);
    const quarter = 15 * 60_000;
    const start = new Date(Math.ceil(now.getTime() / quarter) * quarter + 2 * 24 * 60 * 60_000);
    const title = lng === 'es' ? 'Revisar el calentador' : 'Check the water heater';
    const job = await bookThroughApi(request, client, provider, start, title);
    await apiOf(request, provider).expectOk<Job>('PATCH', `/jobs/${job.id}`, { action: 'accept', estimated_hours: 1 });
    await expect.poll(async () => (await outboxFor(request, `+${digits}`)).filter((sms) => sms.body.includes(`/client/jobs/${job.id}`)).length, { timeout: 15_000 }).toBe(1);

    // The provider's messages are open, the live socket signed in, before the client replies.
    const providerLive = watchLiveSocket(providerPage);
    await providerPage.goto('/messages');
    await providerLive();
    await expect(providerPage.getByRole('heading', { name: t('messages:list.empty_title') })).toBeVisible();
    await markLoaded(providerPage);

    // The client replies to the text, from the outbox page.
    await page.goto(`/dev/outbox?to=${encodeURIComponent(`+${digits}`)}`);
    const card = textCard(page, t, `/client/jobs/${job.id}`);
    await expect(card).toBeVisible();
    const reply = card.getByRole('form', { name: t('system:dev.outbox.reply.title', { to: `+${digits}` }) });
    const text = lng === 'es' ? 'Perfecto, ¿puede traer la pieza del termostato?' : 'Great, can you bring the thermostat part?';
    await reply.getByLabel(t('system:dev.outbox.reply.label'), { exact: true }).fill(text);
    await reply.getByRole('button', { name: t('system:dev.outbox.reply.send'), exact: true }).click();
    await expect(reply.getByRole('status')).toHaveText(t('system:dev.outbox.reply.outcome.replied'));
    if (shots) {
      await reply.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/outbox-reply-${lng}-desktop.png` });
    }

    // The provider's list shows it by itself; the conversation is the job's, the message the client's.
    const row = providerPage.getByRole('region', { name: t('messages:list.label') }).getByRole('link', { name: new RegExp(escapeRegExp(lng === 'es' ? 'Marisol' : 'Megan')) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(text);
    await expectNotReloaded(providerPage);
    await row.click();
    const chat = providerPage.getByRole('log');
    await expect(chat.getByText(text, { exact: true })).toBeVisible();
    if (shots) {
      await providerPage.screenshot({ path: `${shots}/provider-conversation-${lng}-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await reply.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/outbox-reply-${lng}-phone.png` });
    }
  } finally {
    await providerPage.context().close();
  }
});
