import type { Section } from '../../../../shared/content/sections';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { claimFiles, releaseFileIds, releaseFiles } from '../../files/service';
import type { contentSections } from '../tables';

/**
 * PDF sections hold uploaded files (purpose 'contentPdf') owned by their page: a file uploaded for
 * a section is claimed when the sections are saved, a file a save drops is deleted, and deleting the
 * page deletes them all. A file is served to whoever may read its page (guests: public pages).
 */

type SectionRecord = typeof contentSections.$inferSelect;
export type FilesContext = Pick<AppContext, 'storage' | 'logger'>;

export const CONTENT_PDF = 'contentPdf' as const;

export function pdfFileIds(sections: readonly { type: string; data: unknown }[]): string[] {
  return sections.flatMap((s) =>
    s.type === 'pdf' &&
    s.data &&
    typeof s.data === 'object' &&
    'fileIds' in s.data &&
    Array.isArray(s.data.fileIds)
      ? s.data.fileIds.filter((id): id is string => typeof id === 'string')
      : [],
  );
}

/** Claims the files a save adds and deletes those it drops; refuses (400) files not uploaded for this. */
export async function syncPageFiles(
  db: DbOrTx,
  files: FilesContext,
  eventId: string,
  contentId: string,
  existing: SectionRecord[],
  sections: Section[],
): Promise<void> {
  const before = pdfFileIds(existing.map((s) => ({ type: s.type, data: s.data.value })));
  const after = pdfFileIds(sections);
  const kept = new Set(after);
  const owned = new Set(before);
  await claimFiles(
    db,
    { eventId },
    after.filter((id) => !owned.has(id)),
    CONTENT_PDF,
    contentId,
  );
  await releaseFileIds(
    db,
    files,
    { eventId },
    CONTENT_PDF,
    contentId,
    before.filter((id) => !kept.has(id)),
  );
}

export const releasePageFiles = (db: DbOrTx, files: FilesContext, eventId: string, contentId: string) =>
  releaseFiles(db, files, { eventId }, CONTENT_PDF, contentId);
