import type { CoverPhoto as CoverPhotoData } from '@resuelve/contract';
import { projectImageFile } from '@resuelve/contract';

/**
 * A photo of the provider's work (decision record 0028): WebP in every stored width, its blurred
 * placeholder drawn beneath while it loads. Decorative: the portfolio names each photo. `priority`:
 * the page's largest paint (a profile's header, the first card), asked for at once and first
 * (decision 0038); the others wait until they near the screen.
 */
export function CoverPhoto({ photo, sizes, className, priority = false }: { photo: CoverPhotoData; sizes: string; className?: string; priority?: boolean }) {
  const srcSet = photo.widths.map((width) => `${projectImageFile(photo, width, 'webp')} ${width}w`).join(', ');
  return (
    <div className={`cover-photo ${className ?? ''}`} style={{ backgroundImage: `url("${photo.placeholder}")` }}>
      <img src={photo.url} srcSet={srcSet} sizes={sizes} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} decoding="async" />
    </div>
  );
}

/**
 * A provider with no photo of their work: their own picture (a 512 px square) fills the card's
 * photo, cropped to its shape, so every card that has a picture leads with one.
 */
export function PictureCover({ url, className, priority = false }: { url: string; className?: string; priority?: boolean }) {
  return (
    <div className={`cover-photo cover-photo--picture ${className ?? ''}`}>
      <img src={url} width={512} height={512} alt="" loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} decoding="async" />
    </div>
  );
}
