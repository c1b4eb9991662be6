/**
 * What journeys that watch a screen change by itself share: a mark that tells a live update from
 * a reload, and texts whose {{vars}} may be anything.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { escapeRegExp } from './texts.ts';

/** A text whose {{vars}} may be anything (a legend naming a date, an attachment's stored name). */
export function anyValues(template: string): RegExp {
  return new RegExp(`^${escapeRegExp(template).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+')}$`);
}

/** Marks the page so a reload (which would clear the mark) can be told apart from a live update. */
export async function markLoaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { journeyMark?: boolean }).journeyMark = true;
  });
}

export async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { journeyMark?: boolean }).journeyMark), 'the page was never reloaded').toBe(true);
}
