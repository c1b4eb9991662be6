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
