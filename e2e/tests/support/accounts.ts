/**
 * Shared steps of the account journeys: a fresh address, the outbox, the sign-up, verification and
 * sign-in a person goes through. Each step acts on what is on the screen, in the project's language.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { Locale, OutboxMessage } from '@resuelve/contract';
import { expect } from './fixtures.ts';
import { escapeRegExp, type Translate } from './texts.ts';

export interface Account {
  email: string;
  password: string;
}

/** An address no other test (or earlier run against the same server) uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = crypto.randomBytes(3).toString('hex');
  return `${testInfo.project.name}-${label}-${Date.now()}-${random}@e2e.resuelve.pr`.toLowerCase();
}

/** A password that meets every rule of SPEC.md §5 (lowercase, uppercase, digit, special, 8+). */
export function strongPassword(): string {
  return `Clave#${crypto.randomBytes(3).toString('hex')}9Z`;
}

export function newAccount(testInfo: TestInfo, label: string): Account {
  return { email: uniqueEmail(testInfo, label), password: strongPassword() };
}

type LinkPage = '/verify-email' | '/auth/reset-password' | '/waitlist/confirm';

/**
 * The newest link to `page` in the outbox for `email`, read the way a developer does
 * (GET /api/v1/dev/outbox?to=), waiting for the message to arrive.
 */
export async function linkFromOutbox(request: APIRequestContext, email: string, page: LinkPage): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
        expect(response.status()).toBe(200);
        const { items } = (await response.json()) as { items: OutboxMessage[] };
        found = items.flatMap((message) => message.links).find((link) => new URL(link).pathname === page);
        return found;
      },
      { message: `a ${page} link in the outbox for ${email}` },
    )
    .toBeTruthy();
  return found!;
}

/** Sign-up done through the api, for journeys about what comes after it. */
export async function signUpThroughApi(request: APIRequestContext, account: Account, lng: Locale): Promise<void> {
  const response = await request.post('/api/v1/auth/signup', { data: { ...account, locale: lng } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the emailed verification link and sees the account confirmed. */
export async function openVerificationLink(page: Page, t: Translate, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t('auth:verify.successTitle') })).toBeVisible();
}

/** What the account steps need from a test's fixtures. */
export interface Browsing {
  page: Page;
  request: APIRequestContext;
  lng: Locale;
  t: Translate;
}

/** A verified account, ready to sign in: sign-up, then its link from the outbox opened in the browser. */
export async function verifiedAccount({ page, request, lng, t }: Browsing, testInfo: TestInfo, label: string): Promise<Account> {
  const account = newAccount(testInfo, label);
  await signUpThroughApi(request, account, lng);
  await openVerificationLink(page, t, await linkFromOutbox(request, account.email, '/verify-email'));
  return account;
}

export function signInForm(page: Page, t: Translate) {
  return {
    heading: page.getByRole('heading', { name: t('auth:signIn.title') }),
    email: page.getByLabel(t('auth:fields.email'), { exact: true }),
    password: page.getByLabel(t('auth:fields.password'), { exact: true }),
    submit: page.getByRole('button', { name: t('auth:signIn.submit'), exact: true }),
    alert: page.getByRole('alert'),
  };
}

/** On /auth's sign-in tab: types the credentials and presses Sign in (the caller checks the outcome). */
export async function submitSignIn(page: Page, t: Translate, account: Account): Promise<void> {
  const form = signInForm(page, t);
  await expect(form.heading).toBeVisible();
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

/** Signs in from /auth and waits until the sign-in screen is gone. */
export async function signIn(page: Page, t: Translate, account: Account): Promise<void> {
  await page.goto('/auth');
  await submitSignIn(page, t, account);
  await expect(signInForm(page, t).heading).toBeHidden();
}

const ruleCodes = ['too_short', 'password_lowercase', 'password_uppercase', 'password_digit', 'password_special'] as const;
type RuleCode = (typeof ruleCodes)[number];

/**
 * Types a new password piece by piece and checks, after each piece, which of the rules shown
 * under the field are ticked. Returns the password typed.
 */
export async function typeNewPasswordWatchingRules(page: Page, t: Translate, field: Locator, minLength: number): Promise<string> {
  const rest = crypto.randomBytes(minLength).toString('hex').slice(0, minLength - 4);
  const steps: [typed: string, met: RuleCode[]][] = [
    ['', []],
    ['c', ['password_lowercase']],
    ['L', ['password_lowercase', 'password_uppercase']],
    ['9', ['password_lowercase', 'password_uppercase', 'password_digit']],
    ['#', ['password_lowercase', 'password_uppercase', 'password_digit', 'password_special']],
    [rest, [...ruleCodes]],
  ];
  // The rules as listed under the field, in the order the person reads them.
  const rules = page.getByRole('list').filter({ hasText: t('auth:rules.password_lowercase') }).getByRole('listitem');
  let password = '';
  for (const [typed, met] of steps) {
    if (typed) await field.pressSequentially(typed);
    password += typed;
    const expected = ruleCodes.map((code) => {
      const ticked = met.includes(code);
      const parts = [ticked ? '✓' : '•', t(`auth:rules.${code}`, { count: minLength }), t(ticked ? 'auth:rules.met' : 'auth:rules.unmet')];
      return new RegExp(parts.map(escapeRegExp).join('\\s*'));
    });
    await expect(rules, `the rules ticked after typing "${password}"`).toHaveText(expected);
  }
  return password;
}
