import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while a page the server rendered is not yet alive (on the server and during hydration),
 * true once React runs it; true at once in a page the browser renders alone. Controls that need
 * the app's code (a viewer, a form sent by script) are disabled until then (decision 0040), so a
 * visitor on a slow line is never offered a dead button.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Marks the document once the app is alive (`<html data-hydrated="true">`), after every effect
 * of the first commit: the browser journeys wait for it before driving a control that needs
 * the app's code (e2e/tests/support/hydration.ts).
 */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
}
