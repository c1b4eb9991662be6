/**
 * Issue 4, acceptance 1: a visitor searches "plomeria" in "Mayaguez" (no accents, as people type
 * on a phone) from the landing page and sees plumbers, nearest to Mayagüez first.
 */
import { expect, test } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { firstLoad, isNonDecreasing, readResults, searchControls, type Card } from './search-helpers.ts';

test('landing search "plomeria" in "Mayaguez" leads to plumbers ordered by distance from Mayagüez', async ({ page, t }) => {
  await page.goto('/');
  // The suggestions are the app's (the same search without JavaScript: public-pages.spec.ts).
  await waitForApp(page);
  const hero = page.getByRole('search', { name: t('landing:hero.searchLabel'), exact: true });
  const service = hero.getByLabel(t('landing:hero.serviceLabel'), { exact: true });
  await expect(service).toBeVisible(firstLoad);
  await service.fill('plomeria');
  const area = hero.getByLabel(t('landing:hero.areaLabel'), { exact: true });
  await area.fill('Mayaguez');
  // With the municipality autocomplete the person picks the suggestion; a plain field is sent as typed.
  if ((await area.getAttribute('role')) === 'combobox') {
    await hero.getByRole('option', { name: 'Mayagüez', exact: true }).click();
    await expect(area).toHaveValue('Mayagüez');
  }
  await hero.getByRole('button', { name: t('landing:hero.submit'), exact: true }).click();

  // The search page opens with both fields kept.
  await expect(page).toHaveURL(/\/providers\?/);
  const controls = searchControls(page, t);
  await expect(controls.text).toHaveValue('plomeria', firstLoad);
  await expect(controls.municipality).toHaveValue('Mayagüez');
  const plumbing = t('landing:categories.plumbing');
  const inMayaguez = await readResults(page, t);
  for (const card of inMayaguez) expect(card.services, `${card.name}'s services`).toContain(plumbing);
  expect(inMayaguez.map((card) => card.distanceKm), 'distances from Mayagüez on every card').not.toContain(null);

  // Nearest first, and the neighbouring towns too (the landing leads to Mayagüez itself).
  await controls.sort.selectOption('distance');
  await expect(page).toHaveURL(/[?&]sort=distance(&|$)/);
  await controls.radius.selectOption('25');
  await expect(page).toHaveURL(/[?&]radius_km=25(&|$)/);
  let cards: Card[] = [];
  await expect(async () => {
    cards = await readResults(page, t);
    expect(cards.length).toBeGreaterThan(inMayaguez.length);
  }).toPass();
  for (const card of cards) expect(card.services, `${card.name}'s services`).toContain(plumbing);
  const distances = cards.map((card) => card.distanceKm);
  expect(distances, 'every card tells its distance from Mayagüez').not.toContain(null);
  expect(isNonDecreasing(distances as number[]), `distances in order: ${distances.join(', ')}`).toBe(true);
  expect(distances[0], 'the nearest plumber is in or next to Mayagüez').toBeLessThanOrEqual(10);
  // The demo provider (in Mayagüez, with plumbing) is among them.
  expect(cards.map((card) => card.name)).toContain('Plomería y Electricidad Demo');
});

test('on a phone the landing reaches its first category within three screens, with cards of even height and no sideways scroll', async ({ page, t }) => {
  const screen = { width: 390, height: 844 };
  await page.setViewportSize(screen);
  await page.goto('/');
  const trades = page.getByRole('list', { name: t('landing:groups.featured'), exact: true });
  const first = trades.getByRole('link').first();
  await expect(first).toBeVisible(firstLoad);
  // Its drawing is in the page itself (no image to wait for).
  await expect(first.locator('svg')).toBeVisible();
  // The figures line under the hero has come, as it does for a visitor, before measuring.
  await expect(page.getByRole('list', { name: t('landing:figures.title'), exact: true })).toBeVisible();
  const top = await first.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(top, 'first category, px from the top').toBeLessThan(3 * screen.height);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
  // Category cards of one height within each group.
  const heights = await page.locator('.landing-categories').evaluateAll((lists) =>
    lists.map((list) => [...list.querySelectorAll('.landing-category')].map((card) => Math.round(card.getBoundingClientRect().height))),
  );
  for (const group of heights) expect(new Set(group).size, `heights ${group.join(', ')}`).toBe(1);
});
