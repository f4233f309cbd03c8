import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGroupListResponse, FormDetail, FormListResponse } from '../../shared/forms/api';
import { checkFormLogic } from '../../shared/forms/check-logic';
import { makeDefinition } from '../../shared/forms/definition';
import type { SubmissionListResponse, SubmissionView } from '../../shared/forms/submissionsApi';
import { validateSubmission } from '../../shared/forms/validate';
import type { WebhookListResponse } from '../../shared/webhooks/api';
import { teams } from '../modules/people/tables';
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
    for (const name of ['Harbour Lights Ltd', 'Northwind Displays', 'Quay Catering', 'Tidewater Audio']) {
      const owner = await makeUser(t, eventId, 'user');
      await t.ctx.db
        .insert(teams)
        .values({ eventId, name, ownerId: owner.id, createdBy: 'system', updatedBy: 'system' });
    }
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

  it('has teams that submitted and drafted each form, with answers the engine accepts', async () => {
    const list = (await get('/forms')).json() as FormListResponse;
    for (const row of list.items) {
      const detail = (await get(`/forms/${row.id}`)).json() as FormDetail;
      const definition = makeDefinition(detail.form, detail.fields, detail.fieldGroups);
      const submissions = (await get(`/forms/${row.id}/submissions`)).json() as SubmissionListResponse;
      expect(submissions.items.some((s) => !s.isDraft)).toBe(true);
      const first = submissions.items.find((s) => !s.isDraft && !s.isGuest);
      if (!first) throw new Error(`no team submission of ${row.title}`);
      const view = (await get(`/forms/${row.id}/submissions/${first.id}`)).json() as SubmissionView;
      expect(validateSubmission(definition, view.submission.values).problems).toEqual([]);
    }
    const hotel = list.items.find((f) => f.title === 'Hotel Booking');
    const guests = (await get(`/forms/${hotel?.id}/submissions`)).json() as SubmissionListResponse;
    expect(guests.items.filter((s) => s.isGuest)).toHaveLength(2);
  });

  it("adds the fixtures' webhooks, inactive, mapping the form's own fields", async () => {
    const list = (await get('/forms')).json() as FormListResponse;
    const hooked: string[] = [];
    for (const row of list.items) {
      const detail = (await get(`/forms/${row.id}`)).json() as FormDetail;
      const webhooks = (await get(`/forms/${row.id}/webhooks`)).json() as WebhookListResponse;
      for (const webhook of webhooks.items) {
        hooked.push(webhook.name);
        expect(webhook.isActive).toBe(false);
        const fieldIds = new Set(detail.fields.map((f) => f.id));
        for (const source of webhook.payloadFields.filter((p) => p.category === 'field'))
          expect(fieldIds.has(source.sourceId), source.targetId).toBe(true);
      }
    }
    expect(hooked.sort()).toEqual(['Send order to the caterer', 'Update the CRM']);
  });
});
