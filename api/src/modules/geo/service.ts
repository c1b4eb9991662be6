/**
 * Puerto Rico's municipalities and ZIP codes: accent-insensitive, typo-tolerant lookup for
 * autocompletes and filters, and the point of an address (from its ZIP, else its city).
 */
import type { Knex } from 'knex';
import { notFound } from '../../lib/errors.ts';

export interface Municipality {
  slug: string;
  name: string;
  lat: number;
  lng: number;
}

export interface ZipCode {
  zip: string;
  municipality: { slug: string; name: string };
  lat: number;
  lng: number;
}

export interface Location {
  municipality_slug: string;
  lat: number;
  lng: number;
}

/** Names at least this alike count as a match ("Mayagues" finds Mayagüez). */
const typoThreshold = 0.4;
const columns = ['slug', 'name', 'lat', 'lng'];

/** Every municipality alphabetically (accents ignored) when q is empty; else the best matches first. */
export async function searchMunicipalities(db: Knex, params: { q: string; limit?: number }): Promise<{ items: Municipality[] }> {
  if (!params.q) {
    const items = await db('municipalities').select(columns).orderBy('search_name').limit(params.limit ?? 100);
    return { items };
  }
  const items = await db('municipalities')
    .crossJoin(db.raw('(SELECT lower(f_unaccent(?)) AS term) AS search', [params.q]))
    .where((where) =>
      where
        // The start of the name or of any word in it ("grande" finds Río Grande), or close enough.
        .whereRaw(`search_name LIKE search.term || '%'`)
        .orWhereRaw(`search_name LIKE '% ' || search.term || '%'`)
        .orWhereRaw('word_similarity(search.term, search_name) >= ?', [typoThreshold]),
    )
    .select(columns)
    .orderByRaw(
      `(search_name LIKE search.term || '%') DESC, (search_name LIKE '% ' || search.term || '%') DESC,
       word_similarity(search.term, search_name) DESC, search_name`,
    )
    .limit(params.limit ?? 10);
  return { items };
}

export async function getZipCode(db: Knex, zip: string): Promise<ZipCode> {
  const row = await db('zip_codes as z')
    .join('municipalities as m', 'm.slug', 'z.municipality_slug')
    .where('z.zip', zip.slice(0, 5))
    .first('z.zip', 'z.lat', 'z.lng', 'm.slug', 'm.name');
  if (!row) throw notFound('ZIP code');
  return { zip: row.zip, municipality: { slug: row.slug, name: row.name }, lat: row.lat, lng: row.lng };
}

/** The municipality a city names: exact without accents or case, else the closest name when clearly close. */
async function municipalityNamed(db: Knex, city: string): Promise<Municipality | null> {
  const row = await db('municipalities')
    .crossJoin(db.raw('(SELECT lower(f_unaccent(trim(?))) AS term) AS search', [city]))
    .where((where) => where.whereRaw('search_name = search.term').orWhereRaw('similarity(search.term, search_name) >= 0.6'))
    .orderByRaw('(search_name = search.term) DESC, similarity(search.term, search_name) DESC')
    .first(columns);
  return row ?? null;
}

/**
 * The point of an address: the ZIP's own point when the ZIP is known, else the centre of the
 * municipality the city names; null when neither tells (an address outside Puerto Rico).
 */
export async function locate(db: Knex, address: { zip?: string | null; city?: string | null }): Promise<Location | null> {
  if (address.zip) {
    const zip = await db('zip_codes').where('zip', address.zip.slice(0, 5)).first('municipality_slug', 'lat', 'lng');
    if (zip) return zip;
  }
  if (address.city?.trim()) {
    const place = await municipalityNamed(db, address.city);
    if (place) return { municipality_slug: place.slug, lat: place.lat, lng: place.lng };
  }
  return null;
}

/**
 * Places a saved address row (providers or client_profiles) from its own zip_code and city:
 * called after the address changes, so search distances follow it. Unknown places clear the point.
 */
export async function placeAddress(db: Knex, table: 'providers' | 'client_profiles', id: string): Promise<void> {
  const row = await db(table).where({ id }).first('zip_code', 'city');
  if (!row) return;
  const location = await locate(db, { zip: row.zip_code, city: row.city });
  await db(table)
    .where({ id })
    .update(location ?? { municipality_slug: null, lat: null, lng: null });
}
