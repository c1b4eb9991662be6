import { afterEach, describe, expect, it } from 'vitest';
import { beginHydration, markHydrated, renderNow, setServerRenderMoment } from './use-hydrated.ts';

describe('renderNow', () => {
  afterEach(() => {
    markHydrated();
    setServerRenderMoment(() => undefined);
    delete document.documentElement.dataset.hydrated;
  });

  it('is the server’s moment while a server page hydrates, then this device’s clock', () => {
    const serverNow = '2031-03-04T12:00:00.000Z';
    beginHydration(serverNow);
    expect(renderNow().toISOString()).toBe(serverNow);
    markHydrated();
    expect(Math.abs(renderNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('is the page’s own moment on the server, and the device’s clock when the page carries none', () => {
    const rendered = new Date('2030-01-01T08:00:00.000Z');
    setServerRenderMoment(() => rendered);
    expect(renderNow()).toBe(rendered);
    setServerRenderMoment(() => undefined);
    beginHydration(undefined);
    expect(Math.abs(renderNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});
