/**
 * The desktop console's renderer in Chromium, without Electron: its production build
 * (desktop/out/renderer) served under /console/ of the e2e server (so the api is the same origin),
 * and a fake preload bridge on `window.resuelve` that records every call the way the main process
 * would receive them. The session goes to the real api (`client: "desktop"`, as DesktopSession
 * does); the offline store is an in-memory stand-in whose `flush` records what it sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { OfflineAction, OfflineJob, OfflineSnapshot } from '@resuelve/contract';
import { serverTimeNow } from './support/fixtures.ts';

/** The console's production renderer, built (when stale) and copied once per run by e2e/global-setup.ts. */
function consoleBuild(): string {
  const copy = process.env.E2E_CONSOLE_DIR;
  if (!copy) throw new Error('E2E_CONSOLE_DIR is not set: run the journeys through e2e/playwright.config.ts (its global setup builds the console)');
  return copy;
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** What the fake bridge recorded, read from the page. */
export interface BridgeRecord {
  calls: { channel: string; payload: unknown }[];
  sent: OfflineAction[];
}

export interface OpenConsoleOptions {
  hash: string;
  snapshot?: OfflineSnapshot | null;
}

/** Opens the console at `#hash` with the fake bridge. */
export async function openConsole(page: Page, options: OpenConsoleOptions): Promise<void> {
  const root = consoleBuild();
  const serve = (file: string) => {
    const resolved = path.join(root, file);
    if (!resolved.startsWith(root) || !fs.existsSync(resolved)) return null;
    return { body: fs.readFileSync(resolved), contentType: types[path.extname(resolved)] ?? 'application/octet-stream' };
  };
  await page.route('**/console/**', async (route) => {
    const file = serve(decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/console\//, '')));
    await (file ? route.fulfill({ status: 200, ...file }) : route.fulfill({ status: 404 }));
  });
  // The console loads its bundled translations from /locales (app://console/locales in Electron).
  await page.route('**/locales/**', async (route) => {
    const file = serve(new URL(route.request().url()).pathname.slice(1));
    await (file ? route.fulfill({ status: 200, ...file }) : route.fulfill({ status: 404 }));
  });
  await page.addInitScript(
    ({ snapshot }) => {
      type State = { snapshot: unknown; actions: Record<string, unknown>[] };
      const record = { calls: [] as { channel: string; payload: unknown }[], sent: [] as unknown[] };
      const navigateListeners: ((payload: { path: string }) => void)[] = [];
      const changedListeners: ((state: State) => void)[] = [];
      const state: State = { snapshot, actions: [] };
      // Kept across reloads, as the main process keeps it across restarts (never in the page's own storage in Electron).
      let refreshToken: string | null = window.sessionStorage.getItem('fake-main-refresh-token');
      let sequence = 0;
      const copy = (): State => JSON.parse(JSON.stringify(state)) as State;
      const log = (channel: string, payload?: unknown) => record.calls.push({ channel, payload: payload === undefined ? null : JSON.parse(JSON.stringify(payload)) });
      const post = async (pathname: string, body: unknown, token?: string) => {
        const response = await fetch(`/api/v1${pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
        return { status: response.status, answer };
      };
      const failure = (status: number, answer: Record<string, unknown> | null) => ({
        ok: false as const,
        error: { error: String(answer?.error ?? 'error'), status, code: String(answer?.code ?? `http_${status}`) },
      });
      const withoutRefresh = (answer: Record<string, unknown>) => {
        refreshToken = typeof answer.refresh_token === 'string' ? answer.refresh_token : refreshToken;
        if (refreshToken) window.sessionStorage.setItem('fake-main-refresh-token', refreshToken);
        const rest = { ...answer };
        delete rest.refresh_token;
        return rest;
      };
      (window as unknown as { __desktop: unknown }).__desktop = {
        record,
        navigate: (path: string) => navigateListeners.forEach((listener) => listener({ path })),
      };
      (window as unknown as { resuelve: unknown }).resuelve = {
        session: {
          signIn: async (payload: { email: string; password: string }) => {
            log('session:sign-in', { email: payload.email });
            const { status, answer } = await post('/auth/signin', { ...payload, client: 'desktop' });
            return status === 200 && answer ? { ok: true, value: withoutRefresh(answer) } : failure(status, answer);
          },
          refresh: async () => {
            log('session:refresh');
            if (!refreshToken) return { ok: true, value: null };
            const { status, answer } = await post('/auth/refresh', { refresh_token: refreshToken });
            if (status === 401) return { ok: true, value: null };
            return status === 200 && answer ? { ok: true, value: withoutRefresh(answer) } : failure(status, answer);
          },
          signOut: async (payload: { accessToken: string | null }) => {
            log('session:sign-out');
            await post('/auth/signout', refreshToken ? { refresh_token: refreshToken } : {}, payload.accessToken ?? undefined);
            refreshToken = null;
            window.sessionStorage.removeItem('fake-main-refresh-token');
            return { ok: true, value: null };
          },
        },
        config: async () => ({ ok: true, value: { apiOrigin: window.location.origin, version: '0.0.0-e2e', os: 'win32' } }),
        notify: (payload: unknown) => log('notify:show', payload),
        openExternal: (payload: unknown) => log('shell:open-external', payload),
        setLanguage: (payload: unknown) => log('app:set-language', payload),
        setBadge: (payload: unknown) => log('badge:set', payload),
        setUnsaved: (payload: unknown) => log('window:set-unsaved', payload),
        onNavigate: (listener: (payload: { path: string }) => void) => {
          navigateListeners.push(listener);
          return () => navigateListeners.splice(navigateListeners.indexOf(listener), 1);
        },
        offline: {
          read: async () => (log('offline:read'), { ok: true, value: copy() }),
          enqueue: async (input: { kind: string; job_id: string; text?: string }) => {
            log('offline:enqueue', input);
            sequence += 1;
            state.actions.push({ ...input, id: `action-${sequence}`, idempotency_key: `key-${sequence}`, sequence, queued_at: new Date().toISOString(), status: 'waiting', attempts: 0, error_code: null });
            return { ok: true, value: copy() };
          },
          // As the main process does: every waiting action goes once, in order, and leaves the queue.
          flush: async () => {
            log('offline:flush');
            for (const action of state.actions.filter((item) => item.status === 'waiting')) record.sent.push(JSON.parse(JSON.stringify(action)));
            state.actions = state.actions.filter((item) => item.status !== 'waiting');
            const next = copy();
            changedListeners.forEach((listener) => listener(next));
            return { ok: true, value: next };
          },
          dismiss: async (payload: { id: string }) => {
            log('offline:dismiss', payload);
            state.actions = state.actions.filter((item) => item.id !== payload.id);
            return { ok: true, value: copy() };
          },
          onChanged: (listener: (state: State) => void) => {
            changedListeners.push(listener);
            return () => changedListeners.splice(changedListeners.indexOf(listener), 1);
          },
        },
      };
    },
    { snapshot: options.snapshot ?? null },
  );
  await page.goto(`/console/index.html#${options.hash}`);
}

export async function bridgeRecord(page: Page): Promise<BridgeRecord> {
  return page.evaluate(() => (window as unknown as { __desktop: { record: BridgeRecord } }).__desktop.record);
}

/** What the main process does when a notification is clicked: tells the page to show its path. */
export async function clickNotification(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => (window as unknown as { __desktop: { navigate(path: string): void } }).__desktop.navigate(target), path);
}

/** A job an hour after the journey's clock (the run's morning, fixtures.ts): today's, in the console's week. */
export function sampleJob(overrides: Partial<OfflineJob> = {}): OfflineJob {
  const start = new Date(serverTimeNow().getTime() + 60 * 60 * 1000);
  start.setUTCMinutes(0, 0, 0);
  return {
    id: '5b0e7f3c-8a41-4c2e-9d55-2f7a1c9e0b11',
    title: 'Reparar calentador de agua',
    status: 'upcoming',
    scheduled_start: start.toISOString(),
    scheduled_end: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
    timezone: 'America/Puerto_Rico',
    location_address: 'Calle Loíza 1502, Santurce, San Juan',
    client: { id: 'c-1', name: 'Maritza Colón Rivera', phone: '+1 787-555-0142', email: 'maritza@example.com', address: 'Calle Loíza 1502, Santurce, San Juan' },
    ...overrides,
  };
}
