import { and, eq, inArray } from 'drizzle-orm';
import { auditEntries } from '../modules/audit/tables';
import { accounts } from '../modules/auth/tables';
import { memberships, teams } from '../modules/people/tables';
import { tasks } from '../modules/tasks/tables';
import type { DbOrTx } from '../platform/db/client';

const DAY_MS = 86_400_000;
const OFFICE_ADDRESS = '203.0.113.24';

/**
 * A believable trail for the demo event (issue 21): the seed writes through services outside any
 * request, so without this a new admin would find /admin/audit empty. Three weeks of the
 * organisers' edits (tasks, teams, settings, a user's level) and the system's reminders, emails
 * and webhook tries, with fields before and after, newest last, written in one insert.
 */
export async function seedDemoAudit(db: DbOrTx, eventId: string, now = new Date()): Promise<number> {
  const organisers = await db
    .select({ id: accounts.id, firstName: accounts.firstName, surname: accounts.surname })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.eventId, eventId), inArray(memberships.permissions, ['admin', 'moderator'])))
    .orderBy(accounts.surname);
  const taskRows = await db
    .select({ id: tasks.id, title: tasks.title, dueDate: tasks.dueDate })
    .from(tasks)
    .where(eq(tasks.eventId, eventId))
    .orderBy(tasks.position)
    .limit(6);
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.eventId, eventId))
    .orderBy(teams.name)
    .limit(6);
  if (organisers.length === 0) return 0;
  const rows: (typeof auditEntries.$inferInsert)[] = [];
  const at = (daysAgo: number, hour: number) =>
    new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS + hour * 3_600_000);
  const by = (i: number) => {
    const o = organisers[i % organisers.length];
    return {
      eventId,
      actorKind: 'account' as const,
      accountId: o.id,
      actorName: `${o.firstName} ${o.surname}`.trim(),
      address: OFFICE_ADDRESS,
    };
  };
  const system = { eventId, actorKind: 'system' as const, actorName: 'System Update' };
  rows.push({
    ...by(0),
    at: at(20, 9),
    entityType: 'settings',
    entityId: 'branding',
    action: 'update',
    route: 'PUT /api/events/:eventId/settings/:name',
    changes: { navBgColor: { before: '#1c7ed6', after: '#0b7285' } },
  });
  taskRows.forEach((task, i) => {
    const moved = task.dueDate ? new Date(new Date(task.dueDate).getTime() + 7 * DAY_MS) : null;
    rows.push({
      ...by(i),
      at: at(18 - i * 2, 10 + (i % 5)),
      entityType: 'tasks',
      entityId: task.id,
      action: 'update',
      route: 'PUT /api/events/:eventId/tasks/:taskId',
      changes: moved
        ? { dueDate: { before: task.dueDate, after: moved.toISOString().slice(0, 10) } }
        : { title: { before: task.title.replace(/^Send /, 'Upload '), after: task.title } },
    });
  });
  teamRows.forEach((team, i) => {
    rows.push({
      ...by(i + 1),
      at: at(15 - i * 2, 14),
      entityType: 'teams',
      entityId: team.id,
      action: 'update',
      route: 'PATCH /api/events/:eventId/teams/:teamId',
      changes: { name: { before: team.name.replace(/ (Ltd|Co\.?)$/, ''), after: team.name } },
    });
    rows.push({
      ...system,
      at: at(12 - i, 8),
      entityType: 'teams',
      entityId: team.id,
      action: 'task reminder',
      route: 'tasks.reminders',
      changes: { tasks: { after: taskRows.slice(0, 2).map((t) => t.title) }, emails: { after: 2 } },
    });
  });
  rows.push(
    {
      ...system,
      at: at(12, 8),
      entityType: 'emails',
      action: 'send',
      route: 'email.send',
      changes: { sent: { after: teamRows.length * 2 } },
    },
    {
      ...by(1),
      at: at(6, 11),
      entityType: 'users',
      entityId: organisers[organisers.length - 1].id,
      action: 'permissions',
      route: 'PUT /api/events/:eventId/users/:userId/permissions',
      changes: { permissions: { before: 'user', after: 'moderator' } },
    },
    {
      ...system,
      at: at(2, 16),
      entityType: 'webhooks',
      action: 'deliver',
      route: 'webhooks.deliver',
      changes: {
        state: { before: 'pending', after: 'succeeded' },
        attempt: { after: 1 },
        statusCode: { after: 200 },
      },
    },
  );
  await db.insert(auditEntries).values(rows);
  return rows.length;
}
