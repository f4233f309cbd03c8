import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldGroupDetail, FormDetail } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { formsApi, newField, yesNo } from '../formsTestKit';
import { formFields } from '../tables';

// Changing the field group a form's template embeds, after the template was added (issue 13).

describe("a template's field group, changed after it was added", () => {
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
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  /** A group with one yes/no question, saved through its builder. */
  async function groupWithQuestion(title: string, eventApi = api, cookie = cookies.admin) {
    const group = await eventApi.createGroup(cookie, title);
    const path = `/field-groups/${group.fieldGroup.id}`;
    await eventApi.takeLock(cookie, path);
    const question = yesNo(`${title}: dietary needs?`);
    const res = await eventApi.call('PUT', cookie, path, {
      fieldGroup: { title, fieldIds: [question.id] },
      newFields: [question],
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventApi.call('DELETE', cookie, `${path}/lock`);
    return { id: (res.json() as FieldGroupDetail).fieldGroup.id, question };
  }

  /** A form holding one template of `groupId` and a note; the moderator holds its lock. */
  async function formWithTemplate(
    groupId: string,
    logicFor?: (ids: { template: string; note: string }) => object,
  ) {
    const form = await api.createForm(cookies.moderator, 'Gala dinner');
    const path = `/forms/${form.form.id}`;
    await api.takeLock(cookies.moderator, path);
    const template = newField('template', 'Guests', { fieldGroupId: groupId, isLooping: true, maxLoops: 3 });
    const note = newField('customText', 'Our chef will contact you');
    const res = await api.call('PUT', cookies.moderator, path, {
      form: {
        title: 'Gala dinner',
        fieldIds: [template.id, note.id],
        logicMap: logicFor?.({ template: template.id, note: note.id }) ?? {},
      },
      newFields: [template, note],
      removedFieldIds: form.form.fieldIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { path, detail: res.json() as FormDetail, template, note };
  }

  const storedGroupOf = async (fieldId: string) => {
    const [row] = await t.ctx.db
      .select({ embeds: formFields.embedsGroupId, settings: formFields.settings })
      .from(formFields)
      .where(and(eq(formFields.eventId, eventId), eq(formFields.id, fieldId)));
    return { column: row.embeds, settings: (row.settings as { fieldGroupId?: string }).fieldGroupId };
  };

  const changeGroup = (
    cookie: string,
    form: Awaited<ReturnType<typeof formWithTemplate>>,
    fieldGroupId: unknown,
    logicMap: object = form.detail.form.logicMap,
  ) =>
    api.call('PUT', cookie, form.path, {
      form: { title: 'Gala dinner', fieldIds: form.detail.form.fieldIds, logicMap },
      updatedFields: [{ ...form.template, fieldGroupId }],
    });

  it('saves the new group for the moderator who holds the lock, and answers its fields with the form', async () => {
    const first = await groupWithQuestion('Dinner guest');
    const second = await groupWithQuestion('Hotel guest');
    const form = await formWithTemplate(first.id);
    const res = await changeGroup(cookies.moderator, form, second.id);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as FormDetail;
    expect(saved.fields.find((f) => f.id === form.template.id)).toMatchObject({ fieldGroupId: second.id });
    expect(saved.fieldGroups.map((g) => g.id)).toEqual([second.id]);
    expect(saved.fields.map((f) => f.id)).toContain(second.question.id);
    expect(await storedGroupOf(form.template.id)).toEqual({ column: second.id, settings: second.id });
  });

  it('lets an admin change it too, and refuses users and report viewers without storing anything', async () => {
    const first = await groupWithQuestion('Speaker');
    const second = await groupWithQuestion('Sponsor');
    const form = await formWithTemplate(first.id);
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await changeGroup(cookies[level], form, second.id)).statusCode).toBe(403);
    }
    expect(await storedGroupOf(form.template.id)).toEqual({ column: first.id, settings: first.id });
    await api.call('DELETE', cookies.moderator, `${form.path}/lock`);
    await api.takeLock(cookies.admin, form.path);
    expect((await changeGroup(cookies.admin, form, second.id)).statusCode).toBe(200);
    expect((await storedGroupOf(form.template.id)).column).toBe(second.id);
  });

  it("refuses another event's group, an unknown one and a malformed id with 'Invalid updated fields'", async () => {
    const mine = await groupWithQuestion('Crew');
    const theirs = await groupWithQuestion('Their crew', formsApi(t, otherEventId), cookies.otherAdmin);
    const form = await formWithTemplate(mine.id);
    for (const bad of [theirs.id, crypto.randomUUID(), '', 42, null]) {
      const res = await changeGroup(cookies.moderator, form, bad);
      expect(res.statusCode, `fieldGroupId ${JSON.stringify(bad)}`).toBe(400);
      expect(res.json().error.message).toBe('Invalid updated fields');
    }
    expect(await storedGroupOf(form.template.id)).toEqual({ column: mine.id, settings: mine.id });
  });

  it('refuses a change to an archived group, but a template already embedding one can still be saved', async () => {
    const kept = await groupWithQuestion('Exhibitor contact');
    const archived = await groupWithQuestion('Old contact');
    const form = await formWithTemplate(kept.id);
    const archive = (id: string) => api.call('POST', cookies.admin, '/field-groups/archive', { ids: [id] });
    expect((await archive(archived.id)).statusCode).toBe(200);

    const refused = await changeGroup(cookies.moderator, form, archived.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'Invalid updated fields',
      issues: [
        {
          path: ['updatedFields', 0, 'fieldGroupId'],
          message: 'This field group is archived: restore it before adding it to a form',
        },
      ],
    });
    expect((await storedGroupOf(form.template.id)).column).toBe(kept.id);

    // Archiving the group a template already embeds leaves the form saveable.
    expect((await archive(kept.id)).statusCode).toBe(200);
    const relabelled = await api.call('PUT', cookies.moderator, form.path, {
      form: { title: 'Gala dinner', fieldIds: form.detail.form.fieldIds, logicMap: {} },
      updatedFields: [{ ...form.template, label: 'Contacts' }],
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
  });

  it("refuses a change that leaves a rule reading the old group's field, with the engine's message", async () => {
    const first = await groupWithQuestion('Table guest');
    const second = await groupWithQuestion('Plus one');
    const form = await formWithTemplate(first.id, ({ template, note }) => ({
      [template]: {
        rules: [
          {
            sourceId: template,
            sourceType: 'template',
            nestedId: first.question.id,
            nestedType: 'dropdown',
            nestedValue: 'yes',
            loopOperator: 'any',
          },
        ],
        thenFieldId: note,
      },
    }));
    const refused = await changeGroup(cookies.moderator, form, second.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'A rule in the logic on "Guests" reads a field that is not in the group "Guests" repeats',
    );
    expect((await storedGroupOf(form.template.id)).column).toBe(first.id);

    // Re-pointed at the new group's question, the same save goes through.
    const logicMap = {
      [form.template.id]: {
        rules: [
          {
            sourceId: form.template.id,
            sourceType: 'template',
            nestedId: second.question.id,
            nestedType: 'dropdown',
            nestedValue: 'yes',
            loopOperator: 'any',
          },
        ],
        thenFieldId: form.note.id,
      },
    };
    const ok = await changeGroup(cookies.moderator, form, second.id, logicMap);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
