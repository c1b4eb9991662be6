import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PlacesMap } from './places-map.tsx';
import { resetTileProbe } from './tile-probe.ts';

/** An Image that answers the probe as the tile server would: loaded, or failed. */
function stubImage(outcome: 'load' | 'error') {
  const requested: string[] = [];
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(value: string) {
      requested.push(value);
      setTimeout(() => (outcome === 'load' ? this.onload?.() : this.onerror?.()), 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
  return requested;
}

const places = [{ id: 'p1', name: 'Plomería Luis', detail: 'Mayagüez', lat: 18.2, lng: -67.14, href: '/providers/p1' }];

afterEach(() => {
  resetTileProbe();
  vi.unstubAllGlobals();
});

describe('places map', { timeout: 60_000 }, () => {
  it('falls back to a plain list of the places when the tile server does not answer', async () => {
    const requested = stubImage('error');
    render(
      <MemoryRouter>
        <PlacesMap places={places} label="Mapa" listTitle="Ubicación" />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Mapa' });
    await waitFor(() => expect(region.dataset.mapState).toBe('unreachable'), { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Plomería Luis' }).getAttribute('href')).toBe('/providers/p1');
    expect(region.querySelector('.leaflet-container')).toBeNull();
    expect(requested).toEqual(['https://tile.openstreetmap.org/0/0/0.png']);
  });

  it('shows the map when one tile loads, probing the server only once', async () => {
    const requested = stubImage('load');
    const { unmount } = render(
      <MemoryRouter>
        <PlacesMap places={places} label="Mapa" listTitle="Ubicación" />
      </MemoryRouter>,
    );
    const region = await screen.findByRole('region', { name: 'Mapa' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Mapa' }).dataset.mapState).toBe('reachable'), { timeout: 10_000 });
    expect(screen.getByRole('region', { name: 'Mapa' }).querySelector('.leaflet-container')).not.toBeNull();
    expect(region).toBeTruthy();
    unmount();
    render(
      <MemoryRouter>
        <PlacesMap places={places} label="Mapa" listTitle="Ubicación" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByRole('region', { name: 'Mapa' }).dataset.mapState).toBe('reachable'), { timeout: 10_000 });
    expect(requested).toHaveLength(1);
  });

  it('asks the tile server nothing until the map nears the screen, the list standing in meanwhile', async () => {
    const requested = stubImage('load');
    const observed: { callback: IntersectionObserverCallback; target: Element | null } = { callback: () => undefined, target: null };
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        observed.callback = callback;
      }
      observe(target: Element) {
        observed.target = target;
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <MemoryRouter>
        <PlacesMap places={places} label="Mapa" listTitle="Ubicación" />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Mapa' });
    expect(region.dataset.mapState).toBe('probing');
    expect(screen.getByRole('link', { name: 'Plomería Luis' })).toBeTruthy();
    expect(observed.target).toBe(region);
    expect(requested).toEqual([]);
    act(() => observed.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Mapa' }).querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
    expect(requested).toEqual(['https://tile.openstreetmap.org/0/0/0.png']);
  });
});
