/**
 * Generates migrations/data/pr-geography.json: Puerto Rico's 78 municipalities (Census names with
 * accents, centre of each one's largest polygon) and its ZIP codes placed in the municipality whose
 * polygon holds them. Run once when the sources change:
 *   npx tsx scripts/geo/generate-geography.ts
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);

type Point = [number, number]; // [lng, lat]
type Ring = Point[];
type Polygon = Ring[];

interface Municipality {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  polygons: Polygon[];
}

export interface GeographyFile {
  municipalities: { slug: string; name: string; lat: number; lng: number }[];
  zip_codes: { zip: string; municipality_slug: string; lat: number; lng: number }[];
}

/** "Río Grande" -> "rio-grande": what URLs and filters carry. */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Signed planar area and centroid of a ring (degrees are fine at this scale). */
function ringArea(ring: Ring): { area: number; cx: number; cy: number } {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  return { area, cx: cx / (6 * area), cy: cy / (6 * area) };
}

function insideRing(point: Point, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insidePolygon(point: Point, polygon: Polygon): boolean {
  const [outer, ...holes] = polygon;
  return !!outer && insideRing(point, outer) && !holes.some((hole) => insideRing(point, hole));
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

function municipalities(): Municipality[] {
  const topology = require('us-atlas/counties-10m.json');
  const counties = feature(topology, topology.objects.counties).features.filter((f) => String(f.id).startsWith('72'));
  return counties
    .map((county) => {
      const polygons = (county.geometry.type === 'Polygon' ? [county.geometry.coordinates] : county.geometry.coordinates) as Polygon[];
      // The largest piece is the municipality itself: Mayagüez's centre stays off Isla de Mona.
      const largest = polygons
        .map((polygon) => ringArea(polygon[0]!))
        .reduce((best, next) => (Math.abs(next.area) > Math.abs(best.area) ? next : best));
      const name = county.properties.name.normalize('NFC');
      return { slug: slugOf(name), name, lat: round(largest.cy), lng: round(largest.cx), polygons };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

export function generate(): GeographyFile {
  const places = municipalities();
  const codes: Record<string, { zip: string; latitude: number; longitude: number; state: string; city: string }> = require('zipcodes/lib/codes.js').codes;
  const bySlug = new Map(places.map((place) => [place.slug, place]));
  const zips = Object.values(codes)
    // 008xx in the package are the US Virgin Islands.
    .filter((code) => code.state === 'PR' && /^00(6|7|9)\d\d$/.test(code.zip))
    .sort((a, b) => a.zip.localeCompare(b.zip))
    .map((code) => {
      const point: Point = [code.longitude, code.latitude];
      const holder = places.find((place) => place.polygons.some((polygon) => insidePolygon(point, polygon)));
      // The package's points have two decimals and a few are misplaced (00765 Vieques sits in Río
      // Grande, Bayamón's 0095x in Guaynabo): when its USPS city names a municipality whose polygon
      // misses the point, the name wins and the point moves to that municipality's centre.
      const named = bySlug.get(slugOf(code.city));
      if (named && named !== holder) return { zip: code.zip, municipality_slug: named.slug, lat: named.lat, lng: named.lng };
      // Coarse points on the coast can fall in the sea: the nearest centre takes them.
      const place = holder ?? places.reduce((best, next) => (distance(next, point) < distance(best, point) ? next : best));
      return { zip: code.zip, municipality_slug: place.slug, lat: code.latitude, lng: code.longitude };
    });
  return {
    municipalities: places.map(({ slug, name, lat, lng }) => ({ slug, name, lat, lng })),
    zip_codes: zips,
  };
}

function distance(place: { lat: number; lng: number }, point: Point): number {
  return Math.hypot(place.lng - point[0], place.lat - point[1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const data = generate();
  const target = fileURLToPath(new URL('../../migrations/data/pr-geography.json', import.meta.url));
  writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${data.municipalities.length} municipalities, ${data.zip_codes.length} ZIP codes -> ${target}`);
}
