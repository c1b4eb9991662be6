import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebPlatform } from '../src/platform/web.ts';
import { setPlatform } from '../src/platform/index.ts';
import { initI18n } from '../src/lib/i18n.ts';
import { savePreferences } from '../src/lib/preferences.ts';
import { jsonResponse, mockFetch, profile, signInResponse } from './helpers.tsx';

describe('web platform', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signs in as the web client, so the refresh token comes back as a cookie', async () => {
    const platform = createWebPlatform();
    setPlatform(platform);
    const fetch = mockFetch({ 'POST /auth/signin': () => jsonResponse(signInResponse()) });
    await expect(platform.session.signIn({ email: 'ana@example.pr', password: 'Secreto#2026' })).resolves.toMatchObject({
      access_token: 'access-1',
    });
    const init = fetch.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@example.pr', password: 'Secreto#2026', client: 'web' });
    expect(init.credentials).toBe('same-origin');
  });

  it('refreshes from the cookie, and answers null when there is no session', async () => {
    document.cookie = 'rs_session=1; path=/';
    const platform = createWebPlatform();
    setPlatform(platform);
    let answer = () => jsonResponse(signInResponse(profile(), 'fresh'));
    mockFetch({ 'POST /auth/refresh': () => answer() });
    await expect(platform.session.refresh()).resolves.toMatchObject({ access_token: 'fresh' });
    answer = () => jsonResponse({ error: 'no', status: 401, code: 'refresh_token_invalid' }, 401);
    await expect(platform.session.refresh()).resolves.toBeNull();
    answer = () => jsonResponse({ error: 'down', status: 503, code: 'service_unavailable' }, 503);
    await expect(platform.session.refresh()).rejects.toMatchObject({ status: 503 });
  });

  it('does not ask to refresh without the session marker (a visitor): no call, no 401 in the console', async () => {
    document.cookie = 'rs_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const platform = createWebPlatform();
    setPlatform(platform);
    const fetch = mockFetch({ 'POST /auth/refresh': () => jsonResponse(signInResponse(profile(), 'fresh')) });
    await expect(platform.session.refresh()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    document.cookie = 'rs_session=1; path=/';
    await expect(platform.session.refresh()).resolves.toMatchObject({ access_token: 'fresh' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets only one tab refresh at a time, so a rotated cookie is never sent twice', async () => {
    // A Web Locks stand-in that runs holders of one name strictly one after another.
    let queue = Promise.resolve();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, task: () => Promise<unknown>) => {
          const run = queue.then(task);
          queue = run.then(() => undefined, () => undefined);
          return run;
        },
      },
    });
    document.cookie = 'rs_session=1; path=/';
    const platform = createWebPlatform();
    setPlatform(platform);
    let inFlight = 0;
    let overlapped = false;
    let served = 0;
    mockFetch({
      'POST /auth/refresh': async () => {
        inFlight += 1;
        overlapped ||= inFlight > 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight -= 1;
        served += 1;
        return jsonResponse(signInResponse(profile(), `fresh-${served}`));
      },
    });
    const [first, second] = await Promise.all([platform.session.refresh(), platform.session.refresh()]);
    expect(overlapped).toBe(false);
    expect([first?.access_token, second?.access_token]).toEqual(['fresh-1', 'fresh-2']);
  });

  it('signs out with the access token', async () => {
    const platform = createWebPlatform();
    setPlatform(platform);
    const fetch = mockFetch({ 'POST /auth/signout': () => new Response(null, { status: 204 }) });
    await platform.session.signOut('tok');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('shows a notification only when the person allowed them', () => {
    const shown = vi.fn();
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown(title, options.body);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const platform = createWebPlatform();
    platform.notify({ title: 'Nueva cita', body: 'Mañana 10:00' });
    expect(shown).not.toHaveBeenCalled();
    FakeNotification.permission = 'granted';
    platform.notify({ title: 'Nueva cita', body: 'Mañana 10:00' });
    expect(shown).toHaveBeenCalledWith('Nueva cita', 'Mañana 10:00');
  });

  it('opens external links in a new window without access to this one', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    createWebPlatform().openExternal('https://maps.example/x');
    expect(open).toHaveBeenCalledWith('https://maps.example/x', '_blank', 'noopener,noreferrer');
  });
});

describe('i18n loading', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads namespaces from /locales/{lng}/{ns}.json, in Spanish unless the visitor chose otherwise', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        requested.push(url);
        return jsonResponse(url.endsWith('/common.json') ? { loading: url.includes('/en/') ? 'Loading…' : 'Cargando…' } : {});
      }),
    );
    const i18n = initI18n();
    await new Promise<void>((resolve) => (i18n.isInitialized ? resolve() : i18n.on('initialized', () => resolve())));
    await i18n.loadNamespaces(['common']);
    expect(requested).toEqual(expect.arrayContaining(['/locales/es/common.json', '/locales/es/nav.json', '/locales/es/errors.json']));
    expect(i18n.t('loading')).toBe('Cargando…');

    savePreferences({ language: 'en' });
    const english = initI18n();
    await new Promise<void>((resolve) => (english.isInitialized ? resolve() : english.on('initialized', () => resolve())));
    expect(english.language).toBe('en');
    await english.loadNamespaces(['common']);
    expect(english.t('loading')).toBe('Loading…');
  });
});
