import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormNotification } from '../../../shared/forms/schema/notification';
import { type BadRecord, setBadRecordReporter } from '../../platform/badRecords';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { formsApi } from './formsTestKit';
import { fieldGroups, formConfirmations, formNotifications, forms as formsTable } from './tables';

/** Spec: readers drop records that fail their shape check and report them, never a 500 for the list. */
describe('stored form records failing their shape check', () => {
  let t: TestApp;
  let admin: string;
  let forms: ReturnType<typeof formsApi>;
  const reported: BadRecord[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    forms = formsApi(t, eventId);
    setBadRecordReporter((record) => reported.push(record));
  });
  afterAll(async () => {
    setBadRecordReporter(null);
    await t.close();
  });

  it('a bad notification and a bad confirmation are left out and reported; the rest still read', async () => {
    const made = await forms.createForm(admin, 'Stand build');
    const path = `/forms/${made.form.id}/notifications`;
    const before = (await forms.call('GET', admin, path)).json().items as FormNotification[];
    expect(before).toHaveLength(2);
    // A hand-edited row: sendToType no longer one the schema knows.
    await t.ctx.db
      .update(formNotifications)
      .set({ settings: { ...before[0], sendToType: 'fax' } })
      .where(eq(formNotifications.id, before[0].id));
    const [confirmation] = await t.ctx.db
      .select()
      .from(formConfirmations)
      .where(eq(formConfirmations.formId, made.form.id));
    await t.ctx.db
      .update(formConfirmations)
      .set({ rules: [{ nonsense: true }] as never })
      .where(eq(formConfirmations.id, confirmation.id));

    const listed = await forms.call('GET', admin, path);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().items as FormNotification[]).map((n) => n.id)).toEqual([before[1].id]);

    const detail = await forms.call('GET', admin, `/forms/${made.form.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().confirmations.map((c: { id: string }) => c.id)).not.toContain(confirmation.id);
    expect(detail.json().notifications.map((n: { id: string }) => n.id)).toEqual([before[1].id]);

    expect(reported).toContainEqual(expect.objectContaining({ kind: 'form notification', id: before[0].id }));
    expect(reported).toContainEqual(
      expect.objectContaining({ kind: 'form confirmation', id: confirmation.id }),
    );
  });

  it('a bad logic entry is left out of the form and reported; a logic map that is no map reads as none', async () => {
    const made = await forms.createForm(admin, 'Logic check');
    await t.ctx.db
      .update(formsTable)
      .set({ logicMap: { 'some-field': { nonsense: true } } as never })
      .where(eq(formsTable.id, made.form.id));
    const detail = await forms.call('GET', admin, `/forms/${made.form.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().form.logicMap).toEqual({});
    expect(reported).toContainEqual(
      expect.objectContaining({ kind: 'form logic entry', id: `${made.form.id}/some-field` }),
    );

    const group = await forms.createGroup(admin, 'Logic group');
    await t.ctx.db
      .update(fieldGroups)
      .set({ logicMap: ['not', 'a', 'map'] as never })
      .where(eq(fieldGroups.id, group.fieldGroup.id));
    const groupDetail = await forms.call('GET', admin, `/field-groups/${group.fieldGroup.id}`);
    expect(groupDetail.statusCode, groupDetail.body).toBe(200);
    expect(groupDetail.json().fieldGroup.logicMap).toEqual({});
    expect(reported).toContainEqual(
      expect.objectContaining({ kind: 'field group logic map', id: group.fieldGroup.id }),
    );
  });
});
