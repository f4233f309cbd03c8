import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGroupListResponse, FormDetail, FormListResponse } from '../../shared/forms/api';
import { checkFormLogic } from '../../shared/forms/check-logic';
import { makeDefinition } from '../../shared/forms/definition';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoForms } from './demoForms';

describe('demo forms', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    await seedDemoForms(t.ctx, eventId);
  });
  afterAll(() => t.close());

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: admin } });

  it("adds the engine's four fixture forms, with confirmations, notifications and field groups", async () => {
    const list = (await get('/forms')).json() as FormListResponse;
    expect(list.items.map((f) => f.title).sort()).toEqual(
      ['Catering and Furniture Order', 'Exhibitor Profile', 'Hotel Booking', 'Stand Build Submission'].sort(),
    );
    expect(list.counts).toMatchObject({ forms: 4, fieldGroups: 2 });
    for (const row of list.items) {
      const detail = (await get(`/forms/${row.id}`)).json() as FormDetail;
      expect(detail.confirmations.some((c) => c.isDefault)).toBe(true);
      expect(detail.notifications.length).toBeGreaterThanOrEqual(2);
      expect(detail.fields.length).toBeGreaterThan(3);
      // Stored and read back, each form's logic still passes the engine's checks.
      expect(checkFormLogic(makeDefinition(detail.form, detail.fields, detail.fieldGroups))).toEqual([]);
      if (row.title === 'Stand Build Submission')
        expect(Object.keys(detail.form.logicMap).length).toBeGreaterThan(1);
    }
    const groups = (await get('/field-groups')).json() as FieldGroupListResponse;
    expect(groups.items.map((g) => [g.title, g.usedInFormsCount])).toEqual([
      ['Guest details', 1],
      ['Site contact', 0],
    ]);
  });
});
