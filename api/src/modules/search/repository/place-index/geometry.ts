/**
 * The arithmetic of earthdistance, in memory: ll_to_earth, earth_box and earth_distance on a
 * sphere of earth() metres, the distance rounded to metres as `round((d / 1000)::numeric, 3)`
 * rounds it. The index picks a page with the very numbers PostgreSQL would compare.
 */

/** earth() of the earthdistance extension, in metres. */
const earthRadius = 6378168;
/** PostgreSQL's RADIANS_PER_DEGREE (0.0174532925199432957692), the same double as pi / 180: radians() multiplies by it. */
const radiansPerDegree = Math.PI / 180;

export interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/** ll_to_earth(lat, lng) as earthdistance computes it. */
export function earthPoint(lat: number, lng: number): EarthPoint {
  const la = lat * radiansPerDegree;
  const lo = lng * radiansPerDegree;
  return { x: earthRadius * Math.cos(la) * Math.cos(lo), y: earthRadius * Math.cos(la) * Math.sin(lo), z: earthRadius * Math.sin(la) };
}

/** gc_to_sec: the chord of a great-circle distance. */
export function chordOf(meters: number): number {
  if (meters < 0) return 0;
  if (meters / earthRadius > Math.PI) return 2 * earthRadius;
  return 2 * earthRadius * Math.sin(meters / (2 * earthRadius));
}

/** earth_box(origin, metres): the cube's bounds as earthdistance computes them (compared as cube containment compares them). */
export function earthBox(origin: EarthPoint, meters: number) {
  const half = chordOf(meters);
  return { minX: origin.x - half, maxX: origin.x + half, minY: origin.y - half, maxY: origin.y + half, minZ: origin.z - half, maxZ: origin.z + half };
}

/** sec_to_gc: the great-circle distance of a chord. */
function greatCircle(chord: number): number {
  if (chord < 0) return 0;
  if (chord / (2 * earthRadius) > 1) return Math.PI * earthRadius;
  return 2 * earthRadius * Math.asin(chord / (2 * earthRadius));
}

/** earth_distance(origin, point) in metres. */
export function earthDistance(origin: EarthPoint, point: EarthPoint): number {
  const dx = origin.x - point.x;
  const dy = origin.y - point.y;
  const dz = origin.z - point.z;
  return greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz));
}

/**
 * round((metres / 1000)::numeric, 3) as a number: float8 becomes numeric through its 15
 * significant digits, then rounds half away from zero.
 */
export function roundedKm(meters: number): number {
  const km = meters / 1000;
  const milli = km * 1000;
  const fraction = milli - Math.floor(milli);
  // Only a value next to a half-metre needs the exact decimal rule.
  if (Math.abs(fraction - 0.5) > 1e-6) return Math.round(milli) / 1000;
  const text = km.toPrecision(15);
  if (text.includes('e')) return Math.round(milli) / 1000;
  const [whole, decimals = ''] = text.split('.');
  const digits = decimals.padEnd(4, '0');
  let result = Number(whole) * 1000 + Number(digits.slice(0, 3));
  if (digits[3]! >= '5') result += 1;
  return result / 1000;
}

/**
 * Which points (x y z of each in turn in `xyz`) are within `meters` of `origin` (earth_box, then
 * earth_distance), by their positions, with their distances. The points are read from one array
 * of numbers rather than from objects spread over the heap: a category's thousands of points are
 * checked in a few microseconds.
 */
export function inCircle(xyz: Float64Array, origin: EarthPoint, meters: number): { at: number[]; meters: number[] } {
  const { minX, maxX, minY, maxY, minZ, maxZ } = earthBox(origin, meters);
  const found: { at: number[]; meters: number[] } = { at: [], meters: [] };
  for (let i = 0, j = 0; j < xyz.length; i += 1, j += 3) {
    const x = xyz[j]!;
    const y = xyz[j + 1]!;
    const z = xyz[j + 2]!;
    if (x < minX || x > maxX || y < minY || y > maxY || z < minZ || z > maxZ) continue;
    const dx = origin.x - x;
    const dy = origin.y - y;
    const dz = origin.z - z;
    const distance = greatCircle(Math.sqrt(dx * dx + dy * dy + dz * dz));
    if (distance > meters) continue;
    found.at.push(i);
    found.meters.push(distance);
  }
  return found;
}
