import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { formsApi, newField } from '../../forms/formsTestKit';
import { formSubmissions } from '../tables';
import { EXPORT_PAGE_SIZE, submissionsExport } from './service';

/** More than two pages, so the export reads from the database several times. */
const ROWS = EXPORT_PAGE_SIZE * 2 + 234;
/** Rows share an update time in runs of this many: the cursor must order ties by id across pages. */
const SAME_TIME = 100;

describe('exporting a large number of submissions', () => {
  let t: TestApp;
  let eventId: string;
  let formId: string;
  let admin: string;
  let forms: ReturnType<typeof formsApi>;
  const order = newField('text', 'Order reference');
  /** The answers in the order the export writes them (oldest update first, then by id). */
  let expected: string[];

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    forms = formsApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    const made = await forms.createForm(admin, 'Catering order');
    await forms.takeLock(admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', admin, `/forms/${made.form.id}`, {
      form: { title: 'Catering order', isPublished: true, fieldIds: [order.id] },
      newFields: [order],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    formId = made.form.id;
    const start = Date.parse('2027-05-01T09:00:00Z');
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      eventId,
      formId,
      isDraft: false,
      isGuest: true,
      values: { [order.id]: `ORD-${String(i).padStart(5, '0')}` },
      createdBy: 'guest',
      updatedBy: 'guest',
      updatedAt: new Date(start + Math.floor(i / SAME_TIME) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await t.ctx.db.insert(formSubmissions).values(rows.slice(i, i + 250));
    }
    expected = rows
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => String(row.values[order.id]));
  });
  afterAll(() => t.close());

  const download = (format: 'csv' | 'xlsx') =>
    forms.call('GET', admin, `/forms/${formId}/submissions/export?format=${format}`);

  it('writes every submission once, in order, in the CSV', async () => {
    const res = await download('csv');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Team', 'Guest', 'State', 'Submitted by', 'Updated', '1. Order reference']);
    expect(parsed).toHaveLength(ROWS + 1);
    expect(parsed.slice(1).map((row) => row[5])).toEqual(expected);
    // Times in the event's zone (London, summer time).
    expect(parsed[1]?.slice(0, 5)).toEqual(['', 'Yes', 'Submitted', 'Guest', '2027-05-01 10:00']);
  });

  it('writes the same rows in the XLSX, read back with exceljs', async () => {
    const res = await download('xlsx');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Submissions');
    const answers: string[] = [];
    sheet?.eachRow((row, index) => {
      if (index > 1) answers.push(String(row.getCell(6).value));
    });
    expect(answers).toEqual(expected);
  });

  it('reads the rows from the database a page at a time, ties in update time ordered by id', async () => {
    const report = await submissionsExport(t.ctx, t.ctx.db, { eventId }, formId, { pageSize: 64 });
    const sizes: number[] = [];
    const seen: string[] = [];
    for await (const page of report.pages) {
      sizes.push(page.length);
      seen.push(...page.map((row) => row[5] ?? ''));
    }
    expect(Math.max(...sizes)).toBe(64);
    expect(sizes).toHaveLength(Math.ceil(ROWS / 64));
    expect(seen).toEqual(expected);
  });
});
