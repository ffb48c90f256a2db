import { createHash } from 'node:crypto';
import exifr from 'exifr';
import heicDecode from 'heic-decode';
import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * An uploaded photo as evidence: the SHA-256 of the original bytes (kept unchanged), its EXIF capture time and
 * GPS position, a resized JPEG with the orientation applied and no metadata, and a thumbnail. iPhone HEIC is
 * decoded with libheif compiled to WebAssembly (heic-decode) because sharp's prebuilt libvips has no HEVC decoder.
 */

export class PhotoError extends Error {}

const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/heif', tiff: 'image/tiff', gif: 'image/gif' };
export const MAX_SIDE = 1600;
export const THUMB_SIDE = 320;

export interface ImageCopy {
  data: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

export interface PhotoEvidence {
  sha256: string;
  bytes: number;
  /** The original's type as read from its content, never from its name. */
  mime: string;
  width: number;
  height: number;
  /** When the camera says it took the photo: local time, with its offset when the camera recorded one. */
  taken_at: string | null;
  position: { latitude: number; longitude: number; altitude_m: number | null } | null;
  resized: ImageCopy;
  thumbnail: ImageCopy;
}

const NOT_AN_IMAGE = 'The file is not a photo Covenant can read: send a JPEG, PNG, WebP, HEIC, TIFF or GIF image.';

/** Reads a photo's bytes into its evidence record; refuses anything that is not a supported image. */
export async function processPhoto(original: Buffer, options: { max_side?: number; thumb_side?: number } = {}): Promise<PhotoEvidence> {
  if (original.length === 0) throw new PhotoError('The file is empty.');
  let meta: Metadata;
  try {
    meta = await sharp(original).metadata();
  } catch {
    throw new PhotoError(NOT_AN_IMAGE);
  }
  const mime = meta.format === 'heif' ? (meta.mediaType ?? 'image/heif') : FORMATS[meta.format ?? ''];
  if (!mime || !meta.width || !meta.height) throw new PhotoError(NOT_AN_IMAGE);
  const exif = await readExif(meta.exif);
  const pixels = await decodable(original, meta);
  const [resized, thumbnail] = await Promise.all([
    copy(pixels, options.max_side ?? MAX_SIDE, 82),
    copy(pixels, options.thumb_side ?? THUMB_SIDE, 75),
  ]);
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return {
    sha256: createHash('sha256').update(original).digest('hex'),
    bytes: original.length,
    mime,
    width: upright.width,
    height: upright.height,
    ...exif,
    resized,
    thumbnail,
  };
}

/** A sharp pipeline on pixels it can decode: HEVC-coded HEIF goes through libheif in WebAssembly first. */
async function decodable(original: Buffer, meta: Metadata): Promise<Sharp> {
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    let decoded: Awaited<ReturnType<typeof heicDecode>>;
    try {
      decoded = await heicDecode({ buffer: new Uint8Array(original) });
    } catch {
      throw new PhotoError('The HEIC photo could not be decoded; send it again, or as a JPEG.');
    }
    // libheif applies the container's rotation and mirroring, so the pixels are already upright.
    const data = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    return sharp(data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
  }
  try {
    return sharp(original, { animated: false }).rotate();
  } catch {
    throw new PhotoError(NOT_AN_IMAGE);
  }
}

async function copy(pipeline: Sharp, side: number, quality: number): Promise<ImageCopy> {
  try {
    const { data, info } = await pipeline.clone()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw new PhotoError(NOT_AN_IMAGE);
  }
}

/** Capture time and position from the EXIF block sharp found in any container (JPEG, PNG, WebP, HEIF, TIFF). */
async function readExif(block: Buffer | undefined): Promise<Pick<PhotoEvidence, 'taken_at' | 'position'>> {
  const none = { taken_at: null, position: null };
  if (!block || block.length < 8) return none;
  // JPEG's APP1 keeps an "Exif\0\0" header before the TIFF structure; other containers hand over the TIFF alone.
  const tiff = block.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? block.subarray(6) : block;
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(tiff, { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false, pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'OffsetTimeDigitized', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef', 'GPSAltitude', 'GPSAltitudeRef'] });
  } catch {
    return none;
  }
  if (!tags) return none;
  return { taken_at: takenAt(tags), position: position(tags) };
}

// EXIF dates are "YYYY:MM:DD HH:MM:SS" in the camera's local time; the offset, when present, is a separate tag.
function takenAt(tags: Record<string, unknown>): string | null {
  const pairs: Array<[unknown, unknown]> = [[tags.DateTimeOriginal, tags.OffsetTimeOriginal], [tags.CreateDate, tags.OffsetTimeDigitized]];
  for (const [raw, offset] of pairs) {
    const m = typeof raw === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw.trim()) : null;
    if (!m || m[1] === '0000') continue;
    const local = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
    if (Number.isNaN(Date.parse(`${local}Z`))) continue;
    const off = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : '';
    return `${local}${off}`;
  }
  return null;
}

function position(tags: Record<string, unknown>): PhotoEvidence['position'] {
  const lat = typeof tags.latitude === 'number' ? tags.latitude : null;
  const lon = typeof tags.longitude === 'number' ? tags.longitude : null;
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const alt = typeof tags.GPSAltitude === 'number' ? tags.GPSAltitude * (tags.GPSAltitudeRef === 1 ? -1 : 1) : null;
  return { latitude: round6(lat), longitude: round6(lon), altitude_m: alt === null ? null : Math.round(alt * 10) / 10 };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
