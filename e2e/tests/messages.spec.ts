import type { Locator, Page, WebSocket } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { anyValues, expectNotReloaded, markLoaded } from './support/live-page.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';
import { freshClient, freshProvider, signedInPage, watchLiveSocket } from './jobs-helpers.ts';

// Messaging, acceptance 1: two people at once, each in their own browser. A client opens a
// provider's profile and writes; the provider's badge and conversation list, already open, show
// it without a reload; the provider answers with a photo, which the client sees arrive with its
// preview; the client's connection drops while the provider writes three messages, and once it is
// back all three are there, each once, in the order written.

/** The top bar's Messages link, named with its unread count when there is one. */
function messagesLink(page: Page, t: Translate, menu: 'client' | 'provider', unread: number): Locator {
  const label = t(`nav:${menu}.messages`);
  const name = unread === 0 ? `^${escapeRegExp(label)}$` : `^${escapeRegExp(label)}\\W+${escapeRegExp(t('nav:unread_messages', { count: unread }))}$`;
  return page.getByRole('navigation', { name: t('nav:main_menu') }).getByRole('link', { name: new RegExp(name) });
}

function chat(page: Page, t: Translate, otherName: string | RegExp): Locator {
  const name = typeof otherName === 'string' ? t('messages:chat.messages_label', { name: otherName }) : otherName;
  return page.getByRole('log', { name });
}

function composer(page: Page, t: Translate): Locator {
  return page.getByRole('textbox', { name: t('messages:composer.label'), exact: true });
}

/** Types a message and sends it with Enter; waits until the api has it (the bubble says sent, or already read). */
async function write(page: Page, t: Translate, log: Locator, text: string): Promise<void> {
  await composer(page, t).fill(text);
  await composer(page, t).press('Enter');
  const bubble = log.getByRole('article').filter({ hasText: text });
  const stored = new RegExp(`^(${escapeRegExp(t('messages:state.sent'))}|${escapeRegExp(t('messages:state.read'))})$`);
  await expect(bubble.getByText(stored)).toBeVisible();
}

/** A small PNG drawn by the browser itself (the api decodes and re-encodes it). */
async function photoFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0f766e';
    g.fillRect(0, 0, 120, 90);
    g.fillStyle = '#f0684f';
    g.fillRect(30, 20, 60, 50);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('a client writes from a profile, the provider answers with a photo, and nothing written while offline is lost or repeated', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const [providerPage, clientPage] = await Promise.all([signedInPage(browser, t, provider), signedInPage(browser, t, client)]);
  const clientFirstName = lng === 'es' ? 'Marisol' : 'Megan';
  const first = lng === 'es' ? 'Hola, tengo una fuga debajo del fregadero. ¿Puede venir el jueves?' : 'Hi, I have a leak under the sink. Could you come on Thursday?';
  const answer = lng === 'es' ? 'Claro. Así quedó un fregadero parecido la semana pasada.' : 'Sure. This is a similar sink I fixed last week.';
  const offlineTexts = lng === 'es' ? ['Llego a las 9:00.', 'Traigo las piezas.', 'Confírmeme la dirección, por favor.'] : ['I will be there at 9:00.', 'I will bring the parts.', 'Please confirm the address.'];

  try {
    // The provider's messages are open, the live socket signed in, before anyone writes.
    const providerLive = watchLiveSocket(providerPage);
    await providerPage.goto('/messages');
    await providerLive();
    await expect(providerPage.getByRole('heading', { name: t('messages:list.empty_title') })).toBeVisible();
    await expect(messagesLink(providerPage, t, 'provider', 0)).toBeVisible();
    await markLoaded(providerPage);

    // The client writes from the provider's public profile.
    // Each live socket of the client's, with whether it ever opened (exchanged a frame: nes answers
    // the hello at once). One whose handshake never finished (a reconnection under way when the
    // connection dropped) carries nothing and may never report a close.
    const clientSockets: { socket: WebSocket; opened: boolean }[] = [];
    clientPage.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/api/v1/live') return;
      const entry = { socket, opened: false };
      clientSockets.push(entry);
      socket.on('framereceived', () => void (entry.opened = true));
    });
    const clientLive = watchLiveSocket(clientPage);
    await clientPage.goto(`/providers/${provider.id}`);
    await expect(clientPage.getByRole('heading', { level: 1, name: provider.companyName })).toBeVisible({ timeout: 20_000 });
    await clientLive();
    await clientPage.getByRole('link', { name: t('providers:profile.message'), exact: true }).click();
    await expect(clientPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const clientChat = chat(clientPage, t, provider.companyName);
    await expect(clientChat).toBeVisible();
    await write(clientPage, t, clientChat, first);
    await markLoaded(clientPage);

    // The provider's badge and list show it by themselves.
    await expect(messagesLink(providerPage, t, 'provider', 1)).toBeVisible();
    const row = providerPage.getByRole('region', { name: t('messages:list.label') }).getByRole('link', { name: new RegExp(escapeRegExp(clientFirstName)) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(first);
    await expect(row.getByLabel(t('messages:list.unread', { count: 1 }), { exact: true })).toBeVisible();
    await expectNotReloaded(providerPage);

    // Reading it clears the badge; the provider answers with a photo.
    await row.click();
    const providerChat = chat(providerPage, t, new RegExp(`^${escapeRegExp(t('messages:chat.messages_label', { name: '§' })).replace('§', `${escapeRegExp(clientFirstName)}.*`)}$`));
    await expect(providerChat.getByText(first, { exact: true })).toBeVisible();
    await expect(messagesLink(providerPage, t, 'provider', 0)).toBeVisible();
    await providerPage.locator('input[type=file]').setInputFiles({ name: 'fregadero.png', mimeType: 'image/png', buffer: await photoFrom(providerPage) });
    await expect(providerPage.getByText(anyValues(t('messages:attachment.chosen')))).toBeVisible();
    await write(providerPage, t, providerChat, answer);

    // The client sees it arrive, with its preview, and their own message marked read.
    const photo = clientChat.getByRole('img', { name: anyValues(t('messages:attachment.image')) });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { message: 'the preview loaded' }).toBeGreaterThan(0);
    await expect(clientChat.getByText(answer, { exact: true })).toBeVisible();
    await expect(clientChat.getByRole('article').filter({ hasText: first }).getByText(t('messages:state.read'), { exact: true })).toBeVisible();
    await expectNotReloaded(clientPage);

    // The client's connection drops; the provider writes three messages meanwhile.
    await clientPage.context().setOffline(true);
    // One banner says it, the app's own (the messages screen adds none of its own).
    await expect(clientPage.getByRole('status').filter({ hasText: t('common:offline.banner_offline') })).toHaveCount(1);
    const openSockets = () => clientSockets.filter(({ socket, opened }) => opened && !socket.isClosed()).length;
    await expect.poll(openSockets, { message: `the client’s live socket is cut (of ${clientSockets.length} sockets)`, timeout: 20_000 }).toBe(0);
    for (const text of offlineTexts) await write(providerPage, t, providerChat, text);
    await expect(clientChat.getByText(offlineTexts[2]!, { exact: true })).toHaveCount(0);

    // Back online: all three, each once, in the order written, after what came before, fetched
    // as what came after the last message the client held.
    const catchUp = clientPage.waitForRequest((req) => /\/api\/v1\/conversations\/[0-9a-f-]{36}\/messages\?.*after=\d+/.test(req.url()));
    await clientPage.context().setOffline(false);
    await catchUp;
    await expect(clientPage.getByText(t('common:offline.banner_offline'), { exact: true })).toBeHidden();
    for (const text of offlineTexts) await expect(clientChat.getByText(text, { exact: true })).toHaveCount(1);
    const shown = await clientChat.getByRole('article').allInnerTexts();
    const order = [first, answer, ...offlineTexts].map((text) => shown.findIndex((bubble) => bubble.includes(text)));
    expect(order, `the messages in the order written: ${JSON.stringify(shown)}`).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(shown).toHaveLength(5);
    await expectNotReloaded(clientPage);
  } finally {
    await Promise.all([providerPage.context().close(), clientPage.context().close()]);
  }
});
