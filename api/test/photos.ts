/** Photos made on the spot for the upload tests, the benchmark and the journeys. */
import sharp from 'sharp';

/** A JPEG `width` × `height` carrying EXIF with a camera and a GPS position (San Juan). */
export function jpegWithGps(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 170 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone', ImageDescription: 'Casa de la familia Rivera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '66/1 6/1 0/1' },
    })
    .toBuffer();
}

/** A small PNG in a colour of its own (tests that need many photos quickly). */
export function smallPng(seed = 0, width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 47) % 256, g: (seed * 91) % 256, b: 128 } } })
    .png()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3300' } }).gif().toBuffer();
}

/**
 * A JPEG of about `bytes` (a phone photo's size): noise compresses badly, so a large picture of
 * noise at high quality comes close to a real 10 MB photo's decoding and encoding work.
 */
export async function largeJpeg(bytes = 10 * 1024 * 1024 - 200_000): Promise<Buffer> {
  const width = 4400;
  const height = 3300;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  let quality = 95;
  for (;;) {
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= bytes || quality <= 50) return jpeg;
    quality -= 5;
  }
}
