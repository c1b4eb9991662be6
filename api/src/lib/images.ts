/**
 * Images are checked by their content (not their name or declared type), decoded and re-encoded
 * (which drops metadata such as GPS position), and resized to standard sizes (DESIGN.md §9).
 */
import sharp, { type OutputInfo } from 'sharp';

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

export interface ResponsiveVariant {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface ResponsiveImage {
  /** Of the largest stored width (the photo as shown, orientation applied). */
  width: number;
  height: number;
  /** A blurred 16 px WebP as a data URI, shown while the photo loads. */
  placeholder: string;
  variants: ResponsiveVariant[];
}

export interface ResponsiveOptions {
  /** Formats accepted, judged by content. */
  formats: readonly string[];
  /** Target widths; none wider than the photo, and the photo's own width when it is narrower than the largest. */
  widths: readonly number[];
  maxPixels?: number;
}

/** The widths a photo `width` pixels wide is stored in. */
export function widthsFor(width: number, targets: readonly number[]): number[] {
  return [...new Set([...targets.filter((target) => target < width), Math.min(width, Math.max(...targets))])].sort((a, b) => a - b);
}

/**
 * A photo for responsive galleries: decoded once (orientation applied, at most the largest width),
 * flattened on white, then each width encoded as WebP and as JPEG from those pixels. Raw pixels
 * carry no metadata, so nothing of the original's EXIF, GPS, XMP or comments survives.
 */
export async function processResponsiveImage(input: Buffer, options: ResponsiveOptions): Promise<ResponsiveImage> {
  const maxPixels = options.maxPixels ?? 40_000_000;
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: maxPixels }).metadata()).format;
  } catch {
    throw new ImageRejected('file_type_not_supported');
  }
  if (!format || !options.formats.includes(format)) throw new ImageRejected('file_type_not_supported');

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, { limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: Math.max(...options.widths), withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected('file_type_not_supported');
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const from = () => sharp(data, raw);

  const variants = await Promise.all(
    widthsFor(info.width, options.widths).map(async (width) => {
      const resized = () => (width === info.width ? from() : from().resize({ width }));
      const [webp, jpeg] = await Promise.all([
        resized().webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
        resized().jpeg({ quality: 80, progressive: true }).toBuffer(),
      ]);
      return { width, height: webp.info.height, webp: webp.data, jpeg };
    }),
  );
  const tiny = await from().resize({ width: 16 }).webp({ quality: 40 }).toBuffer();
  return { width: info.width, height: info.height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, variants };
}
