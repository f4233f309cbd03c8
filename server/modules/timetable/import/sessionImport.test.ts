import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { CSV_TYPE, csvFile, multipart, XLSX_TYPE, xlsxFile } from '../../people/import/importTestKit';
import { sessionWithTeamTypes, timetableSessions } from '../tables';
import { timetableKit } from '../timetableTestKit';

const HEADER = [
  'Title',
  'Starts',
  'Ends',
  'Location',
  'Description',
  'Track',
  'Team Types',
  'Show to stand shares',
];
type Result = {
  imported: boolean;
  counts: Record<'ready' | 'skipped' | 'rejected' | 'created' | 'failed', number>;
  rows: { rowNumber: number; status: string; errors: { column: string | null; message: string }[] }[];
};

describe('time table import', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof timetableKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof timetableKit>['cookiesByLevel']>>;
  let otherModerator: string;
  let trackId: string;
  let catererId: string;

  const base = (event = eventId) => `/api/events/${event}/time-table/import`;
  const send = (
    path: 'preview' | 'import',
    cookie: string,
    name: string,
    file: Buffer,
    type = CSV_TYPE,
    event = eventId,
  ) => {
    const body = multipart(name, file, type);
    const url = path === 'preview' ? `${base(event)}/preview` : base(event);
    return t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
  };
  const csv = (rows: string[][]) => csvFile([HEADER, ...rows]);
  const stored = async (event = eventId) =>
    (
      await t.ctx.db
        .select({ n: count() })
        .from(timetableSessions)
        .where(eq(timetableSessions.eventId, event))
    )[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = timetableKit(t, eventId);
    cookies = await kit.cookiesByLevel();
    otherModerator = await signIn(t, (await makeUser(t, otherEventId, 'moderator')).email);
    trackId = await kit.track(cookies.moderator, 'Build-up');
    catererId = await kit.teamType(cookies.admin, 'Caterer');
    // Another event's track: its name means nothing here.
    await timetableKit(t, otherEventId).track(otherModerator, 'Show days');
  });
  afterAll(() => t.close());

  it('is for moderators and above of the event only', async () => {
    const file = csv([['Doors open', '2027-05-10 09:00', '2027-05-10 10:00']]);
    // Members below moderator are refused; another event's moderator is not a member here at all.
    for (const [cookie, status] of [
      [cookies.user, 403],
      [cookies.reportViewer, 403],
      [otherModerator, 404],
    ] as const) {
      expect((await send('preview', cookie, 's.csv', file)).statusCode).toBe(status);
      expect((await send('import', cookie, 's.csv', file)).statusCode).toBe(status);
      const template = await t.app.inject({ url: `${base()}/template?format=csv`, headers: { cookie } });
      expect(template.statusCode).toBe(status);
    }
    expect((await t.app.inject({ url: `${base()}/template?format=csv` })).statusCode).toBe(401);
    expect((await send('preview', cookies.moderator, 's.csv', file)).statusCode).toBe(200);
    expect((await send('preview', cookies.admin, 's.csv', file)).statusCode).toBe(200);
    expect(await stored()).toBe(0);
  });

  it('gives the template as CSV and as XLSX, with the event zone, tracks and team types in its help', async () => {
    const csvTemplate = await t.app.inject({
      url: `${base()}/template?format=csv`,
      headers: { cookie: cookies.moderator },
    });
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers['content-type']).toContain('text/csv');
    expect(csvTemplate.body.replace(/^\ufeff/, '').trim()).toBe(HEADER.join(','));
    const xlsx = await t.app.inject({
      url: `${base()}/template?format=xlsx`,
      headers: { cookie: cookies.moderator },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADER]);
    const help = JSON.stringify(workbook.worksheets[1].getSheetValues());
    expect(help).toContain('Europe/London');
    expect(help).toContain('Build-up');
    expect(help).toContain('Caterer');
    expect(help).not.toContain('Show days');
    const bad = await t.app.inject({
      url: `${base()}/template?format=pdf`,
      headers: { cookie: cookies.moderator },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses files it cannot use, in words, and stores nothing', async () => {
    const cases: [string, Buffer, string][] = [
      ['s.pdf', Buffer.from('%PDF-1.4'), 'Upload a CSV or XLSX file'],
      ['s.xlsx', csv([['A', '2027-05-10 09:00', '2027-05-10 10:00']]), 'Upload a CSV or XLSX file'],
      ['s.csv', Buffer.alloc(0), 'The file is empty'],
      ['s.csv', csvFile([HEADER]), 'The file has no rows to import'],
      [
        's.csv',
        csvFile([
          ['Title', 'Starts'],
          ['A', '2027-05-10 09:00'],
        ]),
        'Missing columns: Ends',
      ],
      [
        's.csv',
        csvFile([
          [...HEADER, 'Room'],
          ['A', '2027-05-10 09:00', '2027-05-10 10:00'],
        ]),
        'Unknown columns: Room',
      ],
    ];
    for (const [name, file, message] of cases) {
      for (const step of ['preview', 'import'] as const) {
        const res = await send(step, cookies.moderator, name, file);
        expect(res.statusCode, `${step} ${name} ${message}`).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    }
    const tooMany = csv(
      Array.from({ length: 2001 }, (_, i) => [`S${i}`, '2027-05-10 09:00', '2027-05-10 10:00']),
    );
    expect((await send('preview', cookies.moderator, 's.csv', tooMany)).json().error.message).toBe(
      'The file has more than 2,000 rows',
    );
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `${base()}/preview`,
      headers: { cookie: cookies.moderator, 'x-requested-with': 'fetch' },
      payload: { title: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('previews each row with its cell errors, imports the good rows, and creates nothing twice', async () => {
    const rows = [
      [
        'Forklift deliveries',
        '2027-05-08 07:00',
        '2027-05-08 12:00',
        'Gate B',
        'Book a slot',
        'build-up',
        'Caterer',
        'No',
      ],
      ['Doors open', '2027-05-10 09:00', '2027-05-10 08:00', 'Hall 1', '', 'Show days', 'Florist', ''],
      ['Exhibitor briefing', '2027-05-09 17:00', '2027-05-09 18:00', 'Hall 1', '', '', '', ''],
    ];
    const preview = await send('preview', cookies.moderator, 'programme.csv', csv(rows));
    expect(preview.statusCode, preview.body).toBe(200);
    const checked = preview.json() as Result;
    expect(checked.imported).toBe(false);
    expect(checked.counts).toMatchObject({ ready: 2, rejected: 1 });
    expect(checked.rows[1]).toMatchObject({
      rowNumber: 3,
      status: 'rejected',
      errors: [
        { column: 'Ends', message: 'End after the start' },
        { column: 'Track', message: 'No track is called "Show days"' },
        { column: 'Team Types', message: 'No team type is called "Florist"' },
      ],
    });
    expect(await stored()).toBe(0);

    const imported = await send('import', cookies.moderator, 'programme.csv', csv(rows));
    expect(imported.statusCode, imported.body).toBe(201);
    expect((imported.json() as Result).counts).toMatchObject({ created: 2, rejected: 1, failed: 0 });
    const [forklift] = await t.ctx.db
      .select(sessionWithTeamTypes)
      .from(timetableSessions)
      .where(eq(timetableSessions.title, 'Forklift deliveries'));
    expect(forklift).toMatchObject({
      eventId,
      startsAt: '2027-05-08T07:00',
      endsAt: '2027-05-08T12:00',
      location: 'Gate B',
      description: 'Book a slot',
      trackId,
      teamTypeIds: [catererId],
      showToChildTeams: false,
    });

    // The fixed file again: the two sessions already there are skipped, the fixed row is made.
    rows[1] = ['Doors open', '2027-05-10 09:00', '2027-05-10 18:00', 'Hall 1', '', '', '', ''];
    const again = await send('import', cookies.admin, 'programme.csv', csv(rows));
    expect((again.json() as Result).counts).toMatchObject({ created: 1, skipped: 2 });
    expect(await stored()).toBe(3);
    const thrice = await send('import', cookies.admin, 'programme.csv', csv(rows));
    expect(thrice.statusCode).toBe(400);
    expect(thrice.json().error.message).toBe('There are no rows ready to import');
    expect(await stored()).toBe(3);
    expect(await stored(otherEventId)).toBe(0);
    const listed = await kit.call('GET', cookies.moderator, '/time-table/sessions');
    expect((listed.json() as { items: { title: string }[] }).items.map((s) => s.title)).toEqual([
      'Forklift deliveries',
      'Exhibitor briefing',
      'Doors open',
    ]);
  });

  it('reads XLSX date cells as local times and refuses formula cells', async () => {
    const file = await xlsxFile([
      HEADER,
      ['Stand build', new Date(Date.UTC(2027, 4, 7, 8, 0)), new Date(Date.UTC(2027, 4, 7, 19, 30)), 'Halls'],
      [
        { formula: 'CONCAT("a","b")', result: 'ab' } as unknown as ExcelJS.CellValue,
        '2027-05-07 08:00',
        '2027-05-07 09:00',
      ],
    ]);
    const res = await send('preview', cookies.moderator, 'programme.xlsx', file, XLSX_TYPE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Result;
    expect(body.rows[0]).toMatchObject({ status: 'ready', errors: [] });
    expect(body.rows[1].errors).toEqual([{ column: 'Title', message: 'Formulas are not allowed' }]);
    const imported = await send('import', cookies.moderator, 'programme.xlsx', file, XLSX_TYPE);
    expect((imported.json() as Result).counts).toMatchObject({ created: 1, rejected: 1 });
    const [build] = await t.ctx.db
      .select(sessionWithTeamTypes)
      .from(timetableSessions)
      .where(eq(timetableSessions.title, 'Stand build'));
    expect(build).toMatchObject({ startsAt: '2027-05-07T08:00', endsAt: '2027-05-07T19:30' });
  });

  it('rolls back a row the database refuses and keeps the others', async () => {
    // A constraint the rules do not know stands in for any failure of the database on one row.
    await t.ctx.db.execute(
      sql`alter table timetable_sessions add constraint test_no_boom check (title <> 'Boom')`,
    );
    try {
      const before = await stored();
      const res = await send(
        'import',
        cookies.moderator,
        'boom.csv',
        csv([
          ['Lunch', '2027-05-10 12:00', '2027-05-10 13:00'],
          ['Boom', '2027-05-10 13:00', '2027-05-10 14:00'],
          ['Tea', '2027-05-10 15:00', '2027-05-10 15:30'],
        ]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as Result;
      expect(body.counts).toMatchObject({ created: 2, failed: 1 });
      expect(body.rows[1]).toMatchObject({
        status: 'failed',
        errors: [{ column: null, message: 'This row could not be saved; nothing of it was kept' }],
      });
      expect(await stored()).toBe(before + 2);
    } finally {
      await t.ctx.db.execute(sql`alter table timetable_sessions drop constraint test_no_boom`);
    }
  });
});
