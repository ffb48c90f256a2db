import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { files } from '@covenant/db/schema/platform';
import { associationOf, type Ctx } from '../../lib/context.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireSignedIn } from '../access/access.service.ts';

export interface ImageKind {
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  contentType: string;
}

/** Identifies an image by its first bytes, never by its name or declared type. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return { ext: 'gif', contentType: 'image/gif' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** Stores an uploaded image under a server-generated name and returns its public URL. */
export async function storeImage(ctx: Ctx, data: Buffer, originalName: string | undefined): Promise<{ file_url: string }> {
  const actor = requireSignedIn(ctx);
  if (data.length === 0) throw new ValidationError('The file is empty');
  if (data.length > ctx.services.config.maxUploadBytes) throw new AppError(413, 'file_too_large', 'The file is too large');
  const kind = sniffImage(data);
  if (!kind) throw new ValidationError('Only image files (PNG, JPEG, WebP or GIF) can be uploaded');
  const storedName = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  const association = associationOf(ctx);
  await ctx.services.files.put(fileKey(association.app_id, storedName), data, kind.contentType);
  await ctx.db.insert(files).values({
    stored_name: storedName,
    original_name: originalName?.slice(0, 255) ?? null,
    content_type: kind.contentType,
    size: data.length,
    uploaded_by: actor.id,
  });
  return { file_url: `${ctx.services.config.publicUrl}/api/apps/${association.app_id}/files/${storedName}` };
}

/** Where an association's file is stored: a folder (or key prefix) per association. */
export const fileKey = (appId: string, storedName: string) => `${appId}/${storedName}`;

export async function readStoredFile(ctx: Ctx, name: string): Promise<{ data: Buffer; contentType: string }> {
  if (!STORED_NAME.test(name)) throw new NotFoundError('File not found');
  const [row] = await ctx.db.select().from(files).where(eq(files.stored_name, name)).limit(1);
  if (!row) throw new NotFoundError('File not found');
  // Files uploaded before associations had folders are at the top level (the first association's).
  const data = (await ctx.services.files.get(fileKey(associationOf(ctx).app_id, name))) ?? (await ctx.services.files.get(name));
  if (!data) throw new NotFoundError('File not found');
  return { data, contentType: row.content_type };
}
