import { lazy, Suspense, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { LatLngBoundsExpression } from 'leaflet';
import { useTileStatus } from './tile-probe.ts';
import type { MapPlace } from './leaflet-map.tsx';
import './places-map.css';

export type { MapPlace };

// Leaflet and its stylesheet: a chunk of their own, fetched when a map is about to be seen.
const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** Whether the element is on or near the screen (at once where the browser cannot tell). */
function useNearScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export interface PlacesMapProps {
  places: readonly MapPlace[];
  /** Names the map region for screen readers. */
  label: string;
  /** Heading of the plain list shown when the tile server does not answer. */
  listTitle: string;
  /** Tile attribution, required by the tile server's licence. */
  attribution?: string;
  /** What stands in for the map while probing or without tiles: the places as a list (default), or nothing when the page lists them already. */
  withoutTiles?: 'list' | 'nothing';
}

// The island fits in this box when there is nothing to frame.
const puertoRico: LatLngBoundsExpression = [
  [17.88, -67.3],
  [18.52, -65.2],
];

/**
 * Places on a map when the tile server answers (probed once, when the map nears the screen), else
 * the same places as a plain list, so a blocked or offline tile server never leaves an empty box.
 * Until then (and on the server) the list stands in; Leaflet is loaded only for a map to show.
 */
export function PlacesMap({ places, label, listTitle, attribution = '© OpenStreetMap contributors', withoutTiles = 'list' }: PlacesMapProps) {
  const [ref, near] = useNearScreen<HTMLElement>();
  const status = useTileStatus(near);
  const bounds = useMemo<LatLngBoundsExpression>(() => {
    if (places.length === 0) return puertoRico;
    const lats = places.map((p) => p.lat);
    const lngs = places.map((p) => p.lng);
    const pad = 0.02;
    return [
      [Math.min(...lats) - pad, Math.min(...lngs) - pad],
      [Math.max(...lats) + pad, Math.max(...lngs) + pad],
    ];
  }, [places]);

  if (status !== 'reachable') {
    if (withoutTiles === 'nothing') return <div ref={ref as RefObject<HTMLDivElement | null>} className="places-map__pending" data-map-state={status} />;
    return (
      <section ref={ref} className="places-list" aria-label={label} data-map-state={status}>
        <h3 className="places-list__title">{listTitle}</h3>
        <ul>
          {places.map((place) => (
            <li key={place.id}>
              {place.href ? <Link to={place.href}>{place.name}</Link> : <span>{place.name}</span>}
              {place.detail ? <span className="muted"> · {place.detail}</span> : null}
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <Suspense fallback={<div className="places-map__canvas" data-map-state="loading" />}>
      <LeafletMap places={places} bounds={bounds} label={label} attribution={attribution} />
    </Suspense>
  );
}
