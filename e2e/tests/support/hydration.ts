/**
 * A server-rendered page starts the app's code after its first paint (decision 0040): its links
 * and GET forms work at once, but a journey that needs the live app (a suggestion list, a filter
 * applied without a reload, a viewer) waits for `<html data-hydrated="true">`, which the browser
 * entry sets once React has taken the page over (ui/src/lib/use-hydrated.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Waits until the app runs the page (hydrated, or rendered by the browser alone). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html'), 'the app has started on the page').toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

/** Opens a page and waits until the app runs it. */
export async function openAlive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}
