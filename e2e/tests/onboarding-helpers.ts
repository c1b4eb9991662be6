/**
 * Shared steps of the onboarding journeys: a fresh phone number, the SMS code read from
 * the dev outbox, the phone step as a person works it, the server clock moved for an expired code,
 * the category selector by keyboard, and the api's view of what the onboarding saved.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { profileLimits, type AccountType, type Locale, type OutboxMessage } from '@resuelve/contract';
import { expect } from './support/fixtures.ts';
import { signIn, verifiedAccount, type Account, type Browsing } from './support/accounts.ts';
import { moveServerClock } from './support/server-clock.ts';
import { escapeRegExp, type Translate } from './support/texts.ts';


/**
 * A Puerto Rico mobile number (10 digits) no other test uses: numbers verified by another account
 * are refused, and each number gets only 5 codes an hour.
 */
export function uniquePhone(): string {
  // 900–999: exchanges the demo island's seeded phones never use (api/src/db/demo-island.ts phoneOf).
  const exchange = 900 + crypto.randomInt(100);
  const line = crypto.randomInt(10_000).toString().padStart(4, '0');
  return `787${exchange}${line}`;
}

/** How the phone step shows a verified 10-digit number once the server has added the 1: +1 (787) 555-0123. */
export function shownPhone(digits: string): string {
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The same code with its last digit changed: surely wrong, and still six digits. */
export function wrongCode(code: string): string {
  const last = Number(code.slice(-1));
  return `${code.slice(0, -1)}${(last + 1) % 10}`;
}

export interface SmsCode {
  messageId: string;
  code: string;
}

/**
 * The newest code texted to a 10-digit number, as a developer reads it from the outbox
 * (GET /api/v1/dev/outbox?to=+1…; the server sends to E.164). `after` skips a message already read.
 */
export async function codeFromOutbox(request: APIRequestContext, phone: string, after?: string): Promise<SmsCode> {
  let found: SmsCode | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(`+1${phone}`)}`);
        expect(response.status()).toBe(200);
        const { items } = (await response.json()) as { items: OutboxMessage[] };
        const newest = items.find((message) => message.channel === 'sms');
        const code = newest?.codes[0];
        found = newest && code && newest.id !== after ? { messageId: newest.id, code } : undefined;
        return found;
      },
      { message: `a new code in the outbox for +1${phone}` },
    )
    .toBeTruthy();
  return found!;
}

/** A verified account, signed in, on the account-type choice of /onboarding. */
export async function newPersonAtOnboarding(browsing: Browsing, testInfo: TestInfo, label: string): Promise<Account> {
  const { page, t } = browsing;
  const account = await verifiedAccount(browsing, testInfo, label);
  await signIn(page, t, account);
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('group', { name: t('onboarding:account_type.title') })).toBeVisible();
  return account;
}

/**
 * A message on screen, as opposed to its copy in a visually hidden live region (role status) that
 * repeats it for screen readers.
 */
export function shownText(page: Page, text: string): Locator {
  return page.getByRole('paragraph').filter({ hasText: text });
}

/** The copy of a message announced to screen readers (a polite live region). */
export function announcedText(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** The wizard's parts, by what a person reads. */
export function wizard(page: Page, t: Translate) {
  const button = (key: string) => page.getByRole('button', { name: t(`onboarding:${key}`), exact: true });
  return {
    title: (step: string) => page.getByRole('heading', { level: 2, name: t(`onboarding:titles.${step}`) }),
    next: button('next'),
    back: button('back'),
    skip: button('skip'),
    finish: button('finish'),
    /** A text field; optional ones read "Website (optional)". */
    field: (key: string, optional = false) =>
      page.getByLabel(optional ? `${t(`onboarding:${key}`)} ${t('onboarding:optional')}` : t(`onboarding:${key}`), { exact: true }),
  };
}

export async function chooseAccountType(page: Page, t: Translate, type: AccountType): Promise<void> {
  await page.getByRole('radio', { name: t(`onboarding:account_type.${type}`) }).check();
  await page.getByRole('button', { name: t('onboarding:continue'), exact: true }).click();
  await expect(wizard(page, t).title(type === 'client' ? 'personal' : 'company')).toBeVisible();
}

/** The phone step's parts (the shared phone verification component). */
export function phoneStep(page: Page, t: Translate) {
  return {
    number: page.getByLabel(t('phone:phone_label'), { exact: true }),
    send: page.getByRole('button', { name: t('phone:send'), exact: true }),
    code: page.getByLabel(t('phone:code_label'), { exact: true }),
    verify: page.getByRole('button', { name: t('phone:verify'), exact: true }),
    resend: page.getByRole('button', { name: t('phone:resend'), exact: true }),
    verified: (phone: string) => shownText(page, t('phone:verified', { phone: shownPhone(phone) })),
  };
}

/** The server's answer to the POST a click sends. */
function answerTo(page: Page, pathname: string) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === pathname && response.request().method() === 'POST', {
    timeout: 20_000,
  });
}

/** Types the number and asks for a code; returns the code texted, read from the outbox. */
export async function sendPhoneCode(page: Page, request: APIRequestContext, t: Translate, phone: string, after?: string): Promise<SmsCode> {
  const step = phoneStep(page, t);
  await step.number.fill(phone);
  await step.send.click();
  const sent = t('phone:sent', { phone: shownPhone(phone) });
  await expect(shownText(page, sent)).toBeVisible();
  await expect(announcedText(page, sent)).toHaveText(sent);
  await expect(step.code).toBeFocused();
  return codeFromOutbox(request, phone, after);
}

/** Types a code and presses Verify, waiting for the server's answer. */
export async function submitPhoneCode(page: Page, t: Translate, code: string): Promise<void> {
  const step = phoneStep(page, t);
  await step.code.fill(code);
  const answered = answerTo(page, '/api/v1/phone/verify');
  await step.verify.click();
  await answered;
}

/** The whole phone step done right: send, read the code from the outbox, verify. */
export async function verifyPhone(page: Page, request: APIRequestContext, t: Translate, phone: string): Promise<void> {
  const { code } = await sendPhoneCode(page, request, t, phone);
  await submitPhoneCode(page, t, code);
  await expect(phoneStep(page, t).verified(phone)).toBeVisible();
}

/**
 * Moves the server clock past the code's 10 minutes, submits the code and asks for a new one (the
 * 60-second resend wait is long over on the moved clock, which stays there for the rest of the journey).
 */
export async function submitCodeAfterItExpired(page: Page, request: APIRequestContext, t: Translate, code: string): Promise<void> {
  const step = phoneStep(page, t);
  await step.code.fill(code);
  await moveServerClock(request, { advance_seconds: (profileLimits.phoneCodeTtlMinutes + 1) * 60 });
  const verified = answerTo(page, '/api/v1/phone/verify');
  await step.verify.click();
  expect((await verified).status()).toBe(400);
  await expect(page.getByText(t('phone:expired'), { exact: true })).toBeVisible();
  // The dead code cannot be typed again; a new one is offered at once.
  await expect(step.code).toBeDisabled();
  const sent = answerTo(page, '/api/v1/phone/send-verification');
  await step.resend.click();
  expect((await sent).status()).toBe(202);
}

/** An ISO date `years` years before today (UTC), for birth dates. */
export function yearsAgo(years: number, extraDays = 0): string {
  const today = new Date();
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - extraDays));
  return date.toISOString().slice(0, 10);
}

export interface CategoryItem {
  id: number;
  slug: string;
  name: string;
  is_interest?: boolean;
}

/** The service categories with their names in `lng` (GET /api/v1/categories). */
export async function categoriesIn(request: APIRequestContext, lng: Locale): Promise<Map<string, CategoryItem>> {
  const response = await request.get(`/api/v1/categories?locale=${lng}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: CategoryItem[] };
  return new Map(items.map((item) => [item.slug, item]));
}

/**
 * In the category selector: types the first letters of `name`, then moves down the suggestions
 * with ArrowDown until `name` is the active one, and picks it with Enter.
 */
export async function pickSuggestionByKeyboard(page: Page, combobox: Locator, name: string, letters = 4): Promise<void> {
  await combobox.fill(name.slice(0, letters).toLowerCase());
  const wanted = page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) });
  await expect(wanted).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const ids = await page.getByRole('option').evaluateAll((options) => options.map((option) => option.id));
  const wantedId = (await wanted.getAttribute('id')) ?? '';
  const position = ids.indexOf(wantedId);
  expect(position).toBeGreaterThanOrEqual(0);
  for (let press = 0; press <= position; press += 1) await combobox.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', wantedId);
  await combobox.press('Enter');
  await expect(combobox).toHaveValue('');
}

/** A tiny real picture (16×16 PNG, a blue square), as a person's photo would be uploaded. */
export const tinyPng = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFklEQVQoz2OQizpBEmIY1TCqYfhqAAB1t0AQVKz80QAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The api as the account sees it after onboarding (signed in apart from the browser). */
export async function apiAs(request: APIRequestContext, account: Account) {
  const response = await request.post('/api/v1/auth/signin', { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return async <T>(pathname: string): Promise<T> => {
    const answer = await request.get(`/api/v1${pathname}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status(), `${pathname}: ${await answer.text()}`).toBe(200);
    return (await answer.json()) as T;
  };
}
