import { and, eq, inArray } from 'drizzle-orm';
import { contentPages } from '../modules/content/tables';
import { notifications, notificationTeamTypes } from '../modules/notifications/tables';
import { teamTypes } from '../modules/people/tables';
import { insertTeamTypeIds } from '../modules/people/teamTypes/links/queries';
import { tasks } from '../modules/tasks/tables';
import type { DbOrTx } from '../platform/db/client';
import { SYSTEM_ACTOR } from '../platform/db/columns';

/**
 * Notifications of the demo event: published ones for everyone and for some team types (opening a
 * content page or a task), one scheduled for tomorrow morning with email, and a draft. Written
 * straight to the table with no email: the demo should not mail its made-up teams at seed time.
 */
export async function seedDemoNotifications(db: DbOrTx, eventId: string): Promise<number> {
  const [types, pages, taskRows] = await Promise.all([
    db
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId)),
    db
      .select({ id: contentPages.id, title: contentPages.title })
      .from(contentPages)
      .where(
        and(
          eq(contentPages.eventId, eventId),
          inArray(contentPages.title, ['Stand build rules', 'Catering']),
        ),
      ),
    db
      .select({ id: tasks.id, title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.eventId, eventId), eq(tasks.title, 'Upload menu and allergen information'))),
  ]);
  const typeId = (name: string) => types.find((t) => t.name === name)?.id;
  const pageId = (title: string) => pages.find((p) => p.title === title)?.id ?? null;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const tomorrowAt7 = new Date(Date.now() + 86_400_000);
  tomorrowAt7.setUTCHours(6, 0, 0, 0); // 7:00 in London in summer, 6:00 in winter: a morning either way

  const builders = [typeId('Exhibitor'), typeId('Stand Builder')].filter((id): id is string => !!id);
  const caterer = typeId('Caterer');
  const rows: (Omit<typeof notifications.$inferInsert, 'eventId'> & { teamTypeIds?: string[] })[] = [
    {
      title: 'Build-up starts at 7:00',
      description:
        '<p>The halls open for build-up at <strong>7:00</strong> on the day before the show. Bring your stand pass; vans unload at door C.</p>',
      ...(pageId('Stand build rules')
        ? { targetKind: 'content' as const, targetId: pageId('Stand build rules') }
        : {}),
      audience: builders.length > 0 ? 'teamTypes' : 'everyone',
      teamTypeIds: builders,
      status: 'pushed',
      sentAt: hoursAgo(26),
    },
    {
      title: 'Catering order closes Friday',
      description: '<p>Order platters and drinks for your stand by <strong>Friday 17:00</strong>.</p>',
      ...(taskRows[0] ? { targetKind: 'task' as const, targetId: taskRows[0].id } : {}),
      audience: caterer ? 'teamTypes' : 'everyone',
      teamTypeIds: caterer ? [caterer] : [],
      status: 'pushed',
      sentAt: hoursAgo(5),
    },
    {
      title: 'Show guide deadline extended',
      description: '<p>You now have until the end of the month to send your show guide entry.</p>',
      status: 'pushed',
      sentAt: hoursAgo(50),
    },
    {
      title: 'Doors open to visitors at 10:00',
      description: '<p>Please have your stand ready by 9:30.</p>',
      sendEmail: true,
      status: 'scheduled',
      scheduledAt: tomorrowAt7,
    },
    {
      title: 'Evening networking drinks',
      description: '<p>Draft: venue to be confirmed.</p>',
      targetKind: 'link',
      linkUrl: 'https://example.com/harbourside-drinks',
      status: 'draft',
    },
  ];
  const saved = await db
    .insert(notifications)
    .values(
      rows.map(({ teamTypeIds: _teamTypes, ...row }) => ({
        ...row,
        eventId,
        createdBy: SYSTEM_ACTOR,
        updatedBy: SYSTEM_ACTOR,
      })),
    )
    .returning({ id: notifications.id });
  // RETURNING answers in the order of VALUES on both PostgreSQL and PGlite for a plain insert.
  await insertTeamTypeIds(
    db,
    notificationTeamTypes,
    eventId,
    saved.map(({ id }, i) => ({ ownerId: id, teamTypeIds: rows[i].teamTypeIds ?? [] })),
  );
  return rows.length;
}
