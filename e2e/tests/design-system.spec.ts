/**
 * The design system's page (/dev/design, decision 0027) in a real Chromium: every component shown in
 * Spanish beside English, the font shipped with the app in use, and toasts that never cover the
 * navigation: above the bottom bar on a phone, below the top bar on a wide screen.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { freshClient, signedInPage } from './jobs-helpers.ts';

async function openDesignPage(page: Page) {
  await page.goto('/dev/design');
  await expect(page.getByRole('region', { name: 'Botones · Buttons' })).toBeVisible();
}

test('shows each component in both languages, drawn in the shipped Inter font', async ({ page }) => {
  await openDesignPage(page);
  for (const name of ['Guardar cambios', 'Save changes', 'Reservar', 'Book']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tablist', { name: 'Citas' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Appointments' })).toBeVisible();
  // The bundled face (not a device font) is what the text is drawn in.
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  expect(await page.evaluate(async () => (await document.fonts.ready, [...document.fonts].some((face) => face.family.includes('Inter Variable') && face.status === 'loaded')))).toBe(true);
});

test('tabs move with the arrow keys and scroll inside themselves on a phone, never widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDesignPage(page);
  const tabs = page.getByRole('tablist', { name: 'Appointments' });
  await tabs.getByRole('tab', { name: 'Upcoming' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: /Requests/ })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: /Requests/ })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a toast sits above the bottom bar on a phone and below the top bar on a wide screen', async ({ browser, request, lng, t }, testInfo) => {
  const client = await freshClient(request, testInfo, lng);
  const page = await signedInPage(browser, t, client);

  await page.setViewportSize({ width: 390, height: 844 });
  await openDesignPage(page);
  await page.getByRole('button', { name: 'Show an error toast' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'You are offline' });
  await expect(toast).toBeVisible();
  const bottomBar = page.getByRole('navigation', { name: t('nav:main_menu') }).last();
  await expect(bottomBar).toBeVisible();
  const barTop = (await bottomBar.boundingBox())!.y;
  // The toast slides in; where it comes to rest is what counts.
  const toastBottom = async () => {
    const box = (await toast.boundingBox())!;
    return box.y + box.height;
  };
  await expect.poll(toastBottom).toBeLessThanOrEqual(barTop);
  await page.waitForTimeout(600);
  expect(await toastBottom()).toBeLessThanOrEqual(barTop);
  await page.getByRole('button', { name: t('common:close') }).click();
  await expect(toast).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Mostrar aviso de éxito' }).click();
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Cambios guardados' });
  await expect(saved).toBeVisible();
  const topBar = page.getByRole('banner').first();
  const topBox = (await topBar.boundingBox())!;
  await page.waitForTimeout(600);
  expect((await saved.boundingBox())!.y).toBeGreaterThanOrEqual(topBox.y + topBox.height);
  await page.context().close();
});
