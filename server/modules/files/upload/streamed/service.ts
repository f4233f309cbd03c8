import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { contentMatchesType } from '../../../../../shared/files/detect';
import {
  FILE_ERRORS,
  type FilePurpose,
  PURPOSE_CATEGORIES,
  typeFromName,
  typeNotAllowedMessage,
  UPLOAD_TYPES,
  type UploadType,
} from '../../../../../shared/files/types';
import type { AppContext } from '../../../../platform/context';
import { AppError, badRequest } from '../../../../platform/http/errors';
import type { FileRow } from '../../service';
import { cleanFileName, recordFile, storeUpload } from '../service';

/**
 * Large documents go from the request to the store as they arrive (decision 0032), so a 50 MB
 * upload never sits whole in memory: the types told by their first bytes alone (PDF, the old
 * Office container, zip, mp4) are checked on the head and streamed. Images, SVG, text and the new
 * Office formats need all their bytes (resizing, sanitising, a whole-file check) and are buffered
 * as before, through storeUpload.
 */
const STREAMED_TYPES: ReadonlySet<UploadType> = new Set(['pdf', 'doc', 'xls', 'ppt', 'zip', 'mp4']);
const HEAD_BYTES = 64 * 1024;

/**
 * The first bytes of a stream, a stream of all of it (head included) to read on, and a way to
 * read the rest to nowhere (the parser must reach the end to tell whether the file was too large).
 */
async function peek(
  source: Readable,
  want: number,
): Promise<{ head: Buffer; all: Readable; discard(): Promise<void> }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < want) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value as Buffer;
  }
  return {
    head,
    all: Readable.from(rest(), { objectMode: false }),
    async discard() {
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next());
    },
  };
}

export async function storeStreamedUpload(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>,
  part: MultipartFile,
  input: { eventId: string; purpose: FilePurpose; uploadedBy: string; folder?: string },
  tooLarge: (fileName: string) => string,
): Promise<FileRow> {
  const name = cleanFileName(part.filename);
  const type = typeFromName(name);
  if (!type || !STREAMED_TYPES.has(type)) {
    return storeUpload(ctx, { ...input, fileName: part.filename, bytes: await bufferPart(part, tooLarge) });
  }
  const { head, all, discard } = await peek(part.file, HEAD_BYTES);
  if (head.length === 0) throw badRequest(FILE_ERRORS.noFile);
  const refusal = !PURPOSE_CATEGORIES[input.purpose].includes(UPLOAD_TYPES[type].category)
    ? typeNotAllowedMessage(input.purpose)
    : !contentMatchesType(type, head)
      ? FILE_ERRORS.mismatch
      : null;
  if (refusal) {
    // As the buffered path answers: too large first, then what is wrong with the contents.
    await discard();
    if (part.file.truncated) throw new AppError(413, 'payload-too-large', tooLarge(part.filename));
    throw badRequest(refusal);
  }
  const id = randomUUID();
  const contentType = UPLOAD_TYPES[type].contentType;
  const storageKey = `${input.eventId}/${input.folder ?? input.purpose}/${id}/original.${UPLOAD_TYPES[type].extensions[0]}`;
  let size = 0;
  const counted = all.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    }),
  );
  try {
    await ctx.storage.put(storageKey, counted, contentType);
  } catch (err) {
    ctx.logger.error({ err }, 'storing an upload failed');
    await ctx.storage.remove([storageKey]).catch(() => {});
    throw new AppError(500, 'storage', FILE_ERRORS.storage);
  }
  // Past the limit the parser cuts the file short: what was stored is not the file, so it goes.
  if (part.file.truncated) {
    await ctx.storage.remove([storageKey]).catch(() => {});
    throw new AppError(413, 'payload-too-large', tooLarge(part.filename));
  }
  try {
    return await recordFile(ctx, {
      id,
      eventId: input.eventId,
      ownerKind: input.purpose,
      name,
      contentType,
      size,
      storageKey,
      variants: null,
      uploadedBy: input.uploadedBy,
    });
  } catch (err) {
    ctx.logger.error({ err }, 'recording an upload failed');
    await ctx.storage.remove([storageKey]).catch(() => {});
    throw new AppError(500, 'storage', FILE_ERRORS.storage);
  }
}

/** Reads a part to nowhere: the parser must reach its end to tell whether it was too large. */
export async function discardPart(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file);
}

/** The whole part in memory, for the types that need every byte; too large answers 413. */
export async function bufferPart(
  part: MultipartFile,
  tooLarge: (fileName: string) => string,
): Promise<Buffer> {
  try {
    const body = await part.toBuffer();
    if (body.length === 0) throw badRequest(FILE_ERRORS.noFile);
    return body;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload-too-large', tooLarge(part.filename));
    }
    throw err;
  }
}
