import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImageSize } from '../../../shared/files/schemas';
import { FILE_ERRORS } from '../../../shared/files/types';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { filesPolicy } from './policy';
import { type FileRow, type FileViewer, fileAccessCheck } from './service';

/**
 * Reading a stored file (decision 0010). Files are served with nosniff and a sandboxing CSP, and
 * as attachments unless they are images, so an uploaded document can never run as a page of ours.
 * PDFs are the one exception: PDF sections show them in the page, which needs an inline response
 * the browser's PDF viewer may render (it refuses sandboxed documents), framed only by us.
 * A file the viewer may not see answers 404, as one that does not exist.
 */

export async function mayReadFile(ctx: AppContext, viewer: FileViewer, file: FileRow): Promise<boolean> {
  if (file.ownerId === null) return viewer !== null && filesPolicy.readUnclaimed(viewer, file.uploadedBy);
  const check = fileAccessCheck(file.ownerKind);
  if (!check) return false;
  return check(ctx.db, viewer, file);
}

function contentDisposition(file: FileRow, inline: boolean): string {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

export async function sendFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileRow,
  size: ImageSize | undefined,
  cacheControl: string,
) {
  const key = size && file.variants ? file.variants[size] : file.storageKey;
  const contentType = key.endsWith('.webp') && key !== file.storageKey ? 'image/webp' : file.contentType;
  const etag = `"${file.id}-${size ?? 'original'}"`;
  const isPdf = contentType === 'application/pdf';
  reply.headers({
    'x-content-type-options': 'nosniff',
    'content-security-policy': isPdf
      ? "default-src 'none'; frame-ancestors 'self'"
      : "sandbox; default-src 'none'",
    'cache-control': cacheControl,
    etag,
  });
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const stream = await ctx.storage.read(key);
  if (!stream) throw notFound(FILE_ERRORS.notFound);
  const isImage = contentType.startsWith('image/');
  reply.header('content-type', contentType);
  reply.header('content-disposition', contentDisposition(file, isImage || isPdf));
  if (key === file.storageKey) reply.header('content-length', String(file.size));
  return reply.send(stream);
}
