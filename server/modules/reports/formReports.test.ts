import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../shared/forms/api';
import type { ReportOverview, TeamReportDetail, TeamReportResponse } from '../../../shared/reports/api';
import type { FormReportResponse, OneFormReport } from '../../../shared/reports/formsApi';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { formsApi, newField } from '../forms/formsTestKit';
import { formSubmissions } from '../submissions/tables';
import { reportsWorld } from './reportsTestKit';

/**
 * Form reports over the reports world (Active Bakery and Quiet Coffee are Exhibitors, Sleepy Cheese
 * a Sponsor, a formula-named team, an organiser team): Active submitted twice and has a big draft
 * open, Quiet has only a draft, Sleepy has not started, the formula team submitted once, the
 * organisers submitted (never counted), and a guest submitted.
 */
describe('form reports API', () => {
  let t: TestApp;
  let eventId: string;
  let world: Awaited<ReturnType<typeof reportsWorld>>;
  let formId: string;
  let hiddenFormId: string;
  let otherFormId: string;
  let stranger: string;
  const stand = newField('dropdown', 'Stand type', {
    reportLabel: 'Stand',
    options: [
      { id: 'shell', label: 'Shell scheme', value: 'shell' },
      { id: 'space', label: 'Space only', value: 'space' },
    ],
  });
  const furniture = newField('itemList', 'Furniture', {
    items: [
      { itemId: 'chair', label: 'Chair', price: 1250 },
      { itemId: 'table', label: 'Table', price: 4000 },
    ],
  });
  const notes = newField('text', 'Notes');

  const order = (chairs: number, tables: number) => [
    ...(chairs ? [{ itemId: 'chair', price: 1250, quantity: chairs }] : []),
    ...(tables ? [{ itemId: 'table', price: 4000, quantity: tables }] : []),
  ];
  const answers = (standType: string, chairs: number, tables: number, note = '') => ({
    [stand.id]: [standType],
    [furniture.id]: order(chairs, tables),
    ...(note ? { [notes.id]: note } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    world = await reportsWorld(t, eventId);
    const forms = formsApi(t, eventId);
    const admin = world.cookies.admin;
    const made = await forms.createForm(admin, 'Stand build');
    await forms.takeLock(admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', admin, `/forms/${made.form.id}`, {
      form: { title: 'Stand build', isPublished: true, fieldIds: [stand.id, furniture.id, notes.id] },
      newFields: [stand, furniture, notes],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    formId = (saved.json() as FormDetail).form.id;
    hiddenFormId = (await forms.createForm(admin, 'Not published')).form.id;

    const { active, quiet, formula, organisers } = world.teams;
    const submission = (
      teamId: string | null,
      values: Record<string, unknown>,
      isDraft = false,
      daysAgo = 1,
    ) =>
      t.ctx.db.insert(formSubmissions).values({
        eventId,
        formId,
        teamId,
        isDraft,
        isGuest: teamId === null,
        values,
        submittedAt: isDraft ? null : new Date(Date.now() - daysAgo * 86_400_000),
      });
    await submission(active.id, answers('shell', 2, 0, '=1+1'), false, 3);
    await submission(active.id, answers('space', 0, 1), false, 2);
    await submission(active.id, answers('shell', 100, 100), true);
    await submission(quiet.id, answers('shell', 0, 5), true);
    await submission(formula.id, answers('shell', 1, 0), false, 1);
    await submission(organisers.id, answers('space', 50, 0));
    await submission(null, answers('space', 1, 0), false, 4);

    const otherEventId = await makeEvent(t, 'Other Show');
    stranger = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    otherFormId = (await formsApi(t, otherEventId).createForm(stranger, 'Theirs')).form.id;
  });
  afterAll(() => t.close());

  const get = (cookie: string, path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}/reports${path}`, headers: { cookie } });
  const viewerGet = async <T>(path: string) => {
    const res = await get(world.cookies.reportViewer, path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('lets report viewers and above read the form reports and their exports, users 403', async () => {
    for (const path of [
      '/forms',
      `/forms/${formId}`,
      '/forms/export?format=csv',
      `/forms/${formId}/export?format=xlsx`,
    ]) {
      for (const level of ['reportViewer', 'moderator', 'admin'] as const) {
        expect((await get(world.cookies[level], path)).statusCode, `${level} ${path}`).toBe(200);
      }
      expect((await get(world.cookies.user, path)).statusCode, `user ${path}`).toBe(403);
    }
  });

  it("answers 404 for another event's form and for an unpublished one, 400 for bad input", async () => {
    for (const id of [otherFormId, hiddenFormId]) {
      const res = await get(world.cookies.reportViewer, `/forms/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Form not found');
      expect((await get(world.cookies.reportViewer, `/forms/${id}/export?format=csv`)).statusCode).toBe(404);
    }
    for (const path of [
      '/forms?sort=password',
      '/forms?teamTypeId=nope',
      '/forms?colour=red',
      '/forms/not-a-uuid',
      '/forms/export',
      `/forms/${formId}/export?format=pdf`,
      `/forms/${formId}?page=0`,
    ]) {
      const res = await get(world.cookies.reportViewer, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('counts teams that submitted, have only a draft, or have not started; drafts and organisers never', async () => {
    const report = await viewerGet<FormReportResponse>('/forms');
    expect(report.items).toEqual([
      {
        id: formId,
        title: 'Stand build',
        isPublic: false,
        teams: 4,
        submitted: 2,
        draft: 1,
        notStarted: 1,
        submissions: 3,
        guestSubmissions: 1,
      },
    ]);
    const exhibitors = await viewerGet<FormReportResponse>(`/forms?teamTypeId=${world.types.exhibitor}`);
    expect(exhibitors.items[0]).toMatchObject({
      teams: 2,
      submitted: 1,
      draft: 1,
      notStarted: 0,
      submissions: 2,
      guestSubmissions: 0,
    });
    expect((await viewerGet<FormReportResponse>('/forms?search=catering')).items).toEqual([]);
  });

  it('one form: its submitted submissions with report labels, counts per option and item list sums', async () => {
    const report = await viewerGet<OneFormReport>(`/forms/${formId}`);
    expect(report.columns.map((c) => c.label)).toEqual(['1. Stand', '2. Furniture', '3. Notes']);
    expect(report.total).toBe(4);
    expect(report.items.map((r) => r.teamName ?? 'guest')).toEqual([
      '=HYPERLINK("http://evil.test")',
      'Active Bakery',
      'Active Bakery',
      'guest',
    ]);
    expect(report.items[1].answers[stand.id]).toBe('Space only');
    expect(report.choices).toEqual([
      {
        fieldId: stand.id,
        label: '1. Stand',
        answered: 4,
        options: [
          { id: 'shell', label: 'Shell scheme', count: 2 },
          { id: 'space', label: 'Space only', count: 2 },
        ],
      },
    ]);
    expect(report.currency).toBe('GBP');
    expect(report.itemLists).toEqual([
      {
        fieldId: furniture.id,
        label: '2. Furniture',
        items: [
          { itemId: 'chair', label: 'Chair', quantity: 4, amount: 5000 },
          { itemId: 'table', label: 'Table', quantity: 1, amount: 4000 },
        ],
        total: 9000,
      },
    ]);
    const exhibitors = await viewerGet<OneFormReport>(`/forms/${formId}?teamTypeId=${world.types.exhibitor}`);
    expect(exhibitors.total).toBe(2);
    expect(exhibitors.itemLists[0].total).toBe(6500);
    expect((await viewerGet<OneFormReport>(`/forms/${formId}?search=guest`)).total).toBe(1);
  });

  it('exports the forms list and one form with labels, money in two decimals and formulas neutralised', async () => {
    const list = await get(world.cookies.reportViewer, '/forms/export?format=csv');
    expect(list.headers['content-disposition']).toMatch(
      /filename="forms-report-Expo-2027-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = Papa.parse<string[]>(list.body.slice(1), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      [
        'Form',
        'Public',
        'Teams',
        'Submitted',
        'Draft',
        'Not Started',
        'Submitted %',
        'Submissions',
        'Guest Submissions',
      ],
      ['Stand build', 'No', '4', '2', '1', '1', '50.0', '3', '1'],
    ]);

    const one = await get(world.cookies.reportViewer, `/forms/${formId}/export?format=xlsx`);
    expect(one.headers['content-disposition']).toMatch(/filename="form-report-Expo-2027-Stand-build-/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(one.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Submissions');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Team',
      'Guest',
      'Submitted By',
      'Submitted',
      '1. Stand',
      '2. Furniture',
      '3. Notes',
    ]);
    expect(sheet?.rowCount).toBe(5);
    expect(sheet?.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("http://evil.test")`);
    const notesCells = [2, 3, 4, 5].map((n) => sheet?.getRow(n).getCell(7).value);
    expect(notesCells).toContain("'=1+1");
    expect(String(sheet?.getRow(4).getCell(6).value)).toContain('£25.00');
  });

  it('shows the forms in the overview, the team report and the one-team report', async () => {
    const overview = await viewerGet<ReportOverview>('/overview');
    expect(overview.formCount).toBe(1);
    expect(overview.forms[0]).toMatchObject({ id: formId, submitted: 2, draft: 1, notStarted: 1 });
    const teams = await viewerGet<TeamReportResponse>('/teams?sort=name&order=asc');
    expect(teams.items.map((r) => [r.name, r.forms.submitted, r.forms.total])).toEqual([
      ['=HYPERLINK("http://evil.test")', 1, 1],
      ['Active Bakery', 1, 1],
      ['Quiet Coffee', 0, 1],
      ['Sleepy Cheese', 0, 1],
    ]);
    const quiet = await viewerGet<TeamReportDetail>(`/teams/${world.teams.quiet.id}`);
    expect(quiet.forms).toEqual([
      { formId, title: 'Stand build', state: 'draft', submissions: 0, lastSubmittedAt: null },
    ]);
    const active = await viewerGet<TeamReportDetail>(`/teams/${world.teams.active.id}`);
    expect(active.forms[0]).toMatchObject({ state: 'submitted', submissions: 2 });
  });
});
