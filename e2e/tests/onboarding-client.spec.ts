import { limits, profileLimits, type ClientProfile } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import {
  apiAs,
  categoriesIn,
  chooseAccountType,
  newPersonAtOnboarding,
  phoneStep,
  sendPhoneCode,
  submitPhoneCode,
  uniquePhone,
  wizard,
  wrongCode,
  yearsAgo,
} from './onboarding-helpers.ts';

// Issue 3, journey 1 (with journey 4 inside it, so a run stays within the api's sign-up budget per
// address): a new person becomes a client, step by step, fixing what the form points out; the
// phone code comes from the outbox; halfway through a reload brings back the saved step and values.
test('client onboarding end to end: errors fixed, phone code from the outbox, progress kept over a reload, lands on the client home', async ({
  page,
  request,
  lng,
  t,
}, testInfo) => {
  const account = await newPersonAtOnboarding({ page, request, lng, t }, testInfo, 'client');
  const steps = wizard(page, t);
  const phone = uniquePhone();
  const birthDate = yearsAgo(30, 45);
  const categories = await categoriesIn(request, lng);
  const plumbing = categories.get('plumbing')!;
  const painting = categories.get('painting')!;

  // The account type is required before anything else.
  await page.getByRole('button', { name: t('onboarding:continue'), exact: true }).click();
  await expect(page.getByText(t('onboarding:account_type.required'), { exact: true })).toBeVisible();
  await chooseAccountType(page, t, 'client');
  await expect(page.getByText(t('onboarding:step_of', { current: 1, total: 5 }))).toBeVisible();

  // Step 1: too young first (12 years old), then a real birth date.
  const birth = steps.field('personal.birth_date');
  await steps.field('personal.first_name').fill('Ana');
  await steps.field('personal.last_name').fill('Rivera Cruz');
  await birth.fill(yearsAgo(limits.minimumAgeYears - 1));
  await steps.next.click();
  await expect(page.getByText(t('onboarding:personal.too_young', { count: limits.minimumAgeYears }), { exact: true })).toBeVisible();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  // Not checked here: that Next moves the focus to the birth date. The click that leaves the field
  // shows its error first, which pushes the buttons down before the mouse comes up, so the click
  // itself is lost (reported; the ZIP step below checks the focus when Next is pressed by keyboard).
  await birth.fill(birthDate);
  await expect(birth).not.toHaveAttribute('aria-invalid');
  await steps.next.click();

  // Step 2: the code texted to the number, a wrong one first.
  await expect(steps.title('phone')).toBeVisible();
  const phoneUi = phoneStep(page, t);
  const { code } = await sendPhoneCode(page, request, t, phone);
  await submitPhoneCode(page, t, wrongCode(code));
  await expect(page.getByText(t('errors:invalid_code', { count: profileLimits.phoneCodeAttempts - 1 }), { exact: true })).toBeVisible();
  await expect(phoneUi.code).toHaveAttribute('aria-invalid', 'true');
  await submitPhoneCode(page, t, code);
  await expect(phoneUi.verified(phone)).toBeVisible();
  await steps.next.click();
  await expect(steps.title('address')).toBeVisible();

  // Journey 4: the progress lives on the server: a reload resumes at the address step, and going
  // back shows the phone still verified and the personal details as typed.
  await page.reload();
  await expect(steps.title('address')).toBeVisible();
  await expect(page.getByText(t('onboarding:step_of', { current: 3, total: 5 }))).toBeVisible();
  await steps.back.click();
  await expect(steps.title('phone')).toBeVisible();
  await expect(phoneUi.verified(phone)).toBeVisible();
  await steps.back.click();
  await expect(steps.title('personal')).toBeVisible();
  await expect(steps.field('personal.first_name')).toHaveValue('Ana');
  await expect(steps.field('personal.last_name')).toHaveValue('Rivera Cruz');
  await expect(birth).toHaveValue(birthDate);
  await steps.next.click();
  await expect(steps.title('phone')).toBeVisible();
  await steps.next.click();

  // Step 3: a ZIP code of three digits is refused, a Puerto Rico one accepted.
  await expect(steps.title('address')).toBeVisible();
  const zip = steps.field('address.zip_code');
  await steps.field('address.address').fill('Calle Luna 123');
  await steps.field('address.city').fill('San Juan');
  await expect(steps.field('address.state')).toHaveValue('PR');
  await zip.fill('123');
  // Enter in the city field presses Next: the ZIP code's error shows and the focus goes to it.
  await steps.field('address.city').press('Enter');
  await expect(page.getByText(t('errors:field.invalid_zip'), { exact: true })).toBeVisible();
  await expect(zip).toBeFocused();
  await zip.fill('00901');
  await expect(page.getByText(t('errors:field.invalid_zip'), { exact: true })).toBeHidden();
  await steps.next.click();

  // Step 4: text messages rather than the preselected email.
  await expect(steps.title('contact')).toBeVisible();
  await expect(page.getByRole('radio', { name: t('onboarding:contact.email') })).toBeChecked();
  await page.getByRole('radio', { name: t('onboarding:contact.sms') }).check();
  await steps.next.click();

  // Step 5: two interests, then finish.
  await expect(steps.title('interests')).toBeVisible();
  await page.getByRole('checkbox', { name: plumbing.name, exact: true }).check();
  await page.getByRole('checkbox', { name: painting.name, exact: true }).check();
  await expect(page.getByText(t('onboarding:interests.count', { count: 2 }), { exact: true })).toBeVisible();
  await steps.finish.click();

  await expect(page).toHaveURL('/client/home');
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_home') })).toBeVisible();
  // Onboarded for good: a reload stays home, and /onboarding is behind the person now.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.client_home') })).toBeVisible();
  await page.goto('/onboarding');
  await expect(page).toHaveURL('/client/home');

  // What the screens sent is what the account now holds.
  const get = await apiAs(request, account);
  const client = await get<ClientProfile>('/profiles/me/client');
  expect(client).toMatchObject({
    first_name: 'Ana',
    last_name: 'Rivera Cruz',
    birth_date: birthDate,
    address: 'Calle Luna 123',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00901',
    preferred_contact: 'sms',
  });
  expect([...client.interested_services].sort()).toEqual(['painting', 'plumbing']);
  const status = await get<{ phone_number: string; verified: boolean }>('/phone/verification-status');
  expect(status).toMatchObject({ phone_number: `1${phone}`, verified: true });
});
