import type { CSSProperties } from 'react';
import { projectImageFile } from '@resuelve/contract';
import type { UploadedProjectImage } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import './project.css';

/** A stored file's address for this app: the desktop loads them from the api's origin. */
export function mediaUrl(url: string): string {
  const origin = hasPlatform() ? getPlatform().apiOrigin : '';
  return url.startsWith('/') ? `${origin}${url}` : url;
}

export interface ProjectPictureProps {
  image: UploadedProjectImage;
  alt: string;
  /** The `sizes` of the layout it sits in, so the browser fetches the width it needs. */
  sizes: string;
  /** tile: cropped to 4:3 (galleries); whole: the photo's own shape (the viewer). */
  fit?: 'tile' | 'whole';
  /** Above the fold or in the viewer: load now instead of when scrolled near. */
  eager?: boolean;
}

/**
 * A project photo: WebP at every stored width with the JPEG widths as the fallback, its own
 * width and height so the room is kept before it loads, and the blurred placeholder painted
 * behind it until it does (decision 0022). The photo is never hidden waiting for a load event: a
 * server-rendered photo often loads before the app runs, and its event, missed, would have left
 * it hidden behind the placeholder (and hidden for good with JavaScript off).
 */
export function ProjectPicture({ image, alt, sizes, fit = 'tile', eager = false }: ProjectPictureProps) {
  const srcset = (format: 'webp' | 'jpg') => image.widths.map((width) => `${mediaUrl(projectImageFile(image, width, format))} ${width}w`).join(', ');
  const fallback = image.widths.find((width) => width >= 640) ?? image.widths[image.widths.length - 1];
  return (
    <picture
      className={`project-picture project-picture--${fit}`}
      style={
        {
          backgroundImage: `url("${image.placeholder}")`,
          aspectRatio: fit === 'whole' ? `${image.width} / ${image.height}` : undefined,
          '--project-picture-ratio': (image.width / image.height).toFixed(4),
        } as CSSProperties
      }
    >
      <source type="image/webp" srcSet={srcset('webp')} sizes={sizes} />
      <img
        className="project-picture__img"
        src={fallback === undefined ? mediaUrl(image.url) : mediaUrl(projectImageFile(image, fallback, 'jpg'))}
        srcSet={srcset('jpg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
