import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGroupDetail, FieldGroupListResponse, FormDetail } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { writeSettings } from '../../events/settingsStore';
import { formsApi, newField, yesNo } from '../formsTestKit';
import { fieldGroups, formFields } from '../tables';

describe('field groups (admin only)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof formsApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = formsApi(t, eventId);
    for (const level of ['user', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const groupFieldsCount = async (groupId: string) =>
    (await t.ctx.db.select().from(formFields).where(eq(formFields.groupId, groupId))).length;
  const groupExists = async (groupId: string) =>
    (await t.ctx.db.select().from(fieldGroups).where(eq(fieldGroups.id, groupId))).length === 1;

  /** A group with a question and a follow-up shown when it is answered Yes. */
  async function guestGroup(title = 'Guest details') {
    const group = await api.createGroup(cookies.admin, title);
    const path = `/field-groups/${group.fieldGroup.id}`;
    await api.takeLock(cookies.admin, path);
    const dietary = yesNo('Dietary needs?');
    const details = newField('area', 'Details');
    const res = await api.call('PUT', cookies.admin, path, {
      fieldGroup: {
        title,
        fieldIds: [dietary.id, details.id],
        logicMap: {
          [dietary.id]: {
            rules: [{ sourceId: dietary.id, sourceType: 'dropdown', sourceValue: 'yes' }],
            thenFieldId: details.id,
          },
        },
      },
      newFields: [dietary, details],
    });
    expect(res.statusCode, res.body).toBe(200);
    return { detail: res.json() as FieldGroupDetail, path, dietary, details };
  }

  it('refuses moderators and users every field-group route', async () => {
    const { path } = await guestGroup();
    for (const level of ['user', 'moderator'] as const) {
      const cookie = cookies[level];
      expect((await api.call('GET', cookie, '/field-groups')).statusCode).toBe(403);
      expect((await api.call('POST', cookie, '/field-groups', { title: 'X' })).statusCode).toBe(403);
      expect((await api.call('GET', cookie, path)).statusCode).toBe(403);
      expect(
        (await api.call('PUT', cookie, path, { fieldGroup: { title: 'X', fieldIds: [] } })).statusCode,
      ).toBe(403);
      expect((await api.call('POST', cookie, `${path}/lock`)).statusCode).toBe(403);
      expect((await api.call('POST', cookie, `${path}/duplicate`)).statusCode).toBe(403);
      expect(
        (await api.call('POST', cookie, '/field-groups/delete', { ids: [crypto.randomUUID()] })).statusCode,
      ).toBe(403);
    }
  });

  it("answers 404 for another event's groups", async () => {
    const { detail, path } = await guestGroup();
    const other = formsApi(t, otherEventId);
    expect((await other.call('GET', cookies.otherAdmin, path)).statusCode).toBe(404);
    expect((await other.call('POST', cookies.otherAdmin, `${path}/duplicate`)).statusCode).toBe(404);
    const del = await other.call('POST', cookies.otherAdmin, '/field-groups/delete', {
      ids: [detail.fieldGroup.id],
    });
    expect(del.statusCode).toBe(404);
    expect(await groupExists(detail.fieldGroup.id)).toBe(true);
  });

  it("refuses bad input with 'Invalid field group' and a cycle with the engine's message", async () => {
    const bad = await api.call('POST', cookies.admin, '/field-groups', { title: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid field group');
    const { detail, path, dietary, details } = await guestGroup();
    const badSave = await api.call('PUT', cookies.admin, path, {
      fieldGroup: { title: 'X', fieldIds: 'all' },
    });
    expect(badSave.json().error.message).toBe('Invalid field group');
    const cycle = await api.call('PUT', cookies.admin, path, {
      fieldGroup: {
        title: 'Guest details',
        fieldIds: detail.fieldGroup.fieldIds,
        logicMap: {
          [dietary.id]: { rules: [{ sourceId: details.id, sourceValue: '' }], thenFieldId: details.id },
          [details.id]: {
            rules: [{ sourceId: dietary.id, sourceType: 'dropdown', sourceValue: 'yes' }],
            thenFieldId: dietary.id,
          },
        },
      },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.message).toMatch(/^The logic goes round in a circle/);
    const now = (await api.call('GET', cookies.admin, path)).json() as FieldGroupDetail;
    expect(now.fieldGroup.logicMap).toEqual(detail.fieldGroup.logicMap);
  });

  it('duplicates a group unpublished, with new ids and its logic re-pointed', async () => {
    const { detail, path } = await guestGroup('Exhibitor contact');
    const res = await api.call('POST', cookies.admin, `${path}/duplicate`, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as FieldGroupDetail;
    expect(copy.fieldGroup).toMatchObject({ title: 'Exhibitor contact (Copy)', isPublished: false });
    const [question, followUp] = copy.fieldGroup.fieldIds;
    expect(copy.fieldGroup.fieldIds).not.toEqual(detail.fieldGroup.fieldIds);
    expect(copy.fieldGroup.logicMap).toEqual({
      [question]: expect.objectContaining({
        rules: [expect.objectContaining({ sourceId: question })],
        thenFieldId: followUp,
      }),
    });
    expect(copy.fields.every((f) => f.fieldGroupId === copy.fieldGroup.id)).toBe(true);
  });

  it('will not delete a group a form embeds; deletes an unused one with its fields', async () => {
    const used = await guestGroup('Hotel guest');
    const unused = await guestGroup('Spare');
    const form = await api.createForm(cookies.moderator, 'Hotel booking');
    await api.takeLock(cookies.moderator, `/forms/${form.form.id}`);
    const template = newField('template', 'Guests', {
      fieldGroupId: used.detail.fieldGroup.id,
      isLooping: true,
      maxLoops: 4,
    });
    const saved = await api.call('PUT', cookies.moderator, `/forms/${form.form.id}`, {
      form: { title: 'Hotel booking', fieldIds: [...form.form.fieldIds, template.id] },
      newFields: [template],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as FormDetail).fieldGroups.map((g) => g.id)).toEqual([used.detail.fieldGroup.id]);
    const list = (
      await api.call('GET', cookies.admin, '/field-groups?search=hotel')
    ).json() as FieldGroupListResponse;
    expect(list.items).toEqual([expect.objectContaining({ usedInFormsCount: 1, fieldsCount: 2 })]);

    const refused = await api.call('POST', cookies.admin, '/field-groups/delete', {
      ids: [used.detail.fieldGroup.id, unused.detail.fieldGroup.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Field groups used in forms cannot be deleted');
    expect(await groupExists(unused.detail.fieldGroup.id)).toBe(true);

    const ok = await api.call('POST', cookies.admin, '/field-groups/delete', {
      ids: [unused.detail.fieldGroup.id],
    });
    expect(ok.json()).toEqual({ count: 1 });
    expect(await groupExists(unused.detail.fieldGroup.id)).toBe(false);
    expect(await groupFieldsCount(unused.detail.fieldGroup.id)).toBe(0);
  });

  it("refuses a group save that would break the logic of a form embedding it, with the engine's message", async () => {
    const { detail, path, dietary, details } = await guestGroup('Dinner guest');
    const form = await api.createForm(cookies.moderator, 'Gala dinner');
    await api.takeLock(cookies.moderator, `/forms/${form.form.id}`);
    const template = newField('template', 'Guests', {
      fieldGroupId: detail.fieldGroup.id,
      isLooping: true,
      maxLoops: 3,
    });
    const note = newField('customText', 'Our chef will contact you');
    const saved = await api.call('PUT', cookies.moderator, `/forms/${form.form.id}`, {
      form: {
        title: 'Gala dinner',
        fieldIds: [template.id, note.id],
        logicMap: {
          [template.id]: {
            rules: [
              {
                sourceId: template.id,
                sourceType: 'template',
                nestedId: dietary.id,
                nestedType: 'dropdown',
                nestedValue: 'yes',
                loopOperator: 'any',
              },
            ],
            thenFieldId: note.id,
          },
        },
      },
      newFields: [template, note],
      removedFieldIds: form.form.fieldIds,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Removing the question the form's rule reads would leave that rule reading nothing.
    const res = await api.call('PUT', cookies.admin, path, {
      fieldGroup: { title: 'Dinner guest', fieldIds: [details.id], logicMap: {} },
      removedFieldIds: [dietary.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'A rule in the logic on "Guests" reads a field that is not in the group "Guests" repeats',
    );
    expect(await groupFieldsCount(detail.fieldGroup.id)).toBe(2);
    // A change that keeps the question is fine.
    const ok = await api.call('PUT', cookies.admin, path, {
      fieldGroup: { title: 'Dinner guest', fieldIds: [dietary.id, details.id], logicMap: {} },
      updatedFields: [{ ...details, label: 'Tell us more' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a template that embeds a group the event does not have', async () => {
    const form = await api.createForm(cookies.moderator, 'Broken');
    await api.takeLock(cookies.moderator, `/forms/${form.form.id}`);
    const template = newField('template', 'Guests', { fieldGroupId: crypto.randomUUID() });
    const res = await api.call('PUT', cookies.moderator, `/forms/${form.form.id}`, {
      form: { title: 'Broken', fieldIds: [...form.form.fieldIds, template.id] },
      newFields: [template],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid new fields');
  });

  it("answers the event's currency with the group, for its builder's item prices", async () => {
    const { path } = await guestGroup('Priced extras');
    const before = (await api.call('GET', cookies.admin, path)).json() as FieldGroupDetail;
    expect(before.currency).toBe('GBP');
    await writeSettings(t.ctx.db, eventId, 'variables', { currencyId: 'EUR' }, 'system');
    const after = (await api.call('GET', cookies.admin, path)).json() as FieldGroupDetail;
    expect(after.currency).toBe('EUR');
    await writeSettings(t.ctx.db, eventId, 'variables', { currencyId: 'GBP' }, 'system');
  });

  it('archives and restores many groups', async () => {
    const { detail } = await guestGroup('Seasonal');
    const ids = [detail.fieldGroup.id];
    expect((await api.call('POST', cookies.admin, '/field-groups/archive', { ids })).json()).toEqual({
      count: 1,
    });
    const archived = (
      await api.call('GET', cookies.admin, '/field-groups?archived=true')
    ).json() as FieldGroupListResponse;
    expect(archived.items.map((g) => g.title)).toEqual(['Seasonal']);
    expect(archived.counts.archivedFieldGroups).toBe(1);
    await api.call('POST', cookies.admin, '/field-groups/unarchive', { ids });
    const after = (
      await api.call('GET', cookies.admin, '/field-groups?archived=true')
    ).json() as FieldGroupListResponse;
    expect(after.items).toEqual([]);
  });
});
