import { limits, profileLimits } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import {
  chooseAccountType,
  codeFromOutbox,
  newPersonAtOnboarding,
  phoneStep,
  sendPhoneCode,
  submitCodeAfterItExpired,
  submitPhoneCode,
  uniquePhone,
  wizard,
  yearsAgo,
} from './onboarding-helpers.ts';
// Issue 3, journey 3: a code typed after its 10 minutes is refused as expired; the person asks
// for a new one straight away and verifies with it. The worker's server clock is moved forward
// 11 minutes before the submit (see submitCodeAfterItExpired).
test('a phone code used after 10 minutes is expired; a new code verifies and onboarding goes on', async ({ page, request, lng, t }, testInfo) => {
  await newPersonAtOnboarding({ page, request, lng, t }, testInfo, 'expired-code');
  const steps = wizard(page, t);
  const phoneUi = phoneStep(page, t);
  const phone = uniquePhone();

  await chooseAccountType(page, t, 'client');
  await steps.field('personal.first_name').fill('Luis');
  await steps.field('personal.last_name').fill('Ortiz');
  await steps.field('personal.birth_date').fill(yearsAgo(40));
  await steps.next.click();
  await expect(steps.title('phone')).toBeVisible();

  const first = await sendPhoneCode(page, request, t, phone);
  await expect(page.getByText(t('phone:code_hint', { count: limits.verificationCodeLength, minutes: profileLimits.phoneCodeTtlMinutes }), { exact: true })).toBeVisible();
  await submitCodeAfterItExpired(page, request, t, first.code);

  // The new code arrives as a new text; the old one is gone for good.
  const second = await codeFromOutbox(request, phone, first.messageId);
  await expect(phoneUi.code).toBeEnabled();
  await expect(phoneUi.code).toHaveValue('');
  await expect(page.getByText(t('phone:expired'), { exact: true })).toBeHidden();
  await submitPhoneCode(page, t, second.code);
  await expect(phoneUi.verified(phone)).toBeVisible();

  await steps.next.click();
  await expect(steps.title('address')).toBeVisible();
});
