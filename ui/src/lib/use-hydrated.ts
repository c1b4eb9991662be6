import { startTransition, useEffect, useState } from 'react';

/*
 * React hydrates the server's Suspense boundaries one after another, each in a commit of its own:
 * the page is alive once the innermost one, the screen's (app/layout/root-layout.tsx), has
 * committed. `HydrationMark` stands last in it.
 */

/** True between `beginHydration()` and `markHydrated()`: React is taking over the server's page. */
let hydrating = false;
/** The moment the server rendered the page at, by its clock (the page state's `now`). */
let pageMoment: number | null = null;
/** On the server: the moment of the page being rendered (web/src/entry-server.tsx sets it). */
let serverMoment: (() => Date | undefined) | null = null;

/**
 * The browser entry calls this before `hydrateRoot`: components then start as the server drew them,
 * reading the server's moment as "now" (`renderNow`) until the page is alive.
 */
export function beginHydration(serverNow?: string): void {
  hydrating = true;
  const moment = serverNow ? Date.parse(serverNow) : NaN;
  pageMoment = Number.isNaN(moment) ? null : moment;
}

/** The server render says where "now" comes from while it renders a page. */
export function setServerRenderMoment(read: () => Date | undefined): void {
  serverMoment = read;
}

/**
 * "Now" for what a screen shows (available now, today's date): on the server, the server's clock
 * for the page it renders; while the browser hydrates that page, the same moment, so the first
 * render matches the server's word for word whatever this device's clock says; after, this
 * device's clock.
 */
export function renderNow(): Date {
  if (hydrating && pageMoment !== null) return new Date(pageMoment);
  return serverMoment?.() ?? new Date();
}

/** Whether React is taking over a page the server rendered (its first render must be the server's). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * False while a page the server rendered is not yet alive (on the server and during hydration),
 * true once React runs it; true at once in a page the browser renders alone, and in a component
 * that mounts after hydration. Controls that need the app's code (a viewer, a form sent by script)
 * are disabled until then (decision 0040), so a visitor on a slow line is never offered a dead
 * button.
 *
 * The switch to true after hydration is a transition (decision 0044): React renders it in slices
 * and gives the main thread back between them. (A `useSyncExternalStore` whose server snapshot
 * differs re-rendered every such component and all it holds, a whole page of results, in one
 * synchronous task right after hydration.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Marks the app alive after every effect of the commit it is part of (the screen's, at its end). */
export function HydrationMark(): null {
  useEffect(markHydrated, []);
  return null;
}

/**
 * Marks the document once the app is alive (`<html data-hydrated="true">`), after every effect
 * of the first commit: the browser journeys wait for it before driving a control that needs
 * the app's code (e2e/tests/support/hydration.ts).
 */
export function markHydrated(): void {
  hydrating = false;
  pageMoment = null;
  document.documentElement.dataset.hydrated = 'true';
}
