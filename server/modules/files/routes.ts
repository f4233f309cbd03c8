import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  fileParamsSchema,
  fileReadQuerySchema,
  guestFileParamsSchema,
  storedFileSchema,
  uploadQuerySchema,
} from '../../../shared/files/schemas';
import { DEFAULT_UPLOAD_LIMIT_BYTES, FILE_ERRORS, tooLargeMessage } from '../../../shared/files/types';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { registerUnclaimedFilesCleanup } from './cleanup/jobs';
import { filesPolicy } from './policy';
import { mayReadFile, sendFile } from './present';
import { findFile, presentFile } from './service';
import { files } from './tables';
import { storeStreamedUpload } from './upload/streamed/service';

/** Upload, member reads and guest reads of stored files (decision 0010). */
export const filesRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['files'];
  registerUnclaimedFilesCleanup(ctx);

  app.post(
    '/api/events/:eventId/files',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: uploadQuerySchema,
        response: { 201: storedFileSchema },
      },
      config: { invalidMessage: 'Invalid upload purpose' },
      preValidation: guards.member,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { purpose } = request.query;
      if (!filesPolicy.upload(actor, purpose)) throw forbidden();
      const limit = uploadLimitOf(request.headers['x-upload-limit']);
      const part = await readUploadPart(request, limit);
      const row = await storeStreamedUpload(
        ctx,
        part,
        { eventId: actor.eventId, purpose, uploadedBy: actor.accountId },
        () => tooLargeMessage(limit),
      );
      return reply.status(201).send(presentFile(row));
    },
  );

  app.get(
    '/api/events/:eventId/files/:fileId',
    {
      schema: { tags, params: fileParamsSchema, querystring: fileReadQuerySchema },
      preValidation: guards.member,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await findFile(ctx.db, actor, request.params.fileId);
      if (!file || !(await mayReadFile(ctx, actor, file))) throw notFound(FILE_ERRORS.notFound);
      return sendFile(ctx, request, reply, file, request.query.size, 'private, max-age=3600');
    },
  );

  // Guests: files whose holder is public (a public page's images and PDFs, the login branding).
  app.get(
    '/api/guests/files/:fileId',
    {
      config: { public: true },
      schema: { tags, params: guestFileParamsSchema, querystring: fileReadQuerySchema },
    },
    async (request, reply) => {
      const [file] = await ctx.db.select().from(files).where(eq(files.id, request.params.fileId)).limit(1);
      if (!file || !(await mayReadFile(ctx, null, file))) throw notFound(FILE_ERRORS.notFound);
      return sendFile(ctx, request, reply, file, request.query.size, 'public, max-age=300');
    },
  );
};

/**
 * A caller may ask for a lower limit than the default (a form field's maxFileSizeMB), never a
 * higher one.
 */
function uploadLimitOf(header: string | string[] | undefined): number {
  const asked = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(asked) && asked > 0
    ? Math.min(asked, DEFAULT_UPLOAD_LIMIT_BYTES)
    : DEFAULT_UPLOAD_LIMIT_BYTES;
}

/** The multipart part named `file`, not yet read (the caller streams or buffers it). */
export async function readUploadPart(
  request: import('fastify').FastifyRequest,
  limit: number,
): Promise<MultipartFile> {
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file({ limits: { fileSize: limit, files: 1 } });
  } catch {
    throw badRequest(FILE_ERRORS.noFile);
  }
  if (part?.fieldname !== 'file') throw badRequest(FILE_ERRORS.noFile);
  return part;
}
