import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { demoBusinesses } from '../../api/src/emulators/athmovil/state.ts';
import { formatMoney } from '@resuelve/contract';
import type { DepositRule, NewQuoteVersion, PaymentAccount, ServiceDepositRule } from '@resuelve/contract';
import { bilingual, test, expect } from './support/fixtures.ts';
import { anyValues, expectNotReloaded, markLoaded } from './support/live-page.ts';
import { moveServerClock } from './support/server-clock.ts';
import { escapeRegExp } from './support/texts.ts';
import { apiOf, bookThroughApi, freshClient, freshProvider, serverNow, signedInPage, statusBadge, watchLiveSocket } from './jobs-helpers.ts';

// Issue 29, acceptance 2: two people, each in their own browser. The provider connects their ATH
// Business account (the emulator's demo business) in Settings and asks a 20 % deposit for their
// service; the client accepts a $100 quote, pays the $20 deposit with ATH Móvil and approves it on
// the emulator's phone page; both open pages turn the job confirmed without a reload and show the
// deposit paid; the job runs, its total is confirmed, and both receipts list the deposit.

const shots = process.env.PAYMENTS_SHOTS_DIR;

/** With PAYMENTS_SHOTS_DIR set, whole-page screenshots of each step at the page's width and a phone's, to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${shots}/${name}-${test.info().project.name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-${test.info().project.name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** axe's serious and critical findings on the page as it stands (the screens only a held job shows). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} · ${node.target.join(' ')} · ${node.failureSummary ?? violation.help}`));
}

/** Opens `path` and waits for its live socket, so what the other side does next must arrive through it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = watchLiveSocket(page);
  await page.goto(path);
  await live();
}

test('a 20 % deposit paid with ATH Móvil confirms the job on both sides and is on both receipts', bilingual, async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(180_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const providerApi = apiOf(request, provider);
  const [providerPage, clientPage] = await Promise.all([signedInPage(browser, t, provider), signedInPage(browser, t, client)]);
  const business = demoBusinesses[0]!;
  const money = (cents: number) => formatMoney(cents, lng);

  try {
    // The provider connects their ATH Business account in Settings: the two tokens, then Connect.
    await providerPage.goto('/settings');
    const account = providerPage.getByRole('region', { name: t('payments:settings.account_title'), exact: true });
    await account.getByLabel(t('payments:account.public_token'), { exact: true }).fill(business.publicToken);
    await account.getByLabel(t('payments:account.private_token'), { exact: true }).fill(business.privateToken);
    await account.getByRole('button', { name: t('payments:account.connect'), exact: true }).click();
    await expect(account.getByText(t('payments:account.connected'), { exact: true })).toBeVisible();
    await expect(account.getByText(t('payments:demo.badge'), { exact: true })).toBeVisible();
    // The private token is never shown again, and no answer carries it.
    await expect(account.getByText(business.privateToken)).toHaveCount(0);
    const connected = await providerApi.expectOk<PaymentAccount>('GET', '/providers/me/payment-account');
    expect(connected.connected).toBe(true);
    expect(JSON.stringify(connected)).not.toContain(business.privateToken);

    // A deposit of 20 % of the quote for their one service (plumbing).
    const deposits = providerPage.getByRole('region', { name: t('payments:settings.deposits_title'), exact: true });
    const service = deposits.getByRole('form', { name: provider.category.name, exact: true });
    await service.getByRole('radio', { name: t('payments:deposits.kinds.share'), exact: true }).check();
    await service.getByLabel(t('payments:deposits.share_label'), { exact: true }).fill('20');
    await service.getByRole('button', { name: t('payments:deposits.save'), exact: true }).click();
    await expect
      .poll(async () => (await providerApi.expectOk<ServiceDepositRule[]>('GET', '/providers/me/deposit-rules')).find((rule) => rule.category_id === provider.category.id))
      .toMatchObject({ kind: 'share', share_percent: 20 } satisfies Partial<DepositRule>);

    // The client's request for today, and the provider's quote: $100 of work, exempt, one hour.
    const now = await serverNow(request);
    const quarter = 15 * 60_000;
    const start = new Date(Math.ceil(now.getTime() / quarter) * quarter + 2 * quarter);
    const title = lng === 'es' ? 'Destapar el desagüe de la cocina' : 'Unclog the kitchen drain';
    const job = await bookThroughApi(request, client, provider, start, title);
    const quote: NewQuoteVersion = {
      lines: [{ kind: 'labour_fixed', description: title, quantity: 1, unit_price_cents: 10_000, tax_rate: 'exempt' }],
      hours: 1,
      valid_until: new Date(now.getTime() + 2 * 86_400_000).toISOString(),
      note: null,
    };
    await providerApi.expectOk('POST', `/jobs/${job.id}/quote`, quote, 201);

    await Promise.all([openLive(clientPage, `/client/jobs/${job.id}`), openLive(providerPage, `/provider/jobs/${job.id}`)]);
    const clientDetails = clientPage.getByRole('region', { name: t('client-jobs:detail.service_title'), exact: true });
    await expect(statusBadge(clientDetails, t, 'pending')).toBeVisible();
    await markLoaded(clientPage);
    await markLoaded(providerPage);

    // The quote says the deposit before the client accepts it.
    const clientCard = clientPage.getByTestId('quote-card');
    await expect(clientCard.getByText(t('payments-client:quote.deposit_note', { amount: money(2000), minutes: 30 }), { exact: true })).toBeVisible();
    await clientCard.getByRole('button', { name: t('quotes:card.accept'), exact: true }).click();
    await clientPage.getByRole('dialog', { name: t('quotes:accept.title'), exact: true }).getByRole('button', { name: t('quotes:accept.confirm'), exact: true }).click();

    // Accepted, not yet confirmed: the pay panel asks for the client's ATH Móvil number.
    const panel = clientPage.getByTestId('pay-panel');
    await panel.getByLabel(t('payments-client:pay.phone_label')).fill('787 555 0123');
    await panel.getByRole('button', { name: t('payments-client:pay.pay_deposit', { amount: money(2000) }), exact: true }).click();
    await expect(panel.getByText(t('payments-client:pay.waiting_title'), { exact: true })).toBeVisible();
    await expect(panel.getByText(t('payments-client:demo.mark'), { exact: true })).toBeVisible();
    await expect(statusBadge(clientDetails, t, 'pending')).toBeVisible();
    // The provider's open page says what it waits on: the deposit, until when the time is held.
    const waiting = t('provider-jobs:details.deposit_waiting', { amount: money(2000), time: '\u0000' }).split('\u0000').map(escapeRegExp).join('.+');
    await expect(providerPage.getByRole('note').filter({ hasText: new RegExp(waiting) })).toBeVisible();
    await shoot(clientPage, 'client-waiting');
    await shoot(providerPage, 'provider-held');
    expect(await seriousViolations(clientPage)).toEqual([]);
    expect(await seriousViolations(providerPage)).toEqual([]);

    // The client's phone: the emulator's phone page, opened from the demo link, approves the payment.
    const [phone] = await Promise.all([
      clientPage.context().waitForEvent('page'),
      panel.getByRole('link', { name: new RegExp(`^${escapeRegExp(t('payments-client:demo.phone'))}`) }).click(),
    ]);
    await phone.waitForLoadState();
    await expect(phone.getByText(t('athmovil-emulator:no_money'), { exact: true })).toBeVisible();
    await expect(phone.getByText(business.name).first()).toBeVisible();
    await phone.getByRole('button', { name: t('athmovil-emulator:pay'), exact: true }).first().click();
    await shoot(phone, 'phone');
    expect(await seriousViolations(phone)).toEqual([]);
    await expect(phone.getByText(t('athmovil-emulator:done.approved'), { exact: true })).toBeVisible();
    await phone.close();

    // Both open pages turn the job confirmed by themselves, with the deposit paid.
    await expect(panel.getByText(t('payments-client:pay.paid_deposit'), { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(statusBadge(clientDetails, t, 'upcoming')).toBeVisible();
    await expect(statusBadge(providerPage, t, 'upcoming')).toBeVisible();
    await expect(providerPage.getByText(t('payments:deposit.paid', { amount: money(2000) }))).toBeVisible();
    await expect(clientPage.getByText(t('client-jobs:detail.history_action.deposit_paid'), { exact: true })).toBeVisible();
    await expectNotReloaded(clientPage);
    await expectNotReloaded(providerPage);
    await shoot(clientPage, 'client-paid');
    await shoot(providerPage, 'provider-paid');

    // The job runs an hour and ends; the provider confirms the total from the accepted quote.
    await providerPage.getByRole('button', { name: t('jobs:action.start'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'in_progress')).toBeVisible();
    await moveServerClock(request, { advance_seconds: 60 * 60 });
    await providerPage.getByRole('button', { name: t('jobs:action.end'), exact: true }).click();
    await expect(statusBadge(providerPage, t, 'completed')).toBeVisible();
    const providerBill = providerPage.getByRole('region', { name: t('receipts:total.title'), exact: true });
    await providerBill.getByRole('form', { name: t('receipts:confirm.title'), exact: true }).getByRole('button', { name: anyValues(t('receipts:confirm.submit')) }).click();
    await expect(providerBill.getByText(t('receipts:total.confirmed'), { exact: true })).toBeVisible();

    // Both receipts list the deposit paid with ATH Móvil, and the $80 left to pay.
    const depositLine = t('payments-client:line.paid_deposit', { method: t('payments-client:method_in.athmovil') });
    for (const [page, path] of [
      [clientPage, `/client/jobs/${job.id}/receipt`],
      [providerPage, `/provider/jobs/${job.id}/receipt`],
    ] as const) {
      await page.goto(path);
      const block = page.getByTestId('receipt-payments');
      await expect(block.getByText(depositLine)).toBeVisible();
      await expect(block.getByText(money(2000), { exact: true }).first()).toBeVisible();
      await expect(block.getByText(money(8000), { exact: true })).toBeVisible();
      await shoot(page, page === clientPage ? 'client-receipt' : 'provider-receipt');
    }
  } finally {
    await Promise.all([providerPage.context().close(), clientPage.context().close()]);
  }
});
