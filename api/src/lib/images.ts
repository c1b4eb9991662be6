/**
 * Images are checked by their content (not their name or declared type), decoded and re-encoded
 * (which drops metadata such as GPS position), and resized to standard sizes (DESIGN.md §9).
 */
import sharp from 'sharp';

export const acceptedImageFormats = ['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'] as const;

export class ImageRejected extends Error {
  constructor(readonly reason: 'file_type_not_supported' | 'file_too_large') {
    super(reason);
  }
}

export interface ImageVariant {
  name: string;
  /** Square side in pixels (cover crop), or the longest side when `square` is false. */
  size: number;
  square: boolean;
}

export interface ProcessedVariant {
  name: string;
  body: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

export async function processImage(input: Buffer, variants: ImageVariant[], maxPixels = 40_000_000): Promise<ProcessedVariant[]> {
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: maxPixels }).metadata();
    format = meta.format;
  } catch {
    throw new ImageRejected('file_type_not_supported');
  }
  if (!format || !(acceptedImageFormats as readonly string[]).includes(format)) throw new ImageRejected('file_type_not_supported');

  return Promise.all(
    variants.map(async (variant) => {
      // rotate() applies the EXIF orientation before metadata is dropped (sharp keeps none by default).
      const pipeline = sharp(input, { limitInputPixels: maxPixels }).rotate();
      const resized = variant.square
        ? pipeline.resize(variant.size, variant.size, { fit: 'cover', position: 'attention' })
        : pipeline.resize(variant.size, variant.size, { fit: 'inside', withoutEnlargement: true });
      try {
        const { data, info } = await resized.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
        return { name: variant.name, body: data, width: info.width, height: info.height, contentType: 'image/webp' as const };
      } catch {
        throw new ImageRejected('file_type_not_supported');
      }
    }),
  );
}
