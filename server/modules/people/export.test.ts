import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from './tables';
import { teamApi } from './teamTestKit';

const HEADER = [
  'Team Name',
  'Team Status',
  'First Name',
  'Surname',
  'Has Logged In',
  'Email',
  'Team Type',
  'Created Date',
  'Phone',
  'VAT registered',
];

describe('GET /api/events/:eventId/users/export', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  let bakeryOwner: string;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      const u = await makeUser(t, eventId, level, { firstName: `Z${level}` });
      cookies[level] = await signIn(t, u.email);
      if (level === 'admin') adminEmail = u.email;
    }
    const stranger = await makeUser(t, otherEventId, 'admin');
    cookies.stranger = await signIn(t, stranger.email);
    const admin = cookies.admin;
    const exhibitor = (await api.call('POST', admin, '/team-types', { name: 'Exhibitor' })).json().id;
    const phone = (await api.call('POST', admin, '/custom-fields', { label: 'Phone', type: 'text' })).json()
      .id;
    const vat = (
      await api.call('POST', admin, '/custom-fields', { label: 'VAT registered', type: 'boolean' })
    ).json().id;
    const bakery = await api.createTeam(admin, 'Bakery', {
      teamTypeId: exhibitor,
      customFields: { [phone]: '+44 20 7946 0000', [vat]: true },
    });
    bakeryOwner = bakery.email;
    await api.memberCookie(admin, bakery.id);
    await api.createTeam(admin, '=HYPERLINK("http://evil.test")', { customFields: { [vat]: false } });
    // The owner joined late on 1 July UTC: already 2 July in London (BST), the event's zone.
    await t.ctx.db
      .update(memberships)
      .set({ createdAt: new Date('2027-07-01T23:30:00Z'), hasLoggedIn: true })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, bakery.ownerId)));
  });
  afterAll(() => t.close());

  const download = (cookie: string, format = 'csv', event = eventId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/events/${event}/users/export?format=${format}`,
      headers: { cookie },
    });

  const csvRows = async (cookie: string) => {
    const res = await download(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    return Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true }).data;
  };

  it('lets report viewers and above download (spec: reports need reportViewer), and refuses users with 403', async () => {
    expect((await download(cookies.moderator)).statusCode).toBe(200);
    expect((await download(cookies.admin, 'xlsx')).statusCode).toBe(200);
    expect((await download(cookies.reportViewer, 'xlsx')).statusCode).toBe(200);
    expect((await download(cookies.user)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/users/export?format=csv`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 to an admin of another event, and 400 to a missing or unknown format', async () => {
    expect((await download(cookies.stranger)).statusCode).toBe(404);
    expect((await download(cookies.admin, 'pdf')).statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/users/export`,
      headers: { cookie: cookies.admin },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('validation');
  });

  it('sends the CSV as an attachment named after the event and the date', async () => {
    const res = await download(cookies.admin);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-Expo-2027-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });

  it('lists every user team by team, owner first, with custom fields as Yes/No and text', async () => {
    const rows = await csvRows(cookies.admin);
    expect(rows[0]).toEqual(HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength(7);
    const bakery = body.filter((r) => r[0] === 'Bakery');
    expect(bakery.map((r) => r[1])).toEqual(['Team Owner', 'Team Member']);
    expect(bakery[0]).toEqual([
      'Bakery',
      'Team Owner',
      'Bakery Owner',
      'Person',
      'Yes',
      bakeryOwner,
      'Exhibitor',
      '2027-07-02 00:30',
      "'+44 20 7946 0000",
      'Yes',
    ]);
    expect(bakery[1].slice(4, 10)).toEqual([
      'No',
      bakery[1][5],
      'Exhibitor',
      bakery[1][7],
      "'+44 20 7946 0000",
      'Yes',
    ]);
    // People without a team come last, with empty team columns.
    const admin = body.find((r) => r[5] === adminEmail);
    expect(admin).toMatchObject({ 0: '', 1: '', 2: 'Zadmin', 6: '', 8: '', 9: '' });
    expect(body.slice(-4).every((r) => r[0] === '')).toBe(true);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const rows = await csvRows(cookies.admin);
    const evil = rows.find((r) => r[0].includes('HYPERLINK'));
    expect(evil?.[0]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(evil?.[9]).toBe('No');
  });

  it('sends the same rows as an XLSX workbook', async () => {
    const res = await download(cookies.moderator, 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="users-Expo-2027-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as an ArrayBuffer; the zip reader under it takes one as well.
    await workbook.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Users');
    const values: string[][] = [];
    sheet?.eachRow((row) => {
      values.push(HEADER.map((_, i) => String(row.getCell(i + 1).value ?? '')));
    });
    expect(values).toEqual(await csvRows(cookies.admin));
  });
});
