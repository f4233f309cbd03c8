import { and, eq } from 'drizzle-orm';
import { addCalendarDays, calendarDateIn } from '../../../shared/tasks/dueStatus';
import { makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from '../people/tables';
import { teamApi } from '../people/teamTestKit';
import { taskStatuses } from '../tasks/tables';

const DAY = 86_400_000;

/**
 * A report world: one cookie per level, two team types and teams in every login state —
 *   Active Bakery   (Exhibitor) owner logged in a day ago, two tasks complete
 *   Quiet Coffee    (Exhibitor) logged in 20 days ago, nothing complete
 *   Sleepy Cheese   (Sponsor)   never logged in
 *   =HYPERLINK(...) (no type)   never logged in: a formula that exports must neutralise
 *   Organisers      organiser team: never in a report
 * and tasks overdue, due soon, not due, restricted to Sponsor, and archived.
 */
export async function reportsWorld(t: TestApp, eventId: string) {
  const api = teamApi(t, eventId);
  const cookies: Record<'user' | 'reportViewer' | 'moderator' | 'admin', string> = {
    user: '',
    reportViewer: '',
    moderator: '',
    admin: '',
  };
  for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
    cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
  }
  const admin = cookies.admin;
  const type = async (name: string) =>
    (await api.call('POST', admin, '/team-types', { name })).json().id as string;
  const exhibitor = await type('Exhibitor');
  const sponsor = await type('Sponsor');
  const active = await api.createTeam(admin, 'Active Bakery', { teamTypeId: exhibitor });
  const quiet = await api.createTeam(admin, 'Quiet Coffee', { teamTypeId: exhibitor });
  const sleepy = await api.createTeam(admin, 'Sleepy Cheese', { teamTypeId: sponsor });
  const formula = await api.createTeam(admin, '=HYPERLINK("http://evil.test")');
  const organisers = await api.createTeam(admin, 'Organisers', { isOrganiser: true });

  const now = Date.now();
  const login = async (accountId: string, daysAgo: number) =>
    t.ctx.db
      .update(memberships)
      .set({ hasLoggedIn: true, lastLoginInTime: new Date(now - daysAgo * DAY) })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
  await login(active.ownerId, 1);
  await login(quiet.ownerId, 20);
  await login(organisers.ownerId, 0);

  const today = calendarDateIn(new Date(), 'Europe/London');
  const task = async (title: string, dueDate: string, extra: object = {}) => {
    const res = await api.call('POST', admin, '/tasks', { title, dueDate, ...extra });
    if (res.statusCode !== 201) throw new Error(`task ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const tasks = {
    overdue: await task('Send your logo', addCalendarDays(today, -3)),
    dueSoon: await task('Book stand power', addCalendarDays(today, 2)),
    later: await task('Order furniture', addCalendarDays(today, 200)),
    sponsorOnly: await task('Sponsor artwork', addCalendarDays(today, -1), { teamTypeIds: [sponsor] }),
    archived: await task('Old task', addCalendarDays(today, -30)),
  };
  const archived = await api.call('POST', admin, `/tasks/${tasks.archived}/archive`, {});
  if (archived.statusCode !== 200) throw new Error(`archive ${archived.statusCode} ${archived.body}`);
  const status = (taskId: string, teamId: string, progressStatus: 'complete' | 'n/a') =>
    t.ctx.db.insert(taskStatuses).values({ eventId, taskId, teamId, progressStatus });
  await status(tasks.overdue, active.id, 'complete');
  await status(tasks.dueSoon, active.id, 'complete');
  await status(tasks.later, quiet.id, 'n/a');
  await status(tasks.overdue, organisers.id, 'complete');

  return {
    api,
    cookies,
    types: { exhibitor, sponsor },
    teams: { active, quiet, sleepy, formula, organisers },
    tasks,
  };
}
