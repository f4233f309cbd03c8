import { and, asc, eq, inArray } from 'drizzle-orm';
import { canSeeContent } from '../../../../shared/content/visibility';
import { canSeeTask } from '../../../../shared/tasks/visibility';
import type { LinkOptions } from '../../../../shared/timetable/api';
import type { LinkKind } from '../../../../shared/timetable/schema';
import type { SessionViewer } from '../../../../shared/timetable/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { contentPages, contentPageWithTeamTypes } from '../../content/tables';
import { forms } from '../../forms/tables';
import { tasks, taskWithTeamTypes } from '../../tasks/tables';

/**
 * A session may link to a content page, form or task of its event. The link is checked when
 * written; when read, a link whose target has gone, been archived, or that the viewer may not open
 * is left out, so a team never gets a dead or forbidden link.
 */

export type SessionLink = { kind: LinkKind; id: string };
export type ResolvedLink = SessionLink & { title: string; path: string };

/** Whether the target exists in the event and is not archived. */
export async function linkTargetExists(db: DbOrTx, eventId: string, link: SessionLink): Promise<boolean> {
  const table = link.kind === 'content' ? contentPages : link.kind === 'form' ? forms : tasks;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.eventId, eventId), eq(table.id, link.id), eq(table.isArchived, false)))
    .limit(1);
  return row !== undefined;
}

const PATHS: Record<LinkKind, (id: string) => string> = {
  content: (id) => `/content/${id}`,
  form: (id) => `/forms/${id}`,
  task: (id) => `/tasks/${id}`,
};

/** The links the viewer may follow, by `kind:id`, with their targets' titles. */
export async function resolveLinks(
  db: DbOrTx,
  eventId: string,
  links: readonly SessionLink[],
  viewer: SessionViewer,
): Promise<Map<string, ResolvedLink>> {
  const ids = (kind: LinkKind) => [...new Set(links.filter((l) => l.kind === kind).map((l) => l.id))];
  const [pageIds, formIds, taskIds] = [ids('content'), ids('form'), ids('task')];
  const [pageRows, formRows, taskRows] = await Promise.all([
    pageIds.length === 0
      ? []
      : db
          .select(contentPageWithTeamTypes)
          .from(contentPages)
          .where(and(eq(contentPages.eventId, eventId), inArray(contentPages.id, pageIds))),
    formIds.length === 0
      ? []
      : db
          .select({
            id: forms.id,
            title: forms.title,
            isArchived: forms.isArchived,
            isPublished: forms.isPublished,
          })
          .from(forms)
          .where(and(eq(forms.eventId, eventId), inArray(forms.id, formIds))),
    taskIds.length === 0
      ? []
      : db
          .select({
            id: tasks.id,
            title: tasks.title,
            isArchived: tasks.isArchived,
            teamTypeIds: taskWithTeamTypes.teamTypeIds,
            showToChildTeams: tasks.showToChildTeams,
          })
          .from(tasks)
          .where(and(eq(tasks.eventId, eventId), inArray(tasks.id, taskIds))),
  ]);
  const resolved = new Map<string, ResolvedLink>();
  const add = (kind: LinkKind, id: string, title: string) =>
    resolved.set(`${kind}:${id}`, { kind, id, title, path: PATHS[kind](id) });
  for (const page of pageRows) if (canSeeContent(page, viewer)) add('content', page.id, page.title);
  for (const form of formRows) if (!form.isArchived && form.isPublished) add('form', form.id, form.title);
  for (const task of taskRows)
    if (!task.isArchived && canSeeTask(task, viewer)) add('task', task.id, task.title);
  return resolved;
}

/** The pickers' lists: every live content page, form and task of the event, by title. */
export async function linkOptions(db: DbOrTx, eventId: string): Promise<LinkOptions> {
  const live = (table: typeof contentPages | typeof forms | typeof tasks) =>
    db
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(and(eq(table.eventId, eventId), eq(table.isArchived, false)))
      .orderBy(asc(table.title));
  const [content, form, task] = await Promise.all([live(contentPages), live(forms), live(tasks)]);
  return { content, form, task };
}
