/**
 * Portfolio projects (SPEC.md §3 Project, §5, §9): the limits, lists and shapes the api and the
 * ui share. Photos are stored in several widths as WebP with a JPEG beside each, and carry a tiny
 * blurred placeholder, so a gallery reserves each photo's room before it loads.
 */
import { limits } from './limits.ts';

export const projectLimits = {
  titleMinLength: 3,
  titleMaxLength: 120,
  descriptionMinLength: 10,
  descriptionMaxLength: 4000,
  projectTypeMaxLength: 80,
  listItemMaxLength: 40,
  /** Materials and tags: at most this many entries each. */
  listMaxItems: 20,
  imagesMin: 1,
  imagesMax: limits.projectImagesMax,
  imageMaxBytes: limits.projectImageMaxBytes,
  /** Widths a photo is stored in (never wider than the photo itself). */
  imageWidths: [320, 640, 1280, 2048] as const,
  /** Featured projects on the landing page, unless asked otherwise. */
  featuredDefault: 10,
  featuredMax: 30,
  /** An upload no project took is removed after this long. */
  unusedUploadHours: 24,
} as const;

/** The formats a project photo may arrive in, judged by content. */
export const projectImageFormats = ['jpeg', 'png'] as const;

export const projectSorts = ['newest', 'oldest', 'most_liked', 'most_viewed'] as const;
export type ProjectSort = (typeof projectSorts)[number];

export const budgetRanges = ['under_1k', '1k_5k', '5k_15k', '15k_50k', 'over_50k'] as const;
export type BudgetRange = (typeof budgetRanges)[number];

/**
 * What an upload answers: `path` is what a project's `images` name it by. Each stored width `w`
 * of `widths` is served at `${src}-${w}.webp` and, as the JPEG fallback, `${src}-${w}.jpg`; `url`
 * is the WebP of the largest width up to 1280 px.
 */
export interface UploadedProjectImage {
  url: string;
  path: string;
  src: string;
  widths: number[];
  width: number;
  height: number;
  placeholder: string;
}

/** The address of one stored width of a photo. */
export function projectImageFile(image: Pick<UploadedProjectImage, 'src'>, width: number, format: 'webp' | 'jpg'): string {
  return `${image.src}-${width}.${format}`;
}

export interface ProjectImage extends UploadedProjectImage {
  is_cover: boolean;
  position: number;
}

export interface Project {
  id: string;
  provider_id: string;
  provider_name: string;
  title: string;
  description: string;
  project_type: string | null;
  /** A municipality slug, with its name. */
  location: string | null;
  location_name: string | null;
  start_date: string | null;
  completion_date: string | null;
  duration_days: number | null;
  budget_range: BudgetRange | null;
  materials: string[];
  tags: string[];
  featured: boolean;
  is_public: boolean;
  likes: number;
  views: number;
  /** Whether the signed-in caller likes it (false for visitors). */
  liked: boolean;
  images: ProjectImage[];
  created_at: string;
  updated_at: string;
}

export interface ProjectImageInput {
  path: string;
  is_cover: boolean;
}

export interface NewProject {
  title: string;
  description: string;
  is_public: boolean;
  images: ProjectImageInput[];
  project_type?: string | null;
  location?: string | null;
  start_date?: string | null;
  completion_date?: string | null;
  budget_range?: BudgetRange | null;
  materials?: string[];
  tags?: string[];
  featured?: boolean;
}

export type ProjectChanges = Partial<NewProject>;

export interface LikeState {
  liked: boolean;
  likes: number;
}

export interface PortfolioStats {
  total: number;
  views: number;
  likes: number;
  featured: number;
}

/** "tile, grout,  cement" → ["tile", "grout", "cement"]: how materials and tags are typed. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

/** Exactly one cover among the photos. */
export function hasOneCover(images: readonly { is_cover: boolean }[]): boolean {
  return images.filter((image) => image.is_cover).length === 1;
}
