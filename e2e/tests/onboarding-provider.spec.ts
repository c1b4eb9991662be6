import type { ProviderProfile } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import {
  announcedText,
  apiAs,
  categoriesIn,
  chooseAccountType,
  newPersonAtOnboarding,
  pickSuggestionByKeyboard,
  shownText,
  tinyPng,
  uniquePhone,
  verifyPhone,
  wizard,
} from './onboarding-helpers.ts';

// Issue 3, journey 2: a new person becomes a provider: company (a wrong EIN fixed), a picture
// uploaded and shown, the phone verified with the code from the outbox, business details, services
// chosen with the keyboard in the category selector, the insurance note, socials, and the provider home.
test('provider onboarding end to end: EIN fixed, picture uploaded, phone verified, services by keyboard, lands on the provider home', async ({
  page,
  request,
  lng,
  t,
}, testInfo) => {
  const account = await newPersonAtOnboarding({ page, request, lng, t }, testInfo, 'provider');
  const steps = wizard(page, t);
  const phone = uniquePhone();
  const categories = await categoriesIn(request, lng);
  const plumbing = categories.get('plumbing')!;
  const electrical = categories.get('electrical')!;

  await chooseAccountType(page, t, 'provider');
  await expect(page.getByText(t('onboarding:step_of', { current: 1, total: 6 }))).toBeVisible();

  // Step 1: an EIN of five digits is refused; nine digits with the dash pass.
  const ein = steps.field('company.ein');
  await steps.field('company.company_name').fill('Plomería Rivera');
  await ein.fill('12345');
  await steps.field('company.years_experience').fill('12');
  await steps.next.click();
  await expect(page.getByText(t('errors:field.invalid_ein'), { exact: true })).toBeVisible();
  await expect(ein).toBeFocused();
  await ein.fill('12-3456789');
  await expect(page.getByText(t('errors:field.invalid_ein'), { exact: true })).toBeHidden();
  await steps.next.click();

  // Step 2: a file that only claims to be a picture is refused by its content; a real PNG is
  // uploaded and shown, and the step's button turns from "Skip for now" into "Next".
  await expect(steps.title('picture')).toBeVisible();
  await expect(steps.skip).toBeVisible();
  const file = page.getByLabel(t('onboarding:picture.choose'), { exact: true });
  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(page.getByText(t('onboarding:picture.problems.file_type_not_supported'), { exact: true })).toBeVisible();
  await file.setInputFiles(tinyPng);
  await expect(shownText(page, t('onboarding:picture.uploaded'))).toBeVisible();
  await expect(announcedText(page, t('onboarding:picture.uploaded'))).toHaveText(t('onboarding:picture.uploaded'));
  const preview = page.getByRole('img', { name: t('onboarding:picture.preview_alt'), exact: true });
  await expect(preview).toHaveAttribute('src', /\/uploads\//);
  // The stored picture really loads (not a broken image).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(t('onboarding:picture.problems.file_type_not_supported'), { exact: true })).toBeHidden();
  await steps.next.click();

  // Step 3: the phone, with the code from the outbox.
  await expect(steps.title('phone')).toBeVisible();
  await verifyPhone(page, request, t, phone);
  await steps.next.click();

  // Step 4: business details.
  await expect(steps.title('business')).toBeVisible();
  await steps.field('business.business_address').fill('Ave. Ponce de León 100');
  await steps.field('address.city').fill('San Juan');
  await steps.field('address.zip_code').fill('00918');
  await steps.field('business.website_url', true).fill('https://plomeria-rivera.example.com');
  await steps.field('business.company_description', true).fill('Plomería residencial y comercial en el área metro.');
  await steps.next.click();

  // Step 5: at least one service is required; two are picked from the suggestions by keyboard.
  await expect(steps.title('services')).toBeVisible();
  await steps.next.click();
  await expect(page.getByText(t('onboarding:services.required'), { exact: true })).toBeVisible();
  const combobox = page.getByRole('combobox', { name: t('onboarding:services.label') });
  await expect(combobox).toBeFocused();
  await pickSuggestionByKeyboard(page, combobox, plumbing.name);
  await pickSuggestionByKeyboard(page, combobox, electrical.name);
  const chips = page.getByRole('list', { name: t('categories:selected', { count: 2 }) });
  await expect(chips.getByRole('button', { name: t('categories:remove', { name: plumbing.name }), exact: true })).toBeVisible();
  await expect(chips.getByRole('button', { name: t('categories:remove', { name: electrical.name }), exact: true })).toBeVisible();
  await expect(page.getByText(t('onboarding:services.required'), { exact: true })).toBeHidden();
  // No insured tick: the badge comes from an approved certificate (issue 27, point 5).
  await expect(page.getByText(t('onboarding:services.insurance_note'), { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await steps.next.click();

  // Step 6: socials, then finish.
  await expect(steps.title('socials')).toBeVisible();
  await steps.field('socials.instagram', true).fill('@plomeriarivera');
  await steps.finish.click();

  await expect(page).toHaveURL('/provider/home');
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.provider_home') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('nav:titles.provider_home') })).toBeVisible();
  await expect(page).toHaveURL('/provider/home');

  // What the screens sent is what the provider's profile now holds.
  const get = await apiAs(request, account);
  const provider = await get<ProviderProfile>(`/providers/me?locale=${lng}`);
  expect(provider).toMatchObject({
    company_name: 'Plomería Rivera',
    ein: '123456789',
    years_experience: 12,
    business_address: 'Ave. Ponce de León 100',
    city: 'San Juan',
    state: 'PR',
    zip_code: '00918',
    website_url: 'https://plomeria-rivera.example.com',
    insured: false,
    phone_number: `1${phone}`,
  });
  expect(provider.profile_picture_url).toMatch(/\/uploads\//);
  expect(provider.categories.map((category) => category.slug).sort()).toEqual(['electrical', 'plumbing']);
  expect(JSON.stringify(provider.social_media)).toContain('plomeriarivera');
});
