import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejected, processImage } from '../src/lib/images.ts';
import { FolderStorage, isSafeKey, newKey } from '../src/lib/storage.ts';

/** A real PNG carrying EXIF metadata with a GPS position. */
async function pngWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 12/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '67/1 8/1 0/1' } })
    .toBuffer();
}

describe('image processing', () => {
  it('keeps GPS metadata out of every stored variant', async () => {
    const input = await pngWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined(); // the input really carries it
    const [thumb, large] = await processImage(input, [
      { name: 'thumb', size: 128, square: true },
      { name: 'large', size: 512, square: true },
    ]);
    for (const variant of [thumb!, large!]) {
      const meta = await sharp(variant.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(variant.body.includes(Buffer.from('TestCam'))).toBe(false);
    }
    expect([thumb!.width, thumb!.height, large!.width, large!.height]).toEqual([128, 128, 512, 512]);
  });

  it('refuses a text file whatever its name says', async () => {
    await expect(processImage(Buffer.from('just some text pretending to be a jpg'), [{ name: 't', size: 64, square: true }])).rejects.toBeInstanceOf(
      ImageRejected,
    );
  });

  it('does not enlarge small pictures when not square', async () => {
    const small = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const [out] = await processImage(small, [{ name: 'full', size: 1600, square: false }]);
    expect([out!.width, out!.height]).toEqual([100, 50]);
  });
});

describe('folder storage', () => {
  it('stores, reads and deletes under generated keys only', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-storage-'));
    const storage = new FolderStorage(root);
    const key = `${newKey('profile')}-256.webp`;
    const stored = await storage.put(key, Buffer.from('x'), 'image/webp');
    expect(stored.url).toBe(`/uploads/${key}`);
    expect((await storage.read(key))?.toString()).toBe('x');
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(isSafeKey('../etc/passwd.png')).toBe(false);
    expect(isSafeKey('profile/../../x.webp')).toBe(false);
    await expect(storage.put('../../evil.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
