import type { Locator, Page } from '@playwright/test';
import { formatMoney, priceLines } from '@resuelve/contract';
import type { QuoteLineInput } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { anyValues, expectNotReloaded, markLoaded } from './support/live-page.ts';
import { moveServerClock } from './support/server-clock.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';
import { apiOf, bookThroughApi, freshClient, freshProvider, serverNow, signedInPage, statusBadge, watchLiveSocket } from './jobs-helpers.ts';

// Issue 28, acceptance 2 (first part): two people at once, each in their own browser. The client
// requests a job; the provider answers with a quote of three lines; the client counter-offers on
// one line; the provider revises it; the client accepts the new version; the job runs on its day
// and ends; the provider confirms the total; each side's open screen follows every step without a
// reload, to the total and the receipt.

/** A field of one line of the quote editor, by its label (each line's labels name the line too). */
function lineField(editor: Locator, t: Translate, number: number, label: string): Locator {
  return editor.getByRole('listitem', { name: t('quotes:editor.line', { number }), exact: true }).getByLabel(new RegExp(`^${escapeRegExp(label)}`));
}

/** Opens `path` and waits for its live socket, so what the other side does next must arrive through it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = watchLiveSocket(page);
  await page.goto(path);
  await live();
}

test('a quote from request to receipt, live on both sides: three lines, a counter-offer, a revision, acceptance, the job run and its total confirmed', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(180_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  await apiOf(request, provider).expectOk('PATCH', '/providers/me', { rate: { amount_cents: 6500, unit: 'hour', from: false } });
  const [providerPage, clientPage] = await Promise.all([signedInPage(browser, t, provider), signedInPage(browser, t, client)]);

  try {
    // The client's request: an hour of work today, from the next quarter hour but one.
    const now = await serverNow(request);
    const quarter = 15 * 60_000;
    const start = new Date(Math.ceil(now.getTime() / quarter) * quarter + 2 * quarter);
    const title = lng === 'es' ? 'Cambiar la llave del fregadero' : 'Replace the kitchen faucet';
    const job = await bookThroughApi(request, client, provider, start, title);

    await Promise.all([openLive(clientPage, `/client/jobs/${job.id}`), openLive(providerPage, `/provider/jobs/${job.id}`)]);
    const clientDetails = clientPage.getByRole('region', { name: t('client-jobs:detail.service_title'), exact: true });
    await expect(statusBadge(clientDetails, t, 'pending')).toBeVisible();
    await expect(clientPage.getByTestId('quote-card')).toHaveCount(0);
    await markLoaded(clientPage);

    // The provider quotes beside Accept: labour at their rate (prefilled), a part, an exempt trip fee.
    const actions = providerPage.getByRole('region', { name: t('provider-jobs:details.actions'), exact: true });
    await expect(actions.getByRole('button', { name: t('jobs:action.accept'), exact: true })).toBeVisible();
    await actions.getByRole('button', { name: t('quotes:editor.send'), exact: true }).click();
    const editor = providerPage.getByRole('form', { name: t('quotes:editor.title_new'), exact: true });
    await expect(lineField(editor, t, 1, t('quotes:editor.unit_price_hour'))).toHaveValue('65');
    const part = lng === 'es' ? 'Llave de fregadero' : 'Kitchen faucet';
    const trip = lng === 'es' ? 'Cargo por viaje' : 'Trip fee';
    await editor.getByRole('button', { name: t('quotes:editor.add_line'), exact: true }).click();
    await lineField(editor, t, 2, t('quotes:editor.description')).fill(part);
    await lineField(editor, t, 2, t('quotes:editor.unit_price')).fill('89.90');
    await editor.getByRole('button', { name: t('quotes:editor.add_line'), exact: true }).click();
    await lineField(editor, t, 3, t('quotes:editor.kind')).selectOption('other');
    await lineField(editor, t, 3, t('quotes:editor.description')).fill(trip);
    await lineField(editor, t, 3, t('quotes:editor.unit_price')).fill('25');
    await lineField(editor, t, 3, t('quotes:editor.tax_rate')).selectOption('exempt');
    const labour = { kind: 'labour_hourly', description: t('quotes:editor.default_labour'), quantity: 1, unit_price_cents: 6500, tax_rate: 'standard' } as const;
    const first: QuoteLineInput[] = [labour, { kind: 'material', description: part, quantity: 1, unit_price_cents: 8990, tax_rate: 'standard' }, { kind: 'other', description: trip, quantity: 1, unit_price_cents: 2500, tax_rate: 'exempt' }];
    const firstTotal = formatMoney(priceLines(first).total_cents, lng);
    await expect(editor.getByTestId('quote-totals')).toContainText(firstTotal);
    await editor.getByRole('button', { name: t('quotes:editor.send'), exact: true }).click();
    const providerCard = providerPage.getByTestId('quote-card');
    await expect(providerCard.getByText(t('quotes:card.state.sent_provider'), { exact: true })).toBeVisible();
    await markLoaded(providerPage);

    // The client's open page shows the quote by itself, and counter-offers on the trip fee.
    const clientCard = clientPage.getByTestId('quote-card');
    await expect(clientCard.getByTestId('quote-totals')).toContainText(firstTotal);
    await expect(clientCard.getByText(trip, { exact: true })).toBeVisible();
    await expectNotReloaded(clientPage);
    await clientCard.getByRole('button', { name: t('quotes:card.counter'), exact: true }).click();
    const counter = clientPage.getByRole('dialog', { name: t('quotes:counter.title'), exact: true });
    const ask = lng === 'es' ? 'Vivo a dos calles; ¿me rebajas el viaje?' : 'I live two blocks away; could you lower the trip fee?';
    await counter.getByLabel(t('quotes:counter.message'), { exact: true }).fill(ask);
    await counter.getByRole('checkbox', { name: anyValues(t('quotes:counter.line', { number: 3 })) }).check();
    await counter.getByRole('button', { name: t('quotes:counter.submit'), exact: true }).click();
    await expect(counter).toBeHidden();
    await expect(clientCard.getByText(t('quotes:card.state.countered_client'), { exact: true })).toBeVisible();

    // The provider sees the counter-offer marked, live, and revises the trip fee.
    await expect(providerCard.getByText(ask, { exact: true })).toBeVisible();
    await expect(providerCard.getByText(t('quotes:lines.questioned'), { exact: true })).toBeVisible();
    await expectNotReloaded(providerPage);
    await providerCard.getByRole('button', { name: t('quotes:card.revise'), exact: true }).click();
    const revision = providerPage.getByRole('form', { name: t('quotes:editor.title_revise', { number: 2 }), exact: true });
    await expect(revision.getByText(ask)).toBeVisible();
    await lineField(revision, t, 3, t('quotes:editor.unit_price')).fill('10');
    const second = [first[0]!, first[1]!, { ...first[2]!, unit_price_cents: 1000 }];
    const secondTotal = formatMoney(priceLines(second).total_cents, lng);
    await expect(revision.getByTestId('quote-totals')).toContainText(secondTotal);
    await revision.getByRole('button', { name: t('quotes:editor.send_revision'), exact: true }).click();
    await expect(revision).toBeHidden();

    // The client reads version 2, the first one folded in the history, and accepts it.
    await expect(clientCard.getByText(t('quotes:card.version', { number: 2 }), { exact: true })).toBeVisible();
    await expect(clientCard.getByTestId('quote-totals').first()).toContainText(secondTotal);
    await expect(clientCard.getByText(t('quotes:history.title', { count: 1 }), { exact: true })).toBeVisible();
    await expectNotReloaded(clientPage);
    await clientCard.getByRole('button', { name: t('quotes:card.accept'), exact: true }).click();
    await clientPage.getByRole('dialog', { name: t('quotes:accept.title'), exact: true }).getByRole('button', { name: t('quotes:accept.confirm'), exact: true }).click();
    await expect(statusBadge(clientDetails, t, 'upcoming')).toBeVisible();
    await expect(clientCard.getByText(t('quotes:status.accepted'), { exact: true })).toBeVisible();

    // The provider's page turns upcoming by itself; the job is today: it starts, runs an hour, ends.
    await expect(statusBadge(providerPage, t, 'upcoming')).toBeVisible();
    await expect(providerCard.getByText(t('quotes:status.accepted'), { exact: true })).toBeVisible();
    await expectNotReloaded(providerPage);
    await providerPage.getByRole('button', { name: t('jobs:action.start'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'in_progress')).toBeVisible();
    await expect(statusBadge(clientDetails, t, 'in_progress')).toBeVisible();
    await moveServerClock(request, { advance_seconds: 60 * 60 });
    await providerPage.getByRole('button', { name: t('jobs:action.end'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'completed')).toBeVisible();

    // The provider confirms the total from the accepted quote; both sides see it and the receipt, live.
    const providerBill = providerPage.getByRole('region', { name: t('receipts:total.title'), exact: true });
    const confirm = providerBill.getByRole('form', { name: t('receipts:confirm.title'), exact: true });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: anyValues(t('receipts:confirm.submit')) }).click();
    await expect(providerBill.getByText(t('receipts:total.confirmed'), { exact: true })).toBeVisible();
    const total = (await providerBill.locator('.job-bill__amount').textContent())!;
    expect(total).toMatch(/^\$/);
    await expect(providerBill.getByRole('link', { name: t('receipts:receipt.view'), exact: true })).toBeVisible();

    const clientBill = clientPage.getByRole('region', { name: t('receipts:total.title'), exact: true });
    await expect(clientBill.getByText(t('receipts:total.confirmed'), { exact: true })).toBeVisible();
    await expect(clientBill.getByText(total, { exact: true })).toBeVisible();
    await expect(clientBill.getByRole('link', { name: t('receipts:receipt.view'), exact: true })).toHaveAttribute('href', `/client/jobs/${job.id}/receipt`);
    await expectNotReloaded(clientPage);
    await expectNotReloaded(providerPage);
  } finally {
    await Promise.all([providerPage.context().close(), clientPage.context().close()]);
  }
});
