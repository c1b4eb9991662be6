import { useMemo } from 'react';
import { Link } from 'react-router';
import { CircleMarker, MapContainer, Popup, TileLayer } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { tileUrlTemplate, useTileStatus } from './tile-probe.ts';
import './places-map.css';

export interface MapPlace {
  id: string;
  name: string;
  /** A second line, e.g. the municipality. */
  detail?: string;
  lat: number;
  lng: number;
  /** Where the place's name leads. */
  href?: string;
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
 * Places on a map when the tile server answers (probed once), else the same places as a plain
 * list, so a blocked or offline tile server never leaves an empty box.
 */
export function PlacesMap({ places, label, listTitle, attribution = '© OpenStreetMap contributors', withoutTiles = 'list' }: PlacesMapProps) {
  const status = useTileStatus();
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
    if (withoutTiles === 'nothing') return null;
    return (
      <section className="places-list" aria-label={label} data-map-state={status}>
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
    <section className="places-map" aria-label={label} data-map-state={status}>
      <MapContainer bounds={bounds} className="places-map__canvas" scrollWheelZoom={false} maxZoom={16}>
        <TileLayer url={tileUrlTemplate} attribution={attribution} maxZoom={19} />
        {places.map((place) => (
          <CircleMarker
            key={place.id}
            center={[place.lat, place.lng]}
            radius={9}
            pathOptions={{ color: '#0b5c56', fillColor: '#0f766e', fillOpacity: 0.85, weight: 2 }}
          >
            <Popup>
              {place.href ? <Link to={place.href}>{place.name}</Link> : <strong>{place.name}</strong>}
              {place.detail ? <div>{place.detail}</div> : null}
            </Popup>
          </CircleMarker>
        ))}
      </MapContainer>
    </section>
  );
}
