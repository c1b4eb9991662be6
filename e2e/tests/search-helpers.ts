/**
 * Shared steps of the search journeys: the result cards of /providers read the way a
 * person reads them (company, services, distance, rating, badges, price), and the filters and sort found
 * by their labels, in the project's language. The island comes from the demo seed (e2e/serve.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './support/fixtures.ts';
import { escapeRegExp, translator, type Translate } from './support/texts.ts';

/** Demo accounts the seed onboards (api/src/db/demo-seed.ts): the provider is in Mayagüez, with plumbing. */
export const demoAccounts = {
  client: { email: 'cliente@demo.resuelve.pr', password: 'Demo#2026pr' },
  provider: { email: 'proveedor@demo.resuelve.pr', password: 'Demo#2026pr' },
};

export interface Card {
  name: string;
  services: string;
  distanceKm: number | null;
  /** null when the provider has no reviews yet. */
  rating: number | null;
  insured: boolean;
  /** The stated rate as the card prints it ("desde $45 la hora"), or null when it has none. */
  price: string | null;
}

/** The list of result cards (it exists only once results are in: skeletons are not in it). */
export function resultList(page: Page, t: Translate): Locator {
  return page.getByRole('list', { name: t('providers:results.list'), exact: true });
}

export function searchControls(page: Page, t: Translate) {
  return {
    text: page.getByRole('combobox', { name: t('providers:search.label'), exact: true }),
    municipality: page.getByRole('combobox', { name: t('geo:municipality'), exact: true }),
    sort: page.getByLabel(t('providers:sort.label'), { exact: true }),
    radius: page.getByLabel(t('providers:filters.radius'), { exact: true }),
    minRating: page.getByLabel(t('providers:filters.min_rating'), { exact: true }),
    insured: page.getByRole('checkbox', { name: t('providers:filters.insured'), exact: true }),
  };
}

/** A decimal as the cards print it in either language ("3,4" or "3.4"). */
function number(text: string): number {
  return Number(text.replace(',', '.'));
}

/** The pattern of a text with one {{var}} that holds a decimal, captured. */
function decimalIn(template: string): RegExp {
  return new RegExp(escapeRegExp(template).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/, '([\\d.,]+)'));
}

/** A card's texts as the page shows them, gathered in one pass over the list (no stale handles). */
interface CardTexts {
  name: string;
  services: string;
  where: string;
  price: string | null;
  rating: string | null;
  badges: Record<string, string[]>;
}

/** What one card says, read from its visible text. */
function readCard(card: CardTexts, t: Translate): Card {
  const { name } = card;
  // "Mayagüez · a 3.2 km": the municipality, then the distance when one was measured.
  let distanceKm: number | null = null;
  const match = decimalIn(t('providers:card.km')).exec(card.where);
  if (match) distanceKm = number(match[1]!);
  let rating: number | null = null;
  if (card.rating !== null) {
    const match = /^([\d.,]+)/.exec(card.rating);
    if (!match) throw new Error(`Rating "${card.rating}" on ${name} has no figure`);
    rating = number(match[1]!);
  }
  const insured = (card.badges[t('providers:badges.label')] ?? []).some((badge) => badge.includes(t('providers:badges.insured')));
  return { name, services: card.services, distanceKm, rating, insured, price: card.price };
}

/** The first screen of a fresh page can take a while on a loaded machine (scripts, locales, the query). */
export const firstLoad = { timeout: 30_000 };

/** Waits for the results (at least one card) and reads every card shown, in order. */
export async function readResults(page: Page, t: Translate): Promise<Card[]> {
  const list = resultList(page, t);
  await expect(list.getByRole('article').first()).toBeVisible(firstLoad);
  const texts = await list.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const text = (element: Element | null) => (element as HTMLElement | null)?.innerText.trim() ?? '';
      const badges: Record<string, string[]> = {};
      for (const list of article.querySelectorAll('ul[aria-label]')) {
        badges[list.getAttribute('aria-label')!] = [...list.querySelectorAll('li')].map((item) => text(item));
      }
      return {
        name: text(article.querySelector('h3')),
        services: text(article.querySelector('.provider-card__services')),
        where: text(article.querySelector('.provider-card__where')),
        price: article.querySelector('[data-price]') ? text(article.querySelector('[data-price]')).replace(/\s+/g, ' ') : null,
        rating: article.querySelector('.rating-stars__text') ? text(article.querySelector('.rating-stars__text')) : null,
        badges,
      };
    }),
  );
  return texts.map((card) => readCard(card, t));
}

/**
 * A text in either language, exactly: once signed in, the app speaks the account's saved language
 * (the demo accounts' is Spanish), whatever the device had remembered.
 */
export function inEitherLanguage(key: string): RegExp {
  return new RegExp(`^(${escapeRegExp(translator('es')(key))}|${escapeRegExp(translator('en')(key))})$`);
}

/** Each value is at least the one before it. */
export function isNonDecreasing(values: number[]): boolean {
  return values.every((value, index) => index === 0 || value >= values[index - 1]!);
}

/** Each value is at most the one before it. */
export function isNonIncreasing(values: number[]): boolean {
  return values.every((value, index) => index === 0 || value <= values[index - 1]!);
}

/** The names in the result list, once the list holds `expected` (waiting out a refetch). */
export async function expectNames(page: Page, t: Translate, expected: string[]): Promise<void> {
  await expect(resultList(page, t).getByRole('article').getByRole('heading')).toHaveText(expected);
}
