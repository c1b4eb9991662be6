/**
 * The Leaflet part of PlacesMap, in a chunk of its own: Leaflet (about 40 kB compressed) and its
 * stylesheet load only once a map is near the screen and the tile server answers (places-map.tsx).
 */
import { Link } from 'react-router';
import { CircleMarker, MapContainer, Popup, TileLayer } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { tileUrlTemplate } from './tile-probe.ts';

/** A place the map marks; its name links to `href`. */
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

export interface LeafletMapProps {
  places: readonly MapPlace[];
  bounds: LatLngBoundsExpression;
  label: string;
  attribution: string;
}

export default function LeafletMap({ places, bounds, label, attribution }: LeafletMapProps) {
  return (
    <section className="places-map" aria-label={label} data-map-state="reachable">
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
