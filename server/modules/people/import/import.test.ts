import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastEmailTo, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { accounts, authTokens } from '../../auth/tables';
import { issueToken } from '../../auth/tokens/service';
import { settings } from '../../events/tables';
import { memberships, teams } from '../tables';
import { teamApi } from '../teamTestKit';
import { csvFile, importApi, XLSX_TYPE, xlsxFile } from './importTestKit';
import { runTeamImport } from './jobs';
import { teamImportRows, teamImports } from './tables';

const HEADER = [
  'Team Name',
  'First Name',
  'Surname',
  'Email',
  'Team Type',
  'Organiser',
  'Stand Number',
  'Vegan Menu',
];

describe('team import', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof importApi>;
  let teamsApi: ReturnType<typeof teamApi>;
  let typeId: string;
  let standField: string;
  let veganField: string;
  const cookies: Record<string, string> = {};

  const teamCount = async () =>
    (await t.ctx.db.select({ n: count() }).from(teams).where(eq(teams.eventId, eventId)))[0].n;
  const accountByEmail = async (email: string) =>
    (await t.ctx.db.select().from(accounts).where(eq(accounts.email, email)))[0];
  const rowsOf = async (importId: string, query = '') =>
    (await api.get(cookies.admin, `/${importId}/rows${query}`)).json().items as Record<string, unknown>[];
  /** Uploads a CSV and answers the stored import. */
  const preview = async (rows: string[][]) => {
    const res = await api.upload(cookies.admin, 'teams.csv', csvFile([HEADER, ...rows]));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; readyRows: number; skippedRows: number; rejectedRows: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = importApi(t, eventId);
    teamsApi = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    typeId = (await teamsApi.call('POST', cookies.admin, '/team-types', { name: 'Exhibitor' })).json().id;
    const field = (label: string, type: string) =>
      teamsApi.call('POST', cookies.admin, '/custom-fields', { label, type });
    standField = (await field('Stand Number', 'text')).json().id;
    veganField = (await field('Vegan Menu', 'boolean')).json().id;
  });
  afterAll(() => t.close());

  it('downloads the template as CSV and XLSX with the fixed columns and each custom field', async () => {
    const csv = await api.get(cookies.admin, '/template?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="team-import-template.csv"');
    expect(csv.body.replace(/^\ufeff/, '').trim()).toBe(HEADER.join(','));
    const xlsx = await api.get(cookies.admin, '/template?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(workbook.worksheets[1].name).toBe('How to fill in');
    expect((await api.get(cookies.admin, '/template?format=pdf')).statusCode).toBe(400);
  });

  it('is admin only (spec), and another event is not found', async () => {
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      expect((await api.get(cookies[level], '/template?format=csv')).statusCode).toBe(403);
      expect((await api.get(cookies[level], '/latest')).statusCode).toBe(403);
      const upload = await api.upload(cookies[level], 'teams.csv', csvFile([HEADER]));
      expect(upload.statusCode).toBe(403);
    }
    expect((await api.get(cookies.otherAdmin, '/latest')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/team-imports/latest` })).statusCode,
    ).toBe(401);
  });

  it('refuses files it cannot use, with the reason, and stores nothing', async () => {
    const good = csvFile([HEADER, ['A', 'B', 'C', 'a@example.test', '', '', '', '']]);
    const cases: [string, Buffer, string][] = [
      ['teams.pdf', Buffer.from('%PDF-1.7'), 'Upload a CSV or XLSX file'],
      ['teams.xlsx', good, 'Upload a CSV or XLSX file'],
      ['teams.csv', await xlsxFile([HEADER]), 'Upload a CSV or XLSX file'],
      ['teams.csv', Buffer.alloc(0), 'The file is empty'],
      ['teams.csv', csvFile([HEADER, ['', '', '', '', '', '', '', '']]), 'The file has no rows to import'],
      [
        'teams.csv',
        csvFile([
          ['Team Name', 'Email'],
          ['A', 'a@example.test'],
        ]),
        'Missing columns: First Name, Surname',
      ],
      [
        'teams.csv',
        csvFile([
          [...HEADER, 'Shoe Size'],
          ['A', 'B', 'C', 'a@x.test'],
        ]),
        'Unknown columns: Shoe Size',
      ],
    ];
    for (const [name, content, message] of cases) {
      const res = await api.upload(cookies.admin, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const huge = await api.upload(cookies.admin, 'teams.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('The file is larger than 10 MB');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/team-imports`,
      headers: { cookie: cookies.admin },
      payload: {},
    });
    expect(json.json().error.message).toBe('Upload a CSV or XLSX file');
    const [{ n }] = await t.ctx.db
      .select({ n: count() })
      .from(teamImports)
      .where(eq(teamImports.eventId, eventId));
    expect(n).toBe(0);
  });

  it('previews every row with its errors by row and column, and writes no people or teams', async () => {
    const owner = await teamsApi.createTeam(cookies.admin, 'Existing Bakery');
    const before = await teamCount();
    const long = 'x'.repeat(201);
    const created = await preview([
      ['Harbour Fish', 'Ada', 'Lovelace', ' Ada@Example.TEST ', 'exhibitor', 'Yes', 'A12', 'No'],
      ['=HYPERLINK("x")', 'Bob', 'Smith', 'bob@example.test', '', '', '', ''],
      ['Good Co', 'Cy', 'Jones', 'not-an-email', '', '', '', ''],
      ['Twin One', 'Di', 'Twin', 'twin@example.test', '', '', '', ''],
      ['Twin Two', 'Di', 'Twin', 'TWIN@example.test', '', '', '', ''],
      ['Typed', 'Ed', 'Type', 'ed@example.test', 'Sponsor', 'maybe', '', ''],
      [long, '', 'Blank', 'fay@example.test', '', '', '', ''],
      ['Another Team', 'Gus', 'Owner', owner.email, '', '', '', ''],
      ['Existing Bakery', 'Hal', 'Owner', owner.email.toUpperCase(), '', '', '', ''],
      ['Plain Co', 'Ivy', 'Plain', 'ivy@example.test', '', '', '+44 123', ''],
    ]);
    // Rows 9 and 10 share an email (case aside), so both are duplicates; rows 3 and 11 hold formulas.
    expect(created).toMatchObject({
      state: 'preview',
      rowsInFile: 10,
      readyRows: 1,
      skippedRows: 0,
      rejectedRows: 9,
    });
    const rows = await rowsOf(created.id);
    const errorsOf = (rowNumber: number) => rows.find((r) => r.rowNumber === rowNumber)?.errors;
    expect(rows[0]).toMatchObject({ rowNumber: 2, status: 'ready', errors: [], typeCheck: null });
    expect(errorsOf(3)).toEqual([{ column: 'Team Name', message: 'Formulas are not allowed' }]);
    expect(errorsOf(4)).toEqual([{ column: 'Email', message: 'Invalid email' }]);
    expect(errorsOf(5)).toEqual([{ column: 'Email', message: 'Duplicate email in this file (rows 6)' }]);
    expect(errorsOf(6)).toEqual([{ column: 'Email', message: 'Duplicate email in this file (rows 5)' }]);
    expect(errorsOf(7)).toEqual([
      { column: 'Team Type', message: 'Invalid team type' },
      { column: 'Organiser', message: 'Use Yes or No' },
    ]);
    expect(errorsOf(8)).toEqual([
      { column: 'Team Name', message: 'Longer than 200 characters' },
      { column: 'First Name', message: 'Required' },
    ]);
    expect(errorsOf(9)).toContainEqual({
      column: 'Email',
      message: 'Duplicate email in this file (rows 10)',
    });
    expect(errorsOf(11)).toEqual([{ column: 'Stand Number', message: 'Formulas are not allowed' }]);
    expect((await rowsOf(created.id, '?status=rejected')).length).toBe(9);
    expect(await teamCount()).toBe(before);
    expect(await accountByEmail('ada@example.test')).toBeUndefined();
  });

  it('reports an email that already owns a team, and skips one that owns this very team', async () => {
    const owner = await teamsApi.createTeam(cookies.admin, 'Skipper Ltd');
    const created = await preview([
      ['Another Team', 'Gus', 'Owner', owner.email, '', '', '', ''],
      ['skipper ltd', 'Hal', 'Owner', uniqueLike('hal')],
    ]);
    expect(created).toMatchObject({ readyRows: 1, rejectedRows: 1 });
    const [first] = await rowsOf(created.id);
    expect(first.errors).toEqual([{ column: 'Email', message: 'This email already owns a team' }]);
    const again = await preview([['Skipper Ltd', 'Gus', 'Owner', owner.email, '', '', '', '']]);
    expect(again).toMatchObject({ readyRows: 0, skippedRows: 1 });
    expect((await rowsOf(again.id))[0].errors).toEqual([
      { column: null, message: 'Already imported: this email owns this team' },
    ]);
    const start = await api.start(cookies.admin, again.id);
    expect(start.statusCode).toBe(400);
    expect(start.json().error.message).toBe('There are no rows ready to import');
  });

  it('reads XLSX: formula cells are refused, typed emails (mailto links) are read as text', async () => {
    const file = await xlsxFile([
      HEADER,
      ['Sheet Co', 'Jo', 'Sheet', { text: 'jo@example.test', hyperlink: 'mailto:jo@example.test' }],
      ['Sum Co', 'Ka', 'Sum', 'ka@example.test', '', '', { formula: '1+1', result: 2 }],
    ]);
    const res = await api.upload(cookies.admin, 'teams.xlsx', file, XLSX_TYPE);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(res.json().id);
    expect(rows[0]).toMatchObject({
      status: 'ready',
      cells: expect.objectContaining({ Email: 'jo@example.test' }),
    });
    expect(rows[1]).toMatchObject({
      status: 'rejected',
      errors: [{ column: 'Stand Number', message: 'Formulas are not allowed' }],
    });
  });

  it('imports ready rows through the job: account, user, team, type link, welcome email and check record', async () => {
    const created = await preview([
      ['Harbour Fish', 'Ada', 'Lovelace', ' Ada@Example.TEST ', 'exhibitor', 'Yes', 'A12', 'Yes'],
      ['Bad Row', 'Bob', 'Smith', 'bob@@example', '', '', '', ''],
    ]);
    expect((await api.start(cookies.moderator, created.id)).statusCode).toBe(403);
    expect((await api.start(cookies.otherAdmin, created.id, otherEventId)).statusCode).toBe(404);
    const started = await api.start(cookies.admin, created.id);
    expect(started.statusCode).toBe(202);
    const latest = (await api.get(cookies.admin, '/latest')).json().import;
    expect(latest).toMatchObject({
      id: created.id,
      state: 'done',
      doneRows: 1,
      createdRows: 1,
      failedRows: 0,
    });
    const account = await accountByEmail('ada@example.test');
    expect(account).toMatchObject({ firstName: 'Ada', surname: 'Lovelace', passwordHash: null });
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.ownerId, account.id));
    expect(team).toMatchObject({
      name: 'Harbour Fish',
      teamTypeId: typeId,
      isOrganiser: true,
      customFields: { [standField]: 'A12', [veganField]: true },
    });
    const [membership] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, account.id)));
    expect(membership).toMatchObject({ teamId: team.id, teamRole: 'teamOwner', permissions: 'user' });
    expect((await lastEmailTo(t, 'ada@example.test')).kind).toBe('setPassword');
    const rows = await rowsOf(created.id);
    expect(rows[0]).toMatchObject({
      status: 'created',
      typeCheck: true,
      userUpsert: true,
      teamAdd: true,
      emailSend: true,
      errorMessage: null,
      rolledBack: [],
      teamId: team.id,
    });
    expect(rows[1]).toMatchObject({ status: 'rejected', typeCheck: null });
    expect(await accountByEmail('bob@@example')).toBeUndefined();
    const again = await api.start(cookies.admin, created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This import has already started');
  });

  it('an account from another event joins with its team: a fresh set-password link, or the existing-user welcome', async () => {
    const noPassword = await makeUser(t, otherEventId, 'user', { password: null, firstName: 'Rae' });
    const withPassword = await makeUser(t, otherEventId, 'user', { firstName: 'Sol' });
    const earlier = await issueToken(t.ctx.db, {
      accountId: noPassword.id,
      eventId: otherEventId,
      mode: 'setPassword',
      actor: 'system',
    });
    const created = await preview([
      ['Rae Co', 'Renamed', 'Person', noPassword.email, '', '', '', ''],
      ['Sol Co', 'Sol', 'Person', withPassword.email, '', '', '', ''],
    ]);
    expect((await api.start(cookies.admin, created.id)).statusCode).toBe(202);
    const rows = await rowsOf(created.id);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'created', userUpsert: true, teamAdd: true, emailSend: true });
    }
    const welcome = await lastEmailTo(t, noPassword.email);
    expect(welcome.kind).toBe('setPassword');
    // The account keeps its name; the earlier link stops working.
    expect(welcome.text).toContain('Hello Rae,');
    const tokens = await t.ctx.db.select().from(authTokens).where(eq(authTokens.accountId, noPassword.id));
    expect(tokens.find((k) => k.id === earlier.id)?.usedAt).not.toBeNull();
    expect(tokens.filter((k) => k.usedAt === null)).toHaveLength(1);
    expect((await lastEmailTo(t, withPassword.email)).kind).toBe('existingWelcome');
    for (const person of [noPassword, withPassword]) {
      const [membership] = await t.ctx.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, person.id)));
      expect(membership).toMatchObject({ permissions: 'user', teamRole: 'teamOwner' });
    }
  });

  it('re-running the same file creates no duplicates: the rows are skipped', async () => {
    const rows = [['Repeat Co', 'Lu', 'Repeat', 'lu@example.test', '', '', '', '']];
    const first = await preview(rows);
    await api.start(cookies.admin, first.id);
    const second = await preview(rows);
    expect(second).toMatchObject({ readyRows: 0, skippedRows: 1 });
    const account = await accountByEmail('lu@example.test');
    const owned = await t.ctx.db.select({ n: count() }).from(teams).where(eq(teams.ownerId, account.id));
    expect(owned[0].n).toBe(1);
  });

  it('the job skips a row whose team was created after the preview, and fails one whose owner joined a team', async () => {
    const created = await preview([
      ['Late Co', 'Mo', 'Late', 'mo@example.test', '', '', '', ''],
      ['Joined Co', 'Ned', 'Joined', 'ned@example.test', '', '', '', ''],
    ]);
    await teamsApi.call('POST', cookies.admin, '/teams', {
      name: 'Late Co',
      owner: { firstName: 'Mo', surname: 'Late', email: 'mo@example.test' },
    });
    const other = await teamsApi.createTeam(cookies.admin, 'Other Team');
    const joined = await teamsApi.call('POST', cookies.admin, `/teams/${other.id}/members`, {
      firstName: 'Ned',
      surname: 'Joined',
      email: 'ned@example.test',
    });
    expect(joined.statusCode).toBe(201);
    const before = await teamCount();
    await api.start(cookies.admin, created.id);
    const [late, ned] = await rowsOf(created.id);
    expect(late).toMatchObject({ status: 'skipped', typeCheck: true, userUpsert: null, teamAdd: null });
    expect(ned).toMatchObject({
      status: 'failed',
      typeCheck: true,
      userUpsert: false,
      teamAdd: null,
      emailSend: null,
      errorMessage: 'This user is already in a team',
      rolledBack: [],
    });
    expect(await teamCount()).toBe(before);
    expect((await api.get(cookies.admin, '/latest')).json().import).toMatchObject({
      state: 'done',
      doneRows: 2,
      alreadyImportedRows: 1,
      failedRows: 1,
    });
  });

  it('a step failing after the type check rolls back the row: account, user, team and team-type link', async () => {
    const created = await preview([
      ['Rollback Co', 'Oz', 'Back', 'oz@example.test', 'Exhibitor', '', '', ''],
    ]);
    // The welcome email needs the event settings; without them the email step fails.
    const where = and(eq(settings.eventId, eventId), eq(settings.name, 'event'));
    const [eventSettings] = await t.ctx.db.select().from(settings).where(where);
    await t.ctx.db.delete(settings).where(where);
    const before = await teamCount();
    try {
      await api.start(cookies.admin, created.id);
    } finally {
      await t.ctx.db.insert(settings).values(eventSettings);
    }
    const [row] = await rowsOf(created.id);
    expect(row).toMatchObject({
      status: 'failed',
      typeCheck: true,
      userUpsert: true,
      teamAdd: true,
      emailSend: false,
      errorMessage: 'No event settings found.',
      rolledBack: ['account', 'user', 'team', 'teamTypeLink'],
      teamId: null,
    });
    expect(await accountByEmail('oz@example.test')).toBeUndefined();
    expect(await teamCount()).toBe(before);
  });

  it('a crash mid-import leaves each row whole or untouched, and the rerun finishes without duplicates', async () => {
    const people = ['pa', 'pb', 'pc', 'pd'];
    const created = await preview(
      people.map((p) => [`Crash ${p}`, p, 'Crash', `${p}@example.test`, '', '', '', '']),
    );
    const actor = await accountByEmail((await makeUser(t, eventId, 'admin')).email);
    const job = { v: 1 as const, eventId, importId: created.id, actorId: actor.id };
    await t.ctx.db.update(teamImports).set({ state: 'queued' }).where(eq(teamImports.id, created.id));
    // One row at a time, so the crash lands after exactly two rows on either database.
    const crash = runTeamImport(t.ctx, job, {
      concurrency: 1,
      afterRow: (rowNumber) => {
        if (rowNumber === 3) throw new Error('worker died');
      },
    });
    await expect(crash).rejects.toThrow('worker died');
    const midway = await rowsOf(created.id);
    expect(midway.map((r) => r.status)).toEqual(['created', 'created', 'ready', 'ready']);
    expect(await accountByEmail('pc@example.test')).toBeUndefined();
    expect((await api.get(cookies.admin, '/latest')).json().import).toMatchObject({
      state: 'failed',
      doneRows: 2,
    });
    // The queue retries the job (or an admin presses Start again): it resumes at the first ready row.
    expect((await api.start(cookies.admin, created.id)).statusCode).toBe(202);
    const done = await rowsOf(created.id);
    expect(done.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created']);
    for (const p of people) {
      const account = await accountByEmail(`${p}@example.test`);
      const owned = await t.ctx.db.select({ n: count() }).from(teams).where(eq(teams.ownerId, account.id));
      expect(owned[0].n).toBe(1);
    }
    const rowsCount = await t.ctx.db
      .select({ n: count() })
      .from(teamImportRows)
      .where(eq(teamImportRows.importId, created.id));
    expect(rowsCount[0].n).toBe(4);
  });

  it("another event's import is not found; bad list input is refused", async () => {
    const created = await preview([['Scoped Co', 'Qi', 'Scope', 'qi@example.test', '', '', '', '']]);
    expect((await api.get(cookies.otherAdmin, `/${created.id}`, otherEventId)).statusCode).toBe(404);
    expect((await api.get(cookies.otherAdmin, `/${created.id}/rows`, otherEventId)).statusCode).toBe(404);
    expect((await api.get(cookies.admin, `/${created.id}/rows?status=bogus`)).statusCode).toBe(400);
    expect((await api.get(cookies.admin, '/not-a-uuid')).statusCode).toBe(400);
  });
});

let counter = 0;
function uniqueLike(name: string): string {
  counter += 1;
  return `${name}.${counter}@example.test`;
}
