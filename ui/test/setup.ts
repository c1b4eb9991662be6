import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type { Resource } from 'i18next';
import { locales } from '@resuelve/contract';
import { initI18n } from '../src/lib/i18n.ts';
import { liveSettings } from '../src/lib/live.ts';
import { consoleErrorProblems, watchConsoleErrors } from './console-errors.ts';

// Translations straight from locales/, so tests need no HTTP; Spanish as in production.
const root = join(import.meta.dirname, '..', '..', 'locales');
const resources: Resource = {};
for (const lng of locales) {
  resources[lng] = {};
  for (const file of readdirSync(join(root, lng)).filter((f) => f.endsWith('.json'))) {
    resources[lng][file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(root, lng, file), 'utf8'));
  }
}

export const testI18n = initI18n({ resources, lng: 'es' });

// Screens load lazily and the machine may be busy: wait longer than the default second.
configure({ asyncUtilTimeout: 8000 });

// No api listens in unit tests: screens do not open the live-update socket (live.test.ts does).
liveSettings.enabled = false;

// A test environment for React's act, as testing-library sets it where the runner has globals (ours
// has none): React then warns of an update outside act (a store, the language, a timer changed while a
// screen is shown), and the warning fails the test like any console.error.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom does not implement scrolling.
window.scrollTo = () => undefined;

// A test fails if it logged an error (React warnings included) it did not declare with expectConsoleError.
beforeEach(() => {
  watchConsoleErrors();
});

afterEach((context) => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  void testI18n.changeLanguage('es');
  const problems = consoleErrorProblems(context.task.fullName);
  if (problems) throw new Error(problems);
});
