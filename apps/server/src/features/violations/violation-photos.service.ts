import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PHOTO_VARIANTS } from '@covenant/contracts/violations';
import { violationPhotos } from '@covenant/db/schema/violations';
import { associationOf, type Ctx } from '../../lib/context.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { fileKey } from '../../platform/files/files.service.ts';
import { PhotoError, processPhoto } from './photo-evidence.ts';
import { ID_PATTERN, photoOut, violationForActor } from './violations.service.ts';

/**
 * A photo of a violation: staff upload evidence (or a cure they saw); the violation's owner uploads proof of the cure
 * on their own violation (another owner's is a 404); the board reads. The original is kept byte for byte with its
 * SHA-256, beside a resized copy and a thumbnail; the files are served only through readViolationPhoto, never the
 * public files route.
 */
export async function uploadViolationPhoto(ctx: Ctx, violationId: string, file: { data: Buffer; filename: string }, kindField: string | undefined) {
  const v = await violationForActor(ctx, violationId);
  if (v.level !== 'read_write' && v.level !== 'own_records') throw new ForbiddenError('Only staff and the violation\'s owner can add photos');
  const kind = v.level === 'own_records' ? 'cure' : (kindField || 'evidence');
  if (kind !== 'evidence' && kind !== 'cure') throw new ValidationError('Kind must be evidence or cure');
  if (v.level === 'own_records' && kindField && kindField !== 'cure') throw new ForbiddenError('An owner adds proof-of-cure photos only');
  if (['closed', 'dismissed'].includes(v.status as string)) throw new ValidationError(`The violation is ${v.status as string}; no photo can be added`);
  if (file.data.length > ctx.services.config.maxUploadBytes) throw new AppError(413, 'file_too_large', 'The file is too large');
  let p: Awaited<ReturnType<typeof processPhoto>>;
  try {
    p = await processPhoto(file.data);
  } catch (err) {
    if (err instanceof PhotoError) throw new ValidationError(err.message);
    throw err;
  }
  const app = associationOf(ctx).app_id;
  const stem = `violation-${randomBytes(16).toString('hex')}`;
  const keys = { original_file: `${stem}.original`, resized_file: `${stem}.jpg`, thumbnail_file: `${stem}.thumb.jpg` };
  await ctx.services.files.put(fileKey(app, keys.original_file), file.data, p.mime);
  await ctx.services.files.put(fileKey(app, keys.resized_file), p.resized.data, 'image/jpeg');
  await ctx.services.files.put(fileKey(app, keys.thumbnail_file), p.thumbnail.data, 'image/jpeg');
  const [row] = await ctx.db.insert(violationPhotos).values({
    violation_id: violationId, kind, sha256: p.sha256, bytes: p.bytes, mime: p.mime, width: p.width, height: p.height, original_name: file.filename?.slice(0, 255) || null,
    taken_at: p.taken_at, latitude: p.position ? String(p.position.latitude) : null, longitude: p.position ? String(p.position.longitude) : null,
    ...keys, uploaded_by: ctx.actor?.email ?? null, created_by: ctx.actor?.email ?? null,
    // Set here, to the millisecond a backup keeps (the database's default would carry microseconds).
    uploaded_at: new Date(),
  }).returning();
  return photoOut(row as unknown as Record<string, unknown>);
}

/** A photo's file (original, resized or thumbnail): staff and the board read any; an owner only their own violation's. */
export async function readViolationPhoto(ctx: Ctx, photoId: string, variant: string): Promise<{ data: Buffer; contentType: string; filename: string }> {
  const level = await requirePermission(ctx, 'violations', 'read');
  if (!(PHOTO_VARIANTS as readonly string[]).includes(variant)) throw new ValidationError(`Variant must be one of ${PHOTO_VARIANTS.join(', ')}`);
  if (!ID_PATTERN.test(photoId)) throw new NotFoundError('Photo not found');
  const own = level === 'own_records' ? sql`and v.owner_id = ${ctx.actor!.owner_id ?? ''}` : sql``;
  const [p] = (await ctx.db.execute(sql`
    select p.* from ${violationPhotos} p join violations v on v.id = p.violation_id where p.id = ${photoId} ${own}`)).rows as Array<Record<string, string>>;
  if (!p) throw new NotFoundError('Photo not found');
  const key = variant === 'original' ? p.original_file! : variant === 'resized' ? p.resized_file! : p.thumbnail_file!;
  const data = await ctx.services.files.get(fileKey(associationOf(ctx).app_id, key));
  if (!data) throw new NotFoundError('Photo not found');
  return { data, contentType: variant === 'original' ? p.mime! : 'image/jpeg', filename: variant === 'original' ? (p.original_name || key) : key };
}
