import { randomUUID } from 'node:crypto';
import { contentMatchesType } from '../../../../shared/files/detect';
import { IMAGE_SIZES } from '../../../../shared/files/schemas';
import {
  FILE_ERRORS,
  type FilePurpose,
  isRasterImage,
  PURPOSE_CATEGORIES,
  typeFromName,
  typeNotAllowedMessage,
  UPLOAD_TYPES,
  type UploadType,
} from '../../../../shared/files/types';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { FileRow } from '../service';
import { files, type VariantKeys } from '../tables';
import { isDecodableImage, resizeLogo, resizeToVariants, sanitizeSvg } from './images/service';

/**
 * An upload, checked and stored: the type its name claims must be one the purpose takes and must
 * match its bytes; SVG is sanitised; images become the variants their purpose needs. Stored bytes
 * are written before the row, and removed again if the row cannot be written.
 */

type Prepared = {
  name: string;
  contentType: string;
  original: Buffer;
  ext: string;
  variants?: 'resize' | 'same';
};

/** A display name without folders, control characters or excess length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 200) return clean || 'file';
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}

export async function checkUpload(purpose: FilePurpose, fileName: string, bytes: Buffer): Promise<Prepared> {
  const name = cleanFileName(fileName);
  const type = typeFromName(name);
  if (!type || !PURPOSE_CATEGORIES[purpose].includes(UPLOAD_TYPES[type].category)) {
    throw badRequest(typeNotAllowedMessage(purpose));
  }
  if (!contentMatchesType(type, bytes)) throw badRequest(FILE_ERRORS.mismatch);
  return prepare(purpose, type, name, bytes);
}

async function prepare(
  purpose: FilePurpose,
  type: UploadType,
  name: string,
  bytes: Buffer,
): Promise<Prepared> {
  const contentType = UPLOAD_TYPES[type].contentType;
  const ext = UPLOAD_TYPES[type].extensions[0];
  const wantsVariants = purpose === 'asset' || purpose === 'branding';
  if (type === 'svg') {
    const clean = await sanitizeSvg(bytes.toString('utf8'));
    if (!clean) throw badRequest(FILE_ERRORS.mismatch);
    const original = Buffer.from(clean, 'utf8');
    if (purpose === 'supplierLogo') return logo(name, original);
    return { name, contentType, original, ext, variants: wantsVariants ? 'same' : undefined };
  }
  if (isRasterImage(type)) {
    if (!(await isDecodableImage(bytes))) throw badRequest(FILE_ERRORS.mismatch);
    if (purpose === 'supplierLogo') return logo(name, bytes);
    return { name, contentType, original: bytes, ext, variants: wantsVariants ? 'resize' : undefined };
  }
  return { name, contentType, original: bytes, ext };
}

async function logo(name: string, bytes: Buffer): Promise<Prepared> {
  const png = await resizeLogo(bytes);
  return { name: name.replace(/\.[^.]+$/, '.png'), contentType: 'image/png', original: png, ext: 'png' };
}

export async function storeUpload(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>,
  input: {
    eventId: string;
    purpose: FilePurpose;
    uploadedBy: string;
    fileName: string;
    bytes: Buffer;
    /**
     * The holder's folder inside the event, when its layout is given (a submission's files live
     * under forms/submissions/{submissionId}/{fieldId}); the purpose's folder otherwise.
     */
    folder?: string;
  },
): Promise<FileRow> {
  const prepared = await checkUpload(input.purpose, input.fileName, input.bytes);
  const id = randomUUID();
  const folder = `${input.eventId}/${input.folder ?? input.purpose}/${id}`;
  const storageKey = `${folder}/original.${prepared.ext}`;
  const puts: [string, Buffer, string][] = [[storageKey, prepared.original, prepared.contentType]];
  let variants: VariantKeys | null = null;
  if (prepared.variants === 'same') {
    variants = { large: storageKey, medium: storageKey, small: storageKey, thumb: storageKey };
  } else if (prepared.variants === 'resize') {
    const resized = await resizeToVariants(prepared.original);
    variants = Object.fromEntries(IMAGE_SIZES.map((s) => [s, `${folder}/${s}.webp`])) as VariantKeys;
    for (const size of IMAGE_SIZES) puts.push([variants[size], resized[size], 'image/webp']);
  }
  const keys = puts.map(([key]) => key);
  try {
    await Promise.all(puts.map(([key, body, type]) => ctx.storage.put(key, body, type)));
    return await recordFile(ctx, {
      id,
      eventId: input.eventId,
      ownerKind: input.purpose,
      name: prepared.name,
      contentType: prepared.contentType,
      size: prepared.original.length,
      storageKey,
      variants,
      uploadedBy: input.uploadedBy,
    });
  } catch (err) {
    ctx.logger.error({ err }, 'storing an upload failed');
    await ctx.storage.remove(keys).catch(() => {});
    throw new AppError(500, 'storage', FILE_ERRORS.storage);
  }
}

/**
 * The row of a stored upload, not yet claimed by anything (ownerId null: the unclaimed-files job
 * removes it if nothing claims it). Both the buffered and the streamed upload record it here.
 */
export async function recordFile(
  ctx: Pick<AppContext, 'db'>,
  file: Omit<typeof files.$inferInsert, 'ownerId'>,
): Promise<FileRow> {
  // In a transaction of its own so the upload's audit entry commits with the row (decision 0045);
  // the row is the transaction's result, so the entry names the file.
  return withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({ ...file, ownerId: null })
      .returning();
    return row;
  });
}
