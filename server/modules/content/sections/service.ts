import { and, eq, inArray } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { type SectionsBody, sectionsBodySchema } from '../../../../shared/content/api';
import { CONTENT_ERRORS, type Section } from '../../../../shared/content/sections';
import type { ErrorIssue } from '../../../../shared/http/errors';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest } from '../../../platform/http/errors';
import { assets } from '../../assets/tables';
import { fileUrl } from '../../files/service';
import { taskGroups } from '../../tasks/tables';
import { syncPageFiles } from '../files/service';
import { missingResources } from '../resources/queries';
import { sanitizeRichText } from '../sanitize';
import { loadSections, requirePage } from '../service';
import { contentSections } from '../tables';

/**
 * Saving a page's sections: the editor sends the whole ordered list (additions, removals, order
 * and publish flags at once) and the server checks it, sanitises rich text, checks that every
 * linked record is the event's own, and writes it in one transaction.
 */

function toIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
}

/** The body parsed; a refusal names the table rule when that is what failed (spec's own words). */
export function parseSectionsBody(body: unknown): Section[] {
  const parsed = sectionsBodySchema.safeParse(body);
  if (parsed.success) return parsed.data.sections;
  const issues = toIssues(parsed.error);
  const table = issues.find((i) => i.message === CONTENT_ERRORS.tableHeader);
  throw badRequest(table ? CONTENT_ERRORS.tableHeader : CONTENT_ERRORS.invalidSections, issues);
}

const invalid = (index: number, field: string, message: string) =>
  badRequest(CONTENT_ERRORS.invalidSections, [{ path: ['sections', index, field], message }]);

/** Task groups and resources a page links to must exist in the event. */
async function assertLinks(db: DbOrTx, eventId: string, sections: Section[]) {
  const groupIds = sections.flatMap((s) => (s.type === 'taskList' ? [s.data.id] : []));
  if (groupIds.length > 0) {
    const found = new Set(
      (
        await db
          .select({ id: taskGroups.id })
          .from(taskGroups)
          .where(and(eq(taskGroups.eventId, eventId), inArray(taskGroups.id, groupIds)))
      ).map((g) => g.id),
    );
    const index = sections.findIndex((s) => s.type === 'taskList' && !found.has(s.data.id));
    if (index >= 0) throw invalid(index, 'data', 'Choose a task group of this event');
  }
  for (const [index, section] of sections.entries()) {
    if (section.type !== 'resources') continue;
    const missing = await missingResources(db, eventId, section.data);
    if (missing.length > 0) throw invalid(index, 'data', `Choose ${missing[0].type}s of this event`);
  }
}

/**
 * An image section names an asset of this event, and its address is built here from that asset's
 * file — never taken as sent, so no row of one event can point at another event's file.
 */
async function placeImages(db: DbOrTx, eventId: string, sections: Section[]): Promise<Section[]> {
  const assetIds = sections.flatMap((s) => (s.type === 'image' ? [s.data.assetId] : []));
  if (assetIds.length === 0) return sections;
  const found = new Map(
    (
      await db
        .select({ id: assets.id, fileId: assets.fileId })
        .from(assets)
        .where(and(eq(assets.eventId, eventId), eq(assets.type, 'image'), inArray(assets.id, assetIds)))
    ).map((a) => [a.id, a.fileId]),
  );
  return sections.map((section, index) => {
    if (section.type !== 'image') return section;
    const fileId = found.get(section.data.assetId);
    if (!fileId) throw invalid(index, 'data', 'Choose an image of this event');
    return { ...section, data: { ...section.data, src: fileUrl(eventId, fileId, 'large') } };
  });
}

export async function saveSections(
  ctx: AppContext,
  eventId: string,
  contentId: string,
  body: SectionsBody | unknown,
  by: string,
) {
  return withTransaction(ctx.db, async (db) => {
    const parsed = parseSectionsBody(body);
    await requirePage(db, eventId, contentId, true);
    const sections = await placeImages(db, eventId, parsed);
    const existing = await loadSections(db, eventId, contentId);
    const byId = new Map(existing.map((s) => [s.id, s]));
    const seen = new Set<string>();
    sections.forEach((section, index) => {
      if (!section.id) return;
      // An id is either one of this page's sections or refused: never another page's (or event's).
      if (!byId.has(section.id) || seen.has(section.id)) throw invalid(index, 'id', 'Unknown section');
      seen.add(section.id);
    });
    await assertLinks(db, eventId, sections);
    await syncPageFiles(db, ctx, eventId, contentId, existing, sections);

    const now = new Date();
    const rows = await Promise.all(
      sections.map(async (section, position) => {
        const before = section.id ? byId.get(section.id) : undefined;
        const data = section.type === 'richText' ? await sanitizeRichText(section.data) : section.data;
        return {
          eventId,
          ...(section.id ? { id: section.id } : {}),
          pageId: contentId,
          position,
          heading: section.heading,
          type: section.type,
          data: { value: data },
          isPublished: section.isPublished,
          createdAt: before?.createdAt ?? now,
          createdBy: before?.createdBy ?? by,
          updatedAt: now,
          updatedBy: by,
        };
      }),
    );
    // Replace the page's sections in two statements; kept sections keep their ids and history.
    await db
      .delete(contentSections)
      .where(and(eq(contentSections.eventId, eventId), eq(contentSections.pageId, contentId)));
    if (rows.length > 0) await db.insert(contentSections).values(rows);
  });
}
