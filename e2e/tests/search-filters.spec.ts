/**
 * Issue 4, acceptance 1: sort and filters change the results, live in the URL and survive a reload.
 */
import { expect, test } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { firstLoad, isNonIncreasing, readResults, searchControls, type Card } from './search-helpers.ts';

const names = (cards: Card[]) => cards.map((card) => card.name);
const ratings = (cards: Card[]) => cards.map((card) => card.rating ?? 0);

test('sorting by rating and keeping only insured plumbers changes the results, and a reload keeps it all', async ({ page, t }) => {
  await page.goto('/providers?q=plomeria');
  // Filters that apply at once are the app's (the same form without JavaScript: public-pages.spec.ts).
  await waitForApp(page);
  const controls = searchControls(page, t);
  await expect(controls.text).toHaveValue('plomeria', firstLoad);
  const first = await readResults(page, t);
  expect(first.some((card) => !card.insured), 'the island has uninsured plumbers too').toBe(true);

  // Best rated first: the ratings on the cards never go up.
  await controls.sort.selectOption('rating');
  await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
  let byRating: Card[] = [];
  await expect(async () => {
    byRating = await readResults(page, t);
    expect(isNonIncreasing(ratings(byRating)), `ratings in order: ${ratings(byRating).join(', ')}`).toBe(true);
  }).toPass();
  expect(names(byRating)).not.toEqual(names(first));

  // Insured only: each card with the insured badge, still best rated first.
  // A click, not check(): the box follows the URL, so it shows ticked a moment after the click.
  await controls.insured.click();
  await expect(page).toHaveURL(/[?&]insured=true(&|$)/);
  await expect(controls.insured).toBeChecked();
  let insured: Card[] = [];
  await expect(async () => {
    insured = await readResults(page, t);
    expect(insured.every((card) => card.insured), `insured badges: ${insured.map((c) => `${c.name}=${c.insured}`).join(', ')}`).toBe(true);
    // Fewer plumbers in all; the first page may still be full, as other journeys add insured ones.
    if (byRating.some((card) => !card.insured)) expect(names(insured)).not.toEqual(names(byRating));
  }).toPass();
  expect(isNonIncreasing(ratings(insured))).toBe(true);

  // A reload (or a shared link) shows the same search: sort, filter and results.
  await page.reload();
  await expect(controls.sort).toHaveValue('rating', firstLoad);
  await expect(controls.insured).toBeChecked();
  await expect(controls.text).toHaveValue('plomeria');
  expect(names(await readResults(page, t))).toEqual(names(insured));
});
