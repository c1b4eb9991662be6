/** The one function of topojson-client (no published types) the geography script uses. */
declare module 'topojson-client' {
  export function feature(topology: unknown, object: unknown): {
    type: 'FeatureCollection';
    features: Array<{ id?: string; properties: { name: string }; geometry: { type: string; coordinates: unknown } }>;
  };
}
