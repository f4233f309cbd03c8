import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReportOverview,
  TaskReportResponse,
  TeamReportResponse,
  TeamReportRow,
} from '../../../shared/reports/api';
import { addCalendarDays, calendarDateIn } from '../../../shared/tasks/dueStatus';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';
import { reportsWorld } from './reportsTestKit';
import { completionOf } from './teams/service';

describe('reports API', () => {
  let t: TestApp;
  let eventId: string;
  let world: Awaited<ReturnType<typeof reportsWorld>>;
  let stranger: string;
  let otherTeamId: string;
  let otherTaskId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    world = await reportsWorld(t, eventId);
    const otherEventId = await makeEvent(t, 'Other Show');
    stranger = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const other = teamApi(t, otherEventId);
    otherTeamId = (await other.createTeam(stranger, 'Elsewhere Ltd')).id;
    await other.call('POST', stranger, '/team-types', { name: 'Another event type' });
    const task = await other.call('POST', stranger, '/tasks', { title: 'Theirs', dueDate: '2099-01-01' });
    otherTaskId = task.json().id;
  });
  afterAll(() => t.close());

  const get = (cookie: string, path: string, event = eventId) =>
    t.app.inject({ method: 'GET', url: `/api/events/${event}/reports${path}`, headers: { cookie } });

  const PATHS = () => [
    '/filters',
    '/overview',
    '/tasks',
    `/tasks/${world.tasks.overdue}`,
    '/teams',
    `/teams/${world.teams.active.id}`,
    '/tasks/export?format=csv',
    '/teams/export?format=csv',
    '/risk/export?format=xlsx',
    '/logins/export?format=csv',
    `/tasks/${world.tasks.overdue}/export?format=csv`,
    `/teams/${world.teams.active.id}/export?format=xlsx`,
  ];

  it('lets report viewers and above read every report, and refuses users with 403', async () => {
    for (const path of PATHS()) {
      for (const level of ['reportViewer', 'moderator', 'admin'] as const) {
        expect((await get(world.cookies[level], path)).statusCode, `${level} ${path}`).toBe(200);
      }
      expect((await get(world.cookies.user, path)).statusCode, `user ${path}`).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/reports${path}` })).statusCode,
      ).toBe(401);
    }
  });

  it("answers 404 for another event's team or task, and for a member of another event", async () => {
    const viewer = world.cookies.reportViewer;
    expect((await get(viewer, `/teams/${otherTeamId}`)).json().error.message).toBe('Team not found');
    expect((await get(viewer, `/teams/${otherTeamId}`)).statusCode).toBe(404);
    expect((await get(viewer, `/tasks/${otherTaskId}`)).statusCode).toBe(404);
    expect((await get(viewer, `/teams/${world.teams.organisers.id}`)).statusCode).toBe(404);
    const teamFile = await get(viewer, `/teams/${otherTeamId}/export?format=csv`);
    expect([teamFile.statusCode, teamFile.json().error.message]).toEqual([404, 'Team not found']);
    const taskFile = await get(viewer, `/tasks/${otherTaskId}/export?format=xlsx`);
    expect([taskFile.statusCode, taskFile.json().error.message]).toEqual([404, 'Task not found']);
    expect((await get(stranger, '/teams')).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const viewer = world.cookies.reportViewer;
    for (const path of [
      '/teams?level=doomed',
      '/teams?page=0',
      '/teams?sort=password',
      '/teams?colour=red',
      '/teams?teamTypeId=not-a-uuid',
      '/tasks?dueStatus=soonish',
      '/tasks?urgency=overdue',
      '/tasks?status=done',
      '/tasks?taskId=42',
      `/tasks/export?format=csv&taskId=42`,
      `/tasks/${world.tasks.overdue}?actionStatus=done`,
      '/teams/not-a-uuid',
      '/tasks/export',
      '/risk/export?format=pdf',
      `/tasks/${world.tasks.overdue}/export`,
      `/tasks/${world.tasks.overdue}/export?format=csv&status=done`,
      `/teams/${world.teams.active.id}/export?format=pdf`,
      `/teams/${world.teams.active.id}/export?format=csv&level=high`,
      '/teams/not-a-uuid/export?format=csv',
    ]) {
      const res = await get(viewer, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('has no route that writes: a report viewer cannot post to reports', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/reports/teams`,
      headers: { cookie: world.cookies.reportViewer },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it('filter options: the team types and open task groups of this event only', async () => {
    const res = await get(world.cookies.reportViewer, '/filters');
    expect(res.json().teamTypes.map((t: { name: string }) => t.name)).toEqual(['Exhibitor', 'Sponsor']);
    expect(res.json().taskGroups).toEqual([]);
  });

  it('overview: teams by risk level and login activity, task statuses by chip (organisers aside)', async () => {
    const overview = (await get(world.cookies.reportViewer, '/overview')).json() as ReportOverview;
    expect(overview).toMatchObject({
      teams: 4,
      byRiskLevel: { low: 1, medium: 1, high: 2, critical: 0 },
      byLoginActivity: { active: 1, idle: 0, inactive: 3 },
      neverLoggedIn: 2,
      taskStatuses: { complete: 2, 'n/a': 1, overdue: 4, dueSoon: 3, incomplete: 3 },
      launchDate: null,
    });
  });

  it('teams report: highest risk first, with the level, login activity and the reasons', async () => {
    const report = (await get(world.cookies.reportViewer, '/teams')).json() as TeamReportResponse;
    expect(report.items.map((r) => [r.name, r.riskPercent, r.riskLevel])).toEqual([
      ['Sleepy Cheese', 77.1, 'high'],
      ['=HYPERLINK("http://evil.test")', 72.5, 'high'],
      ['Quiet Coffee', 60, 'medium'],
      ['Active Bakery', 25, 'low'],
    ]);
    const quiet = report.items[2];
    expect(quiet).toMatchObject({
      teamTypeName: 'Exhibitor',
      hasTeamLoggedIn: true,
      loginActivity: 'inactive',
      tasks: { total: 3, complete: 0, na: 1, overdue: 1, dueSoon: 1, pending: 0 },
      reasons: [
        'last login 20 days ago',
        'no task complete or form submitted yet',
        '1 of 2 tasks overdue',
        '1 of 2 tasks due soon',
        'no launch date set',
      ],
    });
    expect(report.byRiskLevel).toEqual({ low: 1, medium: 1, high: 2, critical: 0 });
  });

  it('teams report filters by level, login activity, team type and name, and sorts', async () => {
    const names = async (query: string) =>
      ((await get(world.cookies.reportViewer, `/teams?${query}`)).json() as TeamReportResponse).items.map(
        (r) => r.name,
      );
    expect(await names('level=high&sort=name&order=asc')).toEqual([
      '=HYPERLINK("http://evil.test")',
      'Sleepy Cheese',
    ]);
    expect(await names('activity=active')).toEqual(['Active Bakery']);
    expect(await names(`teamTypeId=${world.types.exhibitor}`)).toEqual(['Quiet Coffee', 'Active Bakery']);
    expect(await names('search=coffee')).toEqual(['Quiet Coffee']);
    expect(await names('sort=completion&order=desc')).toEqual([
      'Active Bakery',
      '=HYPERLINK("http://evil.test")',
      'Quiet Coffee',
      'Sleepy Cheese',
    ]);
  });

  it("teams report sorts as its lines' own fields say, in every sort and order (only the page's lines are built)", async () => {
    const lines = async (query: string) =>
      ((await get(world.cookies.reportViewer, `/teams?${query}`)).json() as TeamReportResponse).items;
    const field: Record<string, (row: TeamReportRow) => number | string> = {
      riskScore: (row) => row.riskScore,
      name: (row) => row.name.toLocaleLowerCase(),
      lastLogin: (row) => row.teamLastLoginInTime ?? '',
      completion: completionOf,
    };
    for (const sort of Object.keys(field)) {
      for (const order of ['asc', 'desc'] as const) {
        const items = await lines(`sort=${sort}&order=${order}`);
        const sign = order === 'desc' ? -1 : 1;
        const expected = [...items].sort((a, b) => {
          const [x, y] = [field[sort](a), field[sort](b)];
          if (x !== y) return (x < y ? -1 : 1) * sign;
          return a.name.localeCompare(b.name) || a.teamId.localeCompare(b.teamId);
        });
        expect(items.map((r) => r.name)).toEqual(expected.map((r) => r.name));
        expect(items).toHaveLength(4);
      }
    }
    // Never logged in first, then the oldest login.
    expect((await lines('sort=lastLogin&order=asc')).map((r) => r.name)).toEqual([
      '=HYPERLINK("http://evil.test")',
      'Sleepy Cheese',
      'Quiet Coffee',
      'Active Bakery',
    ]);
    const past = (await get(world.cookies.reportViewer, '/teams?page=2')).json() as TeamReportResponse;
    expect([past.items, past.total]).toEqual([[], 4]);
  });

  it('task report: per task the teams it applies to and their chips; filters', async () => {
    const report = async (query = '') =>
      (await get(world.cookies.reportViewer, `/tasks?${query}`)).json() as TaskReportResponse;
    const all = await report();
    expect(all.total).toBe(4);
    expect(all.items.map((r) => [r.title, r.teams, r.counts])).toEqual([
      ['Send your logo', 4, { complete: 1, 'n/a': 0, overdue: 3, dueSoon: 0, incomplete: 0 }],
      ['Sponsor artwork', 1, { complete: 0, 'n/a': 0, overdue: 1, dueSoon: 0, incomplete: 0 }],
      ['Book stand power', 4, { complete: 1, 'n/a': 0, overdue: 0, dueSoon: 3, incomplete: 0 }],
      ['Order furniture', 4, { complete: 0, 'n/a': 1, overdue: 0, dueSoon: 0, incomplete: 3 }],
    ]);
    expect((await report('dueStatus=overdue')).items.map((r) => r.title)).toEqual([
      'Send your logo',
      'Sponsor artwork',
    ]);
    expect((await report('status=n/a')).items.map((r) => r.title)).toEqual(['Order furniture']);
    const exhibitors = await report(`teamTypeId=${world.types.exhibitor}`);
    expect(exhibitors.items.map((r) => [r.title, r.teams])).toEqual([
      ['Send your logo', 2],
      ['Book stand power', 2],
      ['Order furniture', 2],
    ]);
    expect((await report('sort=overdue&order=desc')).items[0].title).toBe('Send your logo');
    expect((await report('search=FURN')).items.map((r) => r.title)).toEqual(['Order furniture']);
    // Spec filter "task id": that task's line; another event's task or an archived one, none.
    expect((await report(`taskId=${world.tasks.dueSoon}`)).items.map((r) => r.title)).toEqual([
      'Book stand power',
    ]);
    expect((await report(`taskId=${world.tasks.dueSoon}&dueStatus=overdue`)).total).toBe(0);
    expect((await report(`taskId=${otherTaskId}`)).total).toBe(0);
    expect((await report(`taskId=${world.tasks.archived}`)).total).toBe(0);
    const badId = await get(world.cookies.reportViewer, '/tasks?taskId=book-stand-power');
    expect([badId.statusCode, badId.json().error.message]).toEqual([400, 'Invalid task values']);
    expect((await get(world.cookies.user, `/tasks?taskId=${world.tasks.dueSoon}`)).statusCode).toBe(403);
    expect((await get(stranger, `/tasks?taskId=${otherTaskId}`)).statusCode).toBe(404);
  });

  it('one task: every team that sees it, with its status', async () => {
    const res = await get(world.cookies.reportViewer, `/tasks/${world.tasks.overdue}?status=complete`);
    expect(res.json().items.map((r: { teamName: string }) => r.teamName)).toEqual([
      'Active Bakery',
      'Organisers',
    ]);
  });

  it("one team: its members' logins, its tasks and its score explained", async () => {
    const res = await get(world.cookies.reportViewer, `/teams/${world.teams.sleepy.id}`);
    const detail = res.json();
    expect(detail.team).toMatchObject({ name: 'Sleepy Cheese', riskLevel: 'high', hasTeamLoggedIn: false });
    expect(detail.risk).toEqual({ engagement: 'neverLoggedIn', base: 1, taskRisk: 0.8333, taskScale: 0.65 });
    expect(detail.members).toHaveLength(1);
    expect(detail.members[0]).toMatchObject({ isOwner: true, hasLoggedIn: false, lastLoginInTime: null });
    expect(detail.taskStatuses.map((s: { title: string; status: string }) => [s.title, s.status])).toEqual([
      ['Send your logo', 'overdue'],
      ['Sponsor artwork', 'overdue'],
      ['Book stand power', 'dueSoon'],
      ['Order furniture', 'incomplete'],
    ]);
  });

  it('exports as CSV with report labels and neutralised formulas, and as a readable XLSX', async () => {
    const csv = await get(world.cookies.reportViewer, '/risk/export?format=csv&level=high');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="risk-report-Expo-2027-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(csv.body.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Team Name', 'Team Type', 'Risk Level', 'Risk Score', 'Risk %', 'Reasons']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Sleepy Cheese', `'=HYPERLINK("http://evil.test")`]);
    expect(rows[1][5]).toBe(
      'never logged in; 2 of 4 tasks overdue; 1 of 4 tasks due soon; no launch date set',
    );

    const logins = await get(world.cookies.reportViewer, '/logins/export?format=xlsx&activity=active');
    expect(logins.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(logins.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Login activity');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Team Name',
      'Team Type',
      'Has Team Logged In',
      'Team Last Login',
      'Login Activity',
      'Members',
      'Members Logged In',
    ]);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Active Bakery');
    expect(sheet?.getRow(2).getCell(5).value).toBe('Active');
    expect(sheet?.rowCount).toBe(2);

    const tasks = await get(world.cookies.reportViewer, '/tasks/export?format=csv&dueStatus=dueSoon');
    const taskRows = Papa.parse<string[]>(tasks.body.slice(1), { skipEmptyLines: true }).data;
    expect(taskRows[1].slice(0, 2)).toEqual(['Book stand power', 'Task']);
    expect(taskRows[1][11]).toBe('25.0');
  });

  it("exports one task's teams: every team (no paging), the screen's filter, dates in the event's zone", async () => {
    const csv = await get(
      world.cookies.reportViewer,
      `/tasks/${world.tasks.overdue}/export?format=csv&sort=team&order=desc`,
    );
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="task-report-Expo-2027-Send-your-logo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(csv.body.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Team Name',
      'Status',
      'Approval',
      'Assigned To',
      'Completed or Changed By',
      'When',
    ]);
    // The task's own list shows organiser teams too (decision 0015); the formula stays text.
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['Sleepy Cheese', 'Overdue'],
      ['Quiet Coffee', 'Overdue'],
      ['Organisers', 'Complete'],
      ['Active Bakery', 'Complete'],
      [`'=HYPERLINK("http://evil.test")`, 'Overdue'],
    ]);
    // The event's zone and locale (Europe/London, en-GB): the time the screen's list gives, formatted.
    const list = (
      await get(world.cookies.reportViewer, `/tasks/${world.tasks.overdue}?search=bakery`)
    ).json();
    const when = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(rows[4][5]).toBe(when.format(new Date(list.items[0].updatedAt)));

    const complete = await get(
      world.cookies.reportViewer,
      `/tasks/${world.tasks.overdue}/export?format=xlsx&status=complete`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(complete.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Teams of the task');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(2).value).toBe('Complete');
  });

  it('exports one team: its line, members, tasks and forms in one sheet, the formula name as text', async () => {
    const csv = await get(world.cookies.reportViewer, `/teams/${world.teams.formula.id}/export?format=csv`);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="team-report-Expo-2027-HYPERLINK-http-evil.test-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = Papa.parse<string[]>(csv.body.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Section', 'Name', 'Status', 'Due Date', 'Date', 'By', 'Detail']);
    expect(rows[1].slice(0, 3)).toEqual(['Team', `'=HYPERLINK("http://evil.test")`, 'High risk (72.5%)']);
    expect(rows[1][6]).toMatch(/^Inactive; never logged in; /);
    expect(rows.map((r) => r[0])).toEqual(['Section', 'Team', 'Member', 'Task', 'Task', 'Task']);
    expect(rows[2][2]).toBe('Never logged in');
    expect(rows[2][6]).toMatch(/ \(Team Owner\)$/);
    expect(rows.slice(3).map((r) => [r[1], r[2]])).toEqual([
      ['Send your logo', 'Overdue'],
      ['Book stand power', 'Due Soon'],
      ['Order furniture', 'Incomplete'],
    ]);
    const due = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'medium' });
    expect(rows[3][3]).toBe(
      due.format(new Date(`${addCalendarDays(calendarDateIn(new Date(), 'Europe/London'), -3)}T00:00:00Z`)),
    );

    const xlsx = await get(world.cookies.reportViewer, `/teams/${world.teams.active.id}/export?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Team');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Active Bakery');
    expect(sheet?.getRow(3).getCell(3).value).toBe('Logged in');
    expect(sheet?.getRow(4).getCell(6).value).toMatch(/\S/);
  });

  it('with a launch date, scores grow with the weeks past the grace period', async () => {
    const today = calendarDateIn(new Date(), 'Europe/London');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/settings/event`,
      headers: { cookie: world.cookies.admin },
      payload: { launchDate: addCalendarDays(today, -42) },
    });
    expect(put.statusCode).toBe(200);
    const report = (
      await get(world.cookies.reportViewer, '/teams?search=sleepy')
    ).json() as TeamReportResponse;
    expect(report.items[0].reasons).toEqual([
      'never logged in',
      '2 of 4 tasks overdue',
      '1 of 4 tasks due soon',
      '4 weeks past the launch grace period',
    ]);
    // 0.5 × (0.15 + 4 × 0.05 + 0.2 for 42 quiet days) + 0.5 × 0.65 × (2 + 0.5) / 3
    expect(report.items[0].riskPercent).toBe(54.6);
  });
});
