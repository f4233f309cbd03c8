import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_UPLOAD_LIMIT_BYTES } from '../../../../shared/files/types';
import type { EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import {
  BYTES_PER_MB,
  fileProblems,
  maxFileSizeMB,
  tooLargeForField,
} from '../../../../shared/forms/registry/files';
import type { UploadedFile } from '../../../../shared/forms/schema/values';
import {
  mapUploads,
  placeKey,
  type UploadPlace,
  uploadFieldAt,
  uploadsIn,
} from '../../../../shared/forms/submissionFiles';
import { SUBMISSION_ERRORS, type SubmissionUpload } from '../../../../shared/forms/submissionsApi';
import { revalidateUploads, validateSubmission } from '../../../../shared/forms/validate';
import type { ErrorIssue } from '../../../../shared/http/errors';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { Effects } from '../../../platform/db/transaction';
import type { EventScope } from '../../../platform/http/actor';
import { AppError, badRequest } from '../../../platform/http/errors';
import { readUploadPart } from '../../files/routes';
import { CLAIM_ERROR, fileUrl, releaseFileIds, storageKeysOf } from '../../files/service';
import { files } from '../../files/tables';
import { discardPart, storeStreamedUpload } from '../../files/upload/streamed/service';
import { memberships } from '../../people/tables';
import { checkedResultOf } from '../fill/service';
import { formSubmissions } from '../tables';
import { folderOf, KIND, keyPrefix } from './queries';

/**
 * A submission's files (issue 14): uploaded for one upload field of one form, stored under
 * forms/submissions/{submissionId}/{fieldId} (a loop's field nested under its template and loop),
 * claimed when the submission is saved, read by the submitting team and the organisers.
 *
 * A first upload comes before the submission exists: the route makes the submission's id and the
 * first save takes it (`reservedSubmissionId`, queries.ts), so the files already sit where they belong. The
 * storage key names the submission and the field, and the claim checks both, so a file uploaded for
 * another submission, field, form, team or event can never be put in an answer.
 */

/** The uploader recorded for a guest's file (guests have no account). */
export const GUEST_UPLOADER = 'guest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type FilesContext = Pick<AppContext, 'db' | 'storage' | 'logger'>;

/** The upload place a request names: a loop's field names its template and loop. */
export function placeOf(query: {
  fieldId: string;
  templateFieldId?: string;
  loopIndex?: number;
}): UploadPlace {
  if (query.templateFieldId === undefined) return { fieldId: query.fieldId };
  return { fieldId: query.fieldId, templateFieldId: query.templateFieldId, loopIndex: query.loopIndex ?? 0 };
}

/** What an answer stores of a file: the server's own record of it, never the browser's word. */
function answerFile(row: typeof files.$inferSelect, submissionId: string, place: UploadPlace): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.contentType,
    path: folderOf(submissionId, place),
    url: fileUrl(row.eventId, row.id),
  };
}

/**
 * Reads, checks and stores one upload for an answer: the field must be an upload field of this form
 * at that place; the file must be of a kind the field accepts and within its size (the field's words
 * at the field), then pass the platform's checks (type by content, SVG sanitised).
 */
export async function storeSubmissionUpload(
  ctx: FilesContext,
  request: FastifyRequest,
  input: {
    eventId: string;
    definition: FormDefinition;
    place: UploadPlace;
    submissionId: string | undefined;
    uploadedBy: string;
  },
): Promise<{ status: 201; body: SubmissionUpload }> {
  const field = uploadFieldAt(input.definition, input.place);
  if (!field) throw badRequest(SUBMISSION_ERRORS.notUploadField);
  const submissionId = input.submissionId ?? randomUUID();
  const limit = Math.min(maxFileSizeMB(field) * BYTES_PER_MB, DEFAULT_UPLOAD_LIMIT_BYTES);
  const tooLarge = (name: string) => tooLargeForField(field, name);
  const part = await readUploadPart(request, limit);
  // The name tells whether the field takes the file before any byte is read. The size is the
  // parser's limit: past it the stream is cut and storeStreamedUpload answers 413 in the field's
  // words, leaving nothing stored.
  const problems = fileProblems(field, { name: part.filename, size: 0 });
  if (problems.length > 0) {
    // As the buffered route answered: too large first (the parser must reach the end to know).
    await discardPart(part);
    if (part.file.truncated) throw new AppError(413, 'payload-too-large', tooLarge(part.filename));
    throw badRequest(
      problems[0] ?? SUBMISSION_ERRORS.invalidSubmission,
      problems.map((message) => ({ path: placeKey(input.place), message })),
    );
  }
  // Documents and videos go to the store as they arrive (their type checked on the first bytes);
  // images, SVG and text are still read whole, as every upload of those is (decision 0052).
  const row = await storeStreamedUpload(
    ctx,
    part,
    {
      eventId: input.eventId,
      purpose: KIND,
      uploadedBy: input.uploadedBy,
      folder: folderOf(submissionId, input.place),
    },
    tooLarge,
  );
  return { status: 201, body: { submissionId, file: answerFile(row, submissionId, input.place) } };
}

/** Who may have uploaded a submission's files: the saver, their team's members, or a guest. */
export type Uploader = { guest: true } | { guest: false; accountId: string; teamId: string | null };

async function uploadersAllowed(db: DbOrTx, eventId: string, uploader: Uploader, uploadedBy: string[]) {
  if (uploader.guest) return new Set([GUEST_UPLOADER]);
  const allowed = new Set([uploader.accountId]);
  const others = uploadedBy.filter((id) => id !== uploader.accountId && UUID.test(id));
  if (uploader.teamId && others.length > 0) {
    const teammates = await db
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(
        and(
          eq(memberships.eventId, eventId),
          eq(memberships.teamId, uploader.teamId),
          inArray(memberships.accountId, others),
        ),
      );
    for (const mate of teammates) allowed.add(mate.accountId);
  }
  return allowed;
}

/**
 * Makes a submission's files exactly those its answers hold: each must be a file uploaded for this
 * submission and field (by the saver, a teammate, or the guest), or already this submission's. The
 * answers get the server's record of each file and are checked by the engine again (spec: 'Invalid
 * submission data after upload'); files no longer in the answers are deleted.
 */
export async function claimSubmissionFiles(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  input: {
    eventId: string;
    submissionId: string;
    definition: FormDefinition;
    values: Record<string, unknown>;
    uploader: Uploader;
    mode: { isDraft: boolean; context: EvaluationContext };
  },
): Promise<{ values: Record<string, unknown>; releaseDropped: () => Promise<void> }> {
  const { eventId, submissionId, definition } = input;
  const found = uploadsIn(definition, input.values);
  const ids = [
    ...new Set(found.flatMap(({ files: list }) => list.flatMap((file) => (file.id ? [file.id] : [])))),
  ];
  // One read (locked) of the files the answers name and of those the submission holds now: what
  // it holds and the answers no longer name is released below, without a second read.
  const rows = await tx
    .select()
    .from(files)
    .where(
      and(
        eq(files.eventId, eventId),
        eq(files.ownerKind, KIND),
        ids.length > 0
          ? or(inArray(files.id, ids), eq(files.ownerId, submissionId))
          : eq(files.ownerId, submissionId),
      ),
    )
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const allowed = await uploadersAllowed(
    tx,
    eventId,
    input.uploader,
    rows.filter((row) => row.ownerId === null).map((row) => row.uploadedBy),
  );
  const issues: ErrorIssue[] = [];
  const usable = (file: UploadedFile, place: UploadPlace) => {
    const row = file.id ? byId.get(file.id) : undefined;
    if (!row?.storageKey.startsWith(keyPrefix(eventId, submissionId, place))) return null;
    if (row.ownerId === null) return allowed.has(row.uploadedBy) ? row : null;
    return row.ownerId === submissionId ? row : null;
  };
  const values = mapUploads(definition, input.values, (list, place) =>
    list.flatMap((file) => {
      const row = usable(file, place);
      if (!row) {
        issues.push({ path: placeKey(place), message: CLAIM_ERROR });
        return [];
      }
      return [answerFile(row, submissionId, place)];
    }),
  );
  if (issues.length > 0) throw badRequest(SUBMISSION_ERRORS.invalidAfterUpload, issues);
  // The answers were checked by the engine just before (checkedAnswers): only their upload answers
  // changed, so only those are checked again (revalidateUploads falls back to the whole check
  // when a rule reads an upload answer, or when the first check's result is not known).
  const first = checkedResultOf(input.values);
  const checked = first
    ? revalidateUploads(definition, first, values, input.mode)
    : validateSubmission(definition, values, input.mode);
  if (!checked.isValid) {
    throw badRequest(
      SUBMISSION_ERRORS.invalidAfterUpload,
      checked.problems.map((problem) => ({
        path:
          problem.templateFieldId !== null && problem.loopIndex !== null
            ? [problem.templateFieldId, problem.loopIndex, problem.fieldId]
            : [problem.fieldId],
        message: problem.message,
      })),
    );
  }
  const kept = uploadsIn(definition, checked.values).flatMap(({ files: list }) =>
    list.flatMap((file) => (file.id ? [file.id] : [])),
  );
  if (kept.length > 0) {
    await tx
      .update(files)
      .set({ ownerId: submissionId })
      .where(and(eq(files.eventId, eventId), eq(files.ownerKind, KIND), inArray(files.id, kept)));
  }
  const keptIds = new Set(kept);
  const dropped = rows.filter((row) => row.ownerId === submissionId && !keptIds.has(row.id));
  return {
    values: checked.values,
    // Called once the submission is written: a save refused after this point keeps its old files.
    releaseDropped: () =>
      releaseFileIds(
        tx,
        ctx,
        { eventId },
        KIND,
        submissionId,
        dropped.map((row) => row.id),
      ),
  };
}

/**
 * Deletes the files of deleted submissions: the rows in the transaction, the bytes once it has
 * committed (a rolled-back delete must leave every file readable). `submissionIds` may also be
 * given as the forms whose submissions are going (`forms`), read before the cascade removes them.
 */
export async function releaseSubmissionFiles(
  tx: DbOrTx,
  ctx: Pick<AppContext, 'storage' | 'logger'>,
  effects: Effects,
  scope: EventScope,
  owners: { submissionIds: readonly string[] } | { formIds: readonly string[] },
): Promise<void> {
  const { eventId } = scope;
  const submissionIds =
    'submissionIds' in owners
      ? [...owners.submissionIds]
      : owners.formIds.length === 0
        ? []
        : (
            await tx
              .select({ id: formSubmissions.id })
              .from(formSubmissions)
              .where(
                and(
                  eq(formSubmissions.eventId, eventId),
                  inArray(formSubmissions.formId, [...owners.formIds]),
                ),
              )
          ).map((row) => row.id);
  if (submissionIds.length === 0) return;
  const removed = await tx
    .delete(files)
    .where(and(eq(files.eventId, eventId), eq(files.ownerKind, KIND), inArray(files.ownerId, submissionIds)))
    .returning({ storageKey: files.storageKey, variants: files.variants });
  const keys = removed.flatMap(storageKeysOf);
  if (keys.length === 0) return;
  effects.afterCommit(() =>
    ctx.storage.remove(keys).catch((err) => ctx.logger.warn({ err, keys }, 'could not remove stored files')),
  );
}
