import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoError, processPhoto } from './photo-evidence.ts';

// A real HEIC (HEVC-coded, like an iPhone's), made with libheif's heif-enc from a 2000×1500 JPEG whose left half is
// red and right half blue, carrying EXIF DateTimeOriginal 2026:03:14 09:26:53, offset -07:00, and a GPS position.
const HEIC = readFileSync(resolve(import.meta.dirname, 'fixtures/iphone-photo.heic'));

const exif = {
  IFD0: { Make: 'Canon', Model: 'EOS' },
  IFD2: { DateTimeOriginal: '2026:03:14 09:26:53', OffsetTimeOriginal: '-07:00' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 1080/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 3000/100', GPSAltitudeRef: '0', GPSAltitude: '585/10' },
};

async function jpeg(width: number, height: number, over: { exif?: typeof exif | null; orientation?: number } = {}): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: '#2a7' } });
  if (over.exif !== null) img = img.withExif(over.exif ?? exif);
  if (over.orientation) img = img.withMetadata({ orientation: over.orientation });
  return img.jpeg().toBuffer();
}

async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [raw[i]!, raw[i + 1]!, raw[i + 2]!];
}

describe('processPhoto', () => {
  it('hashes the original, reads EXIF time and GPS, resizes to 1600 px and a thumbnail, strips metadata from the copies', async () => {
    const original = await jpeg(4000, 3000);
    const p = await processPhoto(original);
    expect(p.sha256).toBe(createHash('sha256').update(original).digest('hex'));
    expect(p).toMatchObject({ bytes: original.length, mime: 'image/jpeg', width: 4000, height: 3000, taken_at: '2026-03-14T09:26:53-07:00' });
    expect(p.position).toEqual({ latitude: -33.869667, longitude: 151.208333, altitude_m: 58.5 });
    expect(p.resized).toMatchObject({ mime: 'image/jpeg', width: 1600, height: 1200 });
    expect(p.thumbnail).toMatchObject({ width: 320, height: 240 });
    for (const c of [p.resized, p.thumbnail]) {
      const m = await sharp(c.data).metadata();
      expect(m.format).toBe('jpeg');
      expect(m.exif).toBeUndefined();
      expect(m.icc).toBeUndefined();
    }
  });

  it('applies the EXIF orientation to the copies: a 6 (rotate 90°) turns 400×200 into 200×400', async () => {
    const p = await processPhoto(await jpeg(400, 200, { orientation: 6 }));
    expect(p).toMatchObject({ width: 200, height: 400 });
    expect(p.resized).toMatchObject({ width: 200, height: 400 });
    expect(p.thumbnail).toMatchObject({ width: 160, height: 320 });
  });

  it('never enlarges a small photo; PNG with transparency comes out on white', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const p = await processPhoto(png);
    expect(p).toMatchObject({ mime: 'image/png', taken_at: null, position: null, resized: { width: 300, height: 200 } });
    expect(await pixel(p.resized.data, 10, 10)).toEqual([255, 255, 255]);
  });

  it('a photo without EXIF, or with only a local time, keeps what it has', async () => {
    expect(await processPhoto(await jpeg(100, 100, { exif: null }))).toMatchObject({ taken_at: null, position: null });
    const localOnly = await processPhoto(await jpeg(100, 100, { exif: { ...exif, IFD2: { DateTimeOriginal: '2025:12:31 23:59:59' } as typeof exif.IFD2, IFD3: {} as typeof exif.IFD3 } }));
    expect(localOnly).toMatchObject({ taken_at: '2025-12-31T23:59:59', position: null });
  });

  it('reads WebP with EXIF', async () => {
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f00' } }).withExif(exif).webp().toBuffer();
    expect(await processPhoto(webp)).toMatchObject({ mime: 'image/webp', taken_at: '2026-03-14T09:26:53-07:00', resized: { width: 64, height: 48 } });
  });

  it('decodes a real HEIC (HEVC) photo: EXIF, GPS, resized pixels', async () => {
    const p = await processPhoto(HEIC);
    expect(p.sha256).toBe(createHash('sha256').update(HEIC).digest('hex'));
    expect(p).toMatchObject({ mime: 'image/heic', width: 2000, height: 1500, taken_at: '2026-03-14T09:26:53-07:00' });
    expect(p.position).toEqual({ latitude: 34.053428, longitude: -118.245, altitude_m: null });
    expect(p.resized).toMatchObject({ width: 1600, height: 1200 });
    expect(p.thumbnail).toMatchObject({ width: 320, height: 240 });
    // Left half red, right half blue: the pixels were really decoded.
    const [lr, lg, lb] = await pixel(p.resized.data, 200, 600);
    const [rr, rg, rb] = await pixel(p.resized.data, 1400, 600);
    expect(lr!).toBeGreaterThan(150);
    expect(lb!).toBeLessThan(90);
    expect(rb!).toBeGreaterThan(150);
    expect(rr!).toBeLessThan(90);
    expect(Math.max(lg!, rg!)).toBeLessThan(110);
    expect((await sharp(p.resized.data).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['text', Buffer.from('hello, this is not a photo')],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
    ['truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])],
    ['truncated HEIC', HEIC.subarray(0, 600)],
  ])('refuses %s with a clear message', async (_name, bytes) => {
    await expect(processPhoto(bytes)).rejects.toThrow(PhotoError);
    await expect(processPhoto(bytes)).rejects.toThrow(/^The (file is not a photo Covenant can read|HEIC photo could not be decoded)/);
  });

  it('refuses an empty file', async () => {
    await expect(processPhoto(Buffer.alloc(0))).rejects.toThrow('The file is empty.');
  });
});
