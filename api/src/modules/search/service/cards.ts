/**
 * The cards of a search (DESIGN.md §7): a row of the search statement shaped into a card, and a card
 * of the search index written straight as the JSON the same card would be (decision records 0039,
 * 0041), each card's own fields shaped once.
 */
import type { ProviderCard } from '@resuelve/contract';
import type { Storage } from '../../../lib/storage.ts';
import { rateOf, type RateColumns } from '../../providers/index.ts';
import { toCoverPhoto, type CoverPhotoColumn } from '../repository/cover-photo.ts';
import { isoInZone } from '../../availability/index.ts';
import type { CardColumns, CardRow, MemoryCardRow } from '../repository/place-index/index.ts';

/** A card's row: the search statement's columns, or the same built from the search index (repository/place-index/). */
export interface Row extends RateColumns, Omit<CardRow, keyof RateColumns | 'cover_photo'> {
  cover_photo: CoverPhotoColumn | null;
}

/** Where stored photos are served from: cards name their cover photo by address. */
export type PhotoAddresses = Pick<Storage, 'url'>;

const snippetLength = 160;

/** A description cut at a word near 160 characters, for a card. */
export function snippet(text: string | null): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= snippetLength) return flat;
  const cut = flat.slice(0, snippetLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > snippetLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** What a card shows that depends only on the provider's own columns: shaped once per card of the index and address book. */
type OwnFields = Pick<
  ProviderCard,
  'id' | 'company_name' | 'completed_jobs' | 'insured' | 'verified' | 'response_minutes' | 'municipality' | 'location' | 'profile_picture_url' | 'description' | 'rate' | 'cover_photo'
>;
/** photos -> the index's card (replaced, never changed, when the provider changes) -> its own fields. */
const ownFieldsKept = new WeakMap<PhotoAddresses, WeakMap<CardColumns, OwnFields>>();

function ownFields(card: CardColumns, photos: PhotoAddresses): OwnFields {
  let byCard = ownFieldsKept.get(photos);
  if (!byCard) ownFieldsKept.set(photos, (byCard = new WeakMap()));
  let own = byCard.get(card);
  if (!own) {
    own = {
      id: card.id,
      company_name: card.company_name,
      completed_jobs: card.completed_jobs,
      insured: card.insured,
      verified: card.verified_at !== null,
      response_minutes: card.response_median_minutes,
      municipality: card.municipality_slug && card.municipality_name ? { slug: card.municipality_slug, name: card.municipality_name } : null,
      location: card.lat !== null && card.lng !== null ? { lat: card.lat, lng: card.lng } : null,
      profile_picture_url: card.profile_picture_url,
      description: snippet(card.company_description),
      // The same columns the statement reads (rate_unit is checked by the table's constraint).
      rate: rateOf(card as unknown as RateColumns),
      cover_photo: toCoverPhoto(photos, card.cover_photo),
    };
    byCard.set(card, own);
  }
  return own;
}

/**
 * A card's JSON in four fragments around what changes per search, written once per card of the
 * index (and address book): the text of toCard's card, key for key, without building it.
 */
interface CardJson {
  /** `{"id":…,"company_name":…,"categories":` */
  start: string;
  /** `,"completed_jobs":…` */
  jobs: string;
  /** `,"insured":…,"verified":…,"response_minutes":…` */
  badges: string;
  /** `,"municipality":…,"cover_photo":…}` */
  end: string;
}
const cardJsonKept = new WeakMap<OwnFields, CardJson>();
/** A provider's categories in one language (the index's array, never changed) -> their JSON. */
const categoriesJsonKept = new WeakMap<object, string>();

function cardJson(own: OwnFields): CardJson {
  let json = cardJsonKept.get(own);
  if (!json) {
    const { municipality, location, profile_picture_url, description, rate, cover_photo } = own;
    json = {
      start: `{"id":${JSON.stringify(own.id)},"company_name":${JSON.stringify(own.company_name)},"categories":`,
      jobs: `,"completed_jobs":${JSON.stringify(own.completed_jobs)}`,
      badges: `,"insured":${JSON.stringify(own.insured)},"verified":${JSON.stringify(own.verified)},"response_minutes":${JSON.stringify(own.response_minutes)}`,
      end: `,${JSON.stringify({ municipality, location, profile_picture_url, description, rate, cover_photo }).slice(1)}`,
    };
    cardJsonKept.set(own, json);
  }
  return json;
}

/** A card from memory (decision records 0039, 0041) as JSON.stringify writes toCard's card: the same keys, in the same order. */
export function memoryCardJson(row: MemoryCardRow, photos: PhotoAddresses): string {
  const json = cardJson(ownFields(row.source, photos));
  let categories = categoriesJsonKept.get(row.categories);
  if (categories === undefined) categoriesJsonKept.set(row.categories, (categories = JSON.stringify(row.categories)));
  return (
    `${json.start}${categories},"rating_average":${JSON.stringify(row.rating)},"review_count":${JSON.stringify(row.review_count)}` +
    `${json.jobs},"years_experience":${JSON.stringify(row.years_experience)}${json.badges}` +
    `,"distance_km":${JSON.stringify(Math.round(row.km * 10) / 10)},"next_available_at":${JSON.stringify(row.next_available_at)}${json.end}`
  );
}

export function toCard(row: Row, photos: PhotoAddresses): ProviderCard {
  return {
    id: row.id,
    company_name: row.company_name,
    categories: row.categories,
    rating_average: Number(row.rating_average),
    review_count: row.review_count,
    completed_jobs: row.completed_jobs,
    years_experience: row.years_experience,
    insured: row.insured,
    verified: row.verified_at !== null,
    response_minutes: row.response_median_minutes,
    distance_km: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 10) / 10,
    next_available_at: row.next_available ? isoInZone(row.next_available, row.timezone) : null,
    municipality: row.municipality_slug && row.municipality_name ? { slug: row.municipality_slug, name: row.municipality_name } : null,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    profile_picture_url: row.profile_picture_url,
    description: snippet(row.company_description),
    rate: rateOf(row),
    cover_photo: toCoverPhoto(photos, row.cover_photo),
  };
}
