import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { isLocale, publicAddressOf } from '@resuelve/contract';
import { loadLandingPage } from './guards.tsx';
import type { Locale } from '@resuelve/contract';

/**
 * What a server-rendered public page hands its script (docs/decisions/0034): the language, the
 * translations it was worded with and the answers it showed, in a `<script type="application/json">`
 * (the CSP allows no inline script), so hydration fetches and waits for nothing.
 */
export interface ServerPageState {
  language: Locale;
  resources: Resource;
  queries: DehydratedState;
  /** The texts its number and date formatters wrote, by key (decision 0043): hydration writes them again. */
  formats?: Record<string, string>;
  /**
   * The routes the server matched, by react-router's own ids (their places in the tree, "0-3-1"):
   * the browser loads those screens without matching the whole tree a second time (decision 0044).
   */
  matchedRoutes?: string[];
  /** The moment the page was rendered at, by the server's clock: "now" while it hydrates (`renderNow`). */
  now?: string;
}

export { serverPageStateId } from '../lib/server-page-id.ts';
import { serverPageStateId } from '../lib/server-page-id.ts';

/** JSON safe inside a script element: no `</script>` or `<!--` can end it early. */
export function serializeServerPageState(state: ServerPageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The state the server left in the page, or null on a page rendered in the browser alone. */
export function readServerPageState(doc: Document = document): ServerPageState | null {
  const element = doc.getElementById(serverPageStateId);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<ServerPageState>;
    if (!isLocale(state.language) || !state.resources || !state.queries) return null;
    return state as ServerPageState;
  } catch {
    return null;
  }
}

/**
 * The routes at react-router's ids: an id it made itself is the route's place in the tree
 * ("0-3-1": the first route's fourth child's second child); null if one is not found.
 */
function routesAt(routes: RouteObject[], ids: string[]): RouteObject[] | null {
  const found: RouteObject[] = [];
  for (const id of ids) {
    let level: RouteObject[] | undefined = routes;
    let route: RouteObject | undefined;
    for (const index of id.split('-')) {
      route = /^\d+$/.test(index) ? level?.[Number(index)] : undefined;
      level = route?.children;
    }
    if (!route || (route.id !== undefined && route.id !== id)) return null;
    found.push(route);
  }
  return found;
}

/**
 * Screens load on demand (route `lazy`); before hydrating, the matched ones are loaded and kept,
 * so the router starts ready and renders what the server did (react-router's SSR guide). The
 * routes the server matched are found by their ids; without them, by matching the address.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string, matchedIds?: string[]): Promise<void> {
  const matched = (matchedIds && routesAt(routes, matchedIds)) ?? (matchRoutes(routes, pathname) ?? []).map(({ route }) => route);
  const landing = publicAddressOf(pathname)?.basePath === '/' ? loadLandingPage() : null;
  await Promise.all([
    landing,
    ...matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ]);
}
