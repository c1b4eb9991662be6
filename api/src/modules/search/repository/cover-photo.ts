/**
 * The one photo that stands for a provider's work on a card and a profile (decision record 0028):
 * from their public projects, the featured first, then the most liked, then the newest; within
 * the project its cover, else its first photo. One correlated subquery per provider, inside the
 * statement that reads the cards, so a page of cards costs no query per card.
 */
import type { CoverPhoto } from '@resuelve/contract';
import { projectImageFile } from '@resuelve/contract';
import type { Storage } from '../../../lib/storage.ts';

/** SQL of a json column `{ path, widths, placeholder }` or null, for the provider id in `providerIdSql`. */
export function coverPhotoSql(providerIdSql: string): string {
  return `(SELECT json_build_object('path', pi.path, 'widths', pi.widths, 'placeholder', pi.placeholder)
      FROM projects pj JOIN project_images pi ON pi.project_id = pj.id
     WHERE pj.provider_id = ${providerIdSql} AND pj.is_public
     ORDER BY pj.featured DESC, pj.likes DESC, pj.created_at DESC, pj.id, pi.is_cover DESC, pi.position
     LIMIT 1)`;
}

export interface CoverPhotoColumn {
  path: string;
  widths: number[];
  placeholder: string;
}

/** A card is at most ~400 px wide, 2× on dense screens: the 640 px file (or the largest below it). */
const cardWidth = 640;

export function toCoverPhoto(storage: Pick<Storage, 'url'>, column: CoverPhotoColumn | null): CoverPhoto | null {
  if (!column || column.widths.length === 0) return null;
  const src = storage.url(column.path);
  const widths = [...column.widths].sort((a, b) => a - b);
  const width = [...widths].reverse().find((w) => w <= cardWidth) ?? widths[0]!;
  return { url: projectImageFile({ src }, width, 'webp'), src, widths, placeholder: column.placeholder };
}
