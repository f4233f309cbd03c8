import { randomUUID } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import { submissionFilePath, type UploadPlace } from '../../../../shared/forms/submissionFiles';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { files } from '../../files/tables';
import { formSubmissions } from '../tables';

/** The files table's owner kind of a submission's files. */
export const KIND = 'submissionFile' as const;

/** The storage folder (inside the event) of a field's files of a submission. */
export const folderOf = (submissionId: string, place: UploadPlace) => submissionFilePath(submissionId, place);
export const keyPrefix = (eventId: string, submissionId: string, place?: UploadPlace) =>
  `${eventId}/${place ? folderOf(submissionId, place) : `forms/submissions/${submissionId}`}/`;

/**
 * Whether `uploadedBy` holds an id the upload route made for them: unclaimed files of theirs are
 * stored under it. Their next uploads and their first save may use it before any submission has it.
 */
export async function hasReservedUploads(
  db: DbOrTx,
  scope: EventScope,
  candidate: string,
  uploadedBy: string,
): Promise<boolean> {
  const { eventId } = scope;
  const [upload] = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.eventId, eventId),
        eq(files.ownerKind, KIND),
        isNull(files.ownerId),
        eq(files.uploadedBy, uploadedBy),
        like(files.storageKey, `${keyPrefix(eventId, candidate)}%`),
      ),
    )
    .limit(1);
  return upload !== undefined;
}

/**
 * The id a first save may take: one the upload route made for this caller's uploads (unclaimed
 * files of theirs under it) and no submission has yet. Anything else: a new id from `fresh` (a
 * random UUID; a guest's comes from a new guest token, guest/policy.ts).
 */
export async function reservedSubmissionId(
  db: DbOrTx,
  scope: EventScope,
  candidate: string | undefined,
  uploadedBy: string,
  fresh: () => string = randomUUID,
): Promise<string> {
  if (!candidate || !(await hasReservedUploads(db, scope, candidate, uploadedBy))) return fresh();
  const [taken] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, candidate))
    .limit(1);
  return taken ? fresh() : candidate;
}
