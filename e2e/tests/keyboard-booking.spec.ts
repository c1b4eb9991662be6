/**
 * Issue 15 ("Accessible"): the booking journey by keyboard alone. A signed-in client opens a
 * provider's profile and, with Tab, Shift+Tab, Enter, Space and the arrow keys only (no click, no
 * element.click(), no fill), reaches Book now, chooses a day and a free time, and sends the request;
 * every stop of Tab shows a focus ring, and after each change of screen the focus is in the new
 * screen's content, never lost at the top of the document.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { freshClient, freshProvider, signedInPage } from './jobs-helpers.ts';

interface Focused {
  /** Tag, type and name of the focused element, to say where the focus is. */
  what: string;
  tag: string;
  text: string;
  href: string | null;
  inputName: string | null;
  value: string | null;
  checked: boolean;
  /** The focus ring is drawn: an outline of 2 px or more, or a box-shadow ring (on the element, or on the pill of a hidden radio). */
  ring: boolean;
  inMain: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { what: 'body', tag: 'body', text: '', href: null, inputName: null, value: null, checked: false, ring: false, inMain: false };
    }
    const input = element instanceof HTMLInputElement ? element : null;
    // A radio of a pill shows its focus on the pill (ui/src/styles/base.css `.choice-pill`).
    const drawn = input && (input.type === 'radio' || input.type === 'checkbox') ? (element.closest('label') ?? element) : element;
    // The ring may still be growing (a short transition, started by reading the style): read it once drawn.
    void getComputedStyle(drawn).boxShadow;
    await Promise.race([Promise.all(drawn.getAnimations().map((animation) => animation.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 1_000))]);
    const style = getComputedStyle(drawn);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(style.outlineColor);
    const shadowRing = /0px 0px 0px [2-9]/.test(style.boxShadow);
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    return {
      what: `${element.tagName.toLowerCase()}${input ? `[type=${input.type}][name=${input.name}]` : ''} "${text.slice(0, 40)}" (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`,
      tag: element.tagName.toLowerCase(),
      text,
      href: element.getAttribute('href'),
      inputName: input?.name ?? null,
      value: input?.value ?? null,
      checked: input?.checked ?? false,
      ring: outline || shadowRing,
      inMain: element.id === 'main' || element.closest('main') !== null,
    };
  });
}

/** Presses Tab (or Shift+Tab) until `wanted` is focused; every stop on the way must show its focus. */
async function tabTo(page: Page, wanted: (now: Focused) => boolean, label: string, { back = false, limit = 60 } = {}): Promise<Focused> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.tag !== 'body' && now.tag !== 'main') expect(now.ring, `focus ring on ${now.what} (looking for ${label})`).toBe(true);
    if (wanted(now)) return now;
  }
  throw new Error(`${label} was not reached in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

test('a client books a provider from the profile with the keyboard alone', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(120_000);
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const page = await signedInPage(browser, t, client);

  await page.goto(`/providers/${provider.id}`);
  await expect(page.getByRole('heading', { level: 1, name: provider.companyName })).toBeVisible({ timeout: 20_000 });

  // The profile's Book now (its own booking section), by Tab from the top of the page.
  const bookPath = `/providers/${provider.id}/book`;
  await tabTo(page, (now) => now.tag === 'a' && now.text === t('providers:card.book') && now.href === bookPath, 'Book now');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(bookPath);
  await expect(page.getByRole('heading', { level: 1, name: t('booking:title', { name: provider.companyName }) })).toBeVisible();
  // The link that was pressed is gone with the profile: the focus is on the new screen's content.
  expect((await focused(page)).inMain, 'focus in the booking screen after Enter').toBe(true);

  // The only service is already chosen and named in the title; 1 hour is the duration.
  await expect(page.getByRole('group', { name: t('booking:days_label'), exact: true }).getByRole('radio').first()).toBeVisible();
  const firstDay = await tabTo(page, (now) => now.inputName === 'booking-date', 'the first free day');
  await page.keyboard.press('Space');
  expect((await focused(page)).checked, 'Space chooses the focused day').toBe(true);
  // Arrows move along the days (closed or full ones are skipped): three days later than the first.
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
  const day = await focused(page);
  expect(day.checked && day.value !== firstDay.value, `the arrows chose another day (${day.value})`).toBe(true);

  // Its free times: Tab enters the list, Space takes the first, an arrow the next.
  const times = page.getByRole('group', { name: new RegExp(t('booking:slots_for', { date: '.+', duration: '.+' })) }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  await tabTo(page, (now) => now.inputName === 'booking-slot', 'the first free time');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  const time = await focused(page);
  expect(time.checked && time.inputName === 'booking-slot', 'an arrow chose the next free time').toBe(true);

  // On to the submit button, one step back with Shift+Tab and forward again, then Enter.
  const submit = (now: Focused) => now.tag === 'button' && now.text === t('booking:submit');
  await tabTo(page, submit, 'Send the request');
  await tabTo(page, (now) => !submit(now), 'the field before Send', { back: true, limit: 1 });
  await tabTo(page, submit, 'Send the request again', { limit: 1 });
  await page.keyboard.press('Enter');

  // The request is sent: its screen says so, and the focus is in it.
  await expect(page).toHaveURL(/\/client\/jobs\/[0-9a-f-]+$/, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: t('client-jobs:detail.now.pending', { provider: provider.companyName }) })).toBeVisible();
  expect((await focused(page)).inMain, 'focus in the request screen after sending').toBe(true);
  await page.context().close();
});

// What a person types is never lost while the form's later parts arrive: the days (and the offer of
// an alert beside them) came after the title field, and their words, loaded only then, took the whole
// screen to its loading state mid-word (the offline journey lost "Cambiar la llave…" that way).
test('typing in the booking form is kept while its days and their words arrive late', async ({ browser, request, lng, t }, testInfo) => {
  const [provider, client] = await Promise.all([freshProvider(request, testInfo, lng), freshClient(request, testInfo, lng)]);
  const page = await signedInPage(browser, t, client);
  const late = (ms: number) => async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route('**/locales/*/slot-alerts.json', late(1500));
  await page.route('**/api/v1/providers/*/availability/**', late(800));
  await page.goto(`/providers/${provider.id}/book`);
  const words = lng === 'es' ? 'Cambiar la llave del fregadero hoy' : 'Replace the kitchen sink faucet';
  const title = page.getByLabel(t('booking:job_title'), { exact: true });
  await title.fill('');
  await title.pressSequentially(words, { delay: 80 });
  await expect(page.getByRole('group', { name: t('booking:days_label'), exact: true }).getByRole('radio').first()).toBeVisible();
  await expect(title).toHaveValue(words);
  await page.context().close();
});
