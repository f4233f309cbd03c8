import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../shared/forms/schema/values';
import { uploadsIn } from '../../shared/forms/submissionFiles';
import { validateSubmission } from '../../shared/forms/validate';
import { files } from '../modules/files/tables';
import { teams } from '../modules/people/tables';
import { loadFill } from '../modules/submissions/fill/queries';
import { formSubmissions } from '../modules/submissions/tables';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoForms } from './demoForms';
import { seedDemoSubmissionFiles } from './demoSubmissionFiles';

describe('demo submission files', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    for (const name of ['Harbour Lights Ltd', 'Northwind Displays', 'Quay Catering', 'Tidewater Audio']) {
      const owner = await makeUser(t, eventId, 'user');
      await t.ctx.db
        .insert(teams)
        .values({ eventId, name, ownerId: owner.id, createdBy: 'system', updatedBy: 'system' });
    }
    await seedDemoForms(t.ctx, eventId);
  });
  afterAll(() => t.close());

  it("stores each demo answer's files under its submission, readable by organisers, answers still valid", async () => {
    expect(await seedDemoSubmissionFiles(t.ctx, eventId)).toBeGreaterThan(0);
    const rows = await t.ctx.db.select().from(formSubmissions).where(eq(formSubmissions.eventId, eventId));
    let checked = 0;
    for (const row of rows) {
      const { definition } = await loadFill(t.ctx, t.ctx.db, { eventId }, row.formId, 'any');
      expect(validateSubmission(definition, row.values, { isDraft: row.isDraft }).problems).toEqual([]);
      for (const { files: list } of uploadsIn(definition, row.values)) {
        for (const file of list as UploadedFile[]) {
          expect(file.path?.startsWith(`forms/submissions/${row.id}/`)).toBe(true);
          const [stored] = await t.ctx.db
            .select()
            .from(files)
            .where(and(eq(files.eventId, eventId), eq(files.id, file.id ?? '')));
          expect(stored?.ownerId).toBe(row.id);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    const plan = rows
      .flatMap((row) => Object.values(row.values))
      .flat()
      .find((value): value is UploadedFile => (value as UploadedFile)?.name === 'stand-b42-plan.pdf');
    const read = await t.app.inject({ method: 'GET', url: plan?.url ?? '', headers: { cookie: admin } });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
