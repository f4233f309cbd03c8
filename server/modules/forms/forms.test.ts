import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, FormListResponse } from '../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { tasks } from '../tasks/tables';
import { formsApi, newField, yesNo } from './formsTestKit';
import { editLocks, formConfirmations, formFields, formNotifications, forms } from './tables';

describe('forms (organiser side)', () => {
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

  const rowsOf = async (formId: string) => ({
    forms: (await t.ctx.db.select().from(forms).where(eq(forms.id, formId))).length,
    fields: (await t.ctx.db.select().from(formFields).where(eq(formFields.formId, formId))).length,
    confirmations: (
      await t.ctx.db.select().from(formConfirmations).where(eq(formConfirmations.formId, formId))
    ).length,
    notifications: (
      await t.ctx.db.select().from(formNotifications).where(eq(formNotifications.formId, formId))
    ).length,
    locks: (await t.ctx.db.select().from(editLocks).where(eq(editLocks.resourceId, formId))).length,
  });
  const countForms = async () =>
    (await t.ctx.db.select().from(forms).where(eq(forms.eventId, eventId))).length;
  const save = (cookie: string, detail: FormDetail, body: Record<string, unknown>) =>
    api.call('PUT', cookie, `/forms/${detail.form.id}`, body);

  it('lets moderators and admins manage forms and refuses users and report viewers', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], '/forms')).statusCode).toBe(403);
      expect((await api.call('POST', cookies[level], '/forms', { form: { title: 'X' } })).statusCode).toBe(
        403,
      );
    }
    const made = await api.createForm(cookies.moderator, 'Catering order');
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], `/forms/${made.form.id}`)).statusCode).toBe(403);
      expect((await api.call('POST', cookies[level], `/forms/${made.form.id}/lock`)).statusCode).toBe(403);
      expect((await api.call('GET', cookies[level], `/forms/${made.form.id}/confirmations`)).statusCode).toBe(
        403,
      );
      const del = await api.call('POST', cookies[level], '/forms/delete', { ids: [made.form.id] });
      expect(del.statusCode).toBe(403);
    }
    expect((await api.call('GET', cookies.admin, `/forms/${made.form.id}`)).statusCode).toBe(200);
    expect((await api.call('GET', '', '/forms')).statusCode).toBe(401);
  });

  it('creates the form, its first field, a default confirmation and the two default notifications at once', async () => {
    const first = newField('text', 'Stand number');
    const made = await api.createForm(cookies.moderator, '  Stand build ', first);
    expect(made.form).toMatchObject({ title: 'Stand build', isPublished: false, fieldIds: [first.id] });
    expect(made.fields).toEqual([
      expect.objectContaining({ id: first.id, type: 'text', label: 'Stand number' }),
    ]);
    expect(made.confirmations).toEqual([expect.objectContaining({ isDefault: true, isActive: true })]);
    expect(made.notifications.map((n) => [n.sendToType, n.isAdminDefault, n.isUserDefault])).toEqual([
      ['admin', true, false],
      ['user', false, true],
    ]);
    expect(await rowsOf(made.form.id)).toMatchObject({
      forms: 1,
      fields: 1,
      confirmations: 1,
      notifications: 2,
    });
    // Without a first field the builder still starts with one.
    const bare = await api.createForm(cookies.moderator, 'Bare');
    expect(bare.fields).toHaveLength(1);
  });

  it("refuses bad input with the spec's words and stores nothing", async () => {
    const before = await countForms();
    const noTitle = await api.call('POST', cookies.moderator, '/forms', { form: { title: ' ' } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe('Invalid form');
    const badFirst = await api.call('POST', cookies.moderator, '/forms', {
      form: { title: 'X' },
      firstField: { id: 'not-a-uuid', type: 'text' },
    });
    expect(badFirst.json().error.message).toBe('Invalid first field');
    const unknownType = await api.call('POST', cookies.moderator, '/forms', {
      form: { title: 'X' },
      firstField: { ...newField('text', 'A'), type: 'hologram' },
    });
    expect(unknownType.json().error.message).toBe('Invalid first field');
    expect(await countForms()).toBe(before);

    const made = await api.createForm(cookies.moderator, 'Validation');
    await api.takeLock(cookies.moderator, `/forms/${made.form.id}`);
    const form = { title: 'Validation', fieldIds: made.form.fieldIds };
    const cases: [Record<string, unknown>, string][] = [
      [{ form: { ...form, title: '' } }, 'Invalid form'],
      [{ form, newFields: [{ id: 'x', type: 'text' }] }, 'Invalid new fields'],
      [
        { form, updatedFields: [{ id: made.fields[0].id, type: 'number', min: 'many' }] },
        'Invalid updated fields',
      ],
      // An updated field the form does not have, a new field it already has, an order that loses a field.
      [{ form, updatedFields: [newField('text', 'Ghost')] }, 'Invalid updated fields'],
      [{ form, newFields: [made.fields[0]] }, 'Invalid new fields'],
      [{ form: { ...form, fieldIds: [] } }, 'Invalid form'],
      [{ form, removedFieldIds: [made.fields[0].id] }, 'Invalid form'],
    ];
    for (const [body, message] of cases) {
      const res = await save(cookies.moderator, made, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const after = (await api.call('GET', cookies.moderator, `/forms/${made.form.id}`)).json() as FormDetail;
    expect(after.fields).toEqual(made.fields);
    // A new field may not reuse another form's field id.
    const other = await api.createForm(cookies.moderator, 'Other');
    const stolen = { ...other.fields[0] };
    const res = await save(cookies.moderator, made, {
      form: { ...form, fieldIds: [...form.fieldIds, stolen.id] },
      newFields: [stolen],
    });
    expect(res.json().error.message).toBe('Invalid new fields');
  });

  it('saves new, updated, reordered and removed fields with logic in one go', async () => {
    const made = await api.createForm(cookies.moderator, 'Stand build', newField('text', 'Stand number'));
    await api.takeLock(cookies.moderator, `/forms/${made.form.id}`);
    const standType = yesNo('Shell scheme?');
    const fascia = newField('text', 'Fascia name');
    const logicMap = {
      [standType.id]: {
        rules: [{ sourceId: standType.id, sourceType: 'dropdown', sourceValue: 'yes' }],
        thenFieldId: fascia.id,
      },
    };
    const res = await save(cookies.moderator, made, {
      form: {
        title: 'Stand build',
        isPublished: true,
        fieldIds: [standType.id, fascia.id, made.fields[0].id],
        logicMap,
      },
      newFields: [standType, fascia],
      updatedFields: [{ ...made.fields[0], label: 'Your stand number', isRequired: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as FormDetail;
    expect(saved.form.fieldIds).toEqual([standType.id, fascia.id, made.fields[0].id]);
    expect(saved.form.logicMap[standType.id].thenFieldId).toBe(fascia.id);
    expect(saved.fields[2]).toMatchObject({ label: 'Your stand number', isRequired: true });
    expect(saved.form.isPublished).toBe(true);

    const removed = await save(cookies.moderator, saved, {
      form: { title: 'Stand build', fieldIds: [standType.id, made.fields[0].id], logicMap: {} },
      removedFieldIds: [fascia.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await rowsOf(made.form.id)).fields).toBe(2);
  });

  it("refuses logic pointing at a missing field or going round in a circle, with the engine's message", async () => {
    const made = await api.createForm(cookies.moderator, 'Logic');
    await api.takeLock(cookies.moderator, `/forms/${made.form.id}`);
    const sockets = yesNo('Sockets');
    const notes = yesNo('Notes');
    const fieldIds = [made.fields[0].id, sockets.id, notes.id];
    const rule = (id: string) => ({ sourceId: id, sourceType: 'dropdown', sourceValue: 'yes' });
    const missing = await save(cookies.moderator, made, {
      form: {
        title: 'Logic',
        fieldIds,
        logicMap: { [sockets.id]: { rules: [rule(sockets.id)], thenFieldId: crypto.randomUUID() } },
      },
      newFields: [sockets, notes],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/shows a field that is not in this form/);
    const cycle = await save(cookies.moderator, made, {
      form: {
        title: 'Logic',
        fieldIds,
        logicMap: {
          [sockets.id]: { rules: [rule(notes.id)], thenFieldId: notes.id },
          [notes.id]: { rules: [rule(sockets.id)], thenFieldId: sockets.id },
        },
      },
      newFields: [sockets, notes],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.message).toMatch(
      /^The logic goes round in a circle: whether "(Sockets|Notes)" is shown/,
    );
    expect((await rowsOf(made.form.id)).fields).toBe(1);
  });

  it("answers 404 for another event's forms, whoever asks", async () => {
    const made = await api.createForm(cookies.moderator, 'Private');
    const otherApi = formsApi(t, otherEventId);
    for (const [method, path] of [
      ['GET', `/forms/${made.form.id}`],
      ['POST', `/forms/${made.form.id}/lock`],
      ['POST', `/forms/${made.form.id}/duplicate`],
      ['GET', `/forms/${made.form.id}/confirmations`],
      ['PATCH', `/forms/${made.form.id}/settings`],
    ] as const) {
      const body = method === 'PATCH' ? { title: 'Mine now' } : {};
      expect((await otherApi.call(method, cookies.otherAdmin, path, body)).statusCode, path).toBe(404);
      // And through this event's path, where the other admin is no member.
      expect((await api.call(method, cookies.otherAdmin, path, body)).statusCode, path).toBe(404);
    }
    for (const action of ['archive', 'delete']) {
      const res = await otherApi.call('POST', cookies.otherAdmin, `/forms/${action}`, {
        ids: [made.form.id],
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await rowsOf(made.form.id)).toMatchObject({ forms: 1, fields: 1 });
    const list = (await otherApi.call('GET', cookies.otherAdmin, '/forms')).json() as FormListResponse;
    expect(list.items.map((f) => f.id)).not.toContain(made.form.id);
  });

  it('archives and restores many forms, with the counts for the shortcuts', async () => {
    const a = await api.createForm(cookies.moderator, 'Archive A');
    const b = await api.createForm(cookies.moderator, 'Archive B');
    const before = (await api.call('GET', cookies.moderator, '/forms')).json() as FormListResponse;
    const archived = await api.call('POST', cookies.moderator, '/forms/archive', {
      ids: [a.form.id, b.form.id],
    });
    expect(archived.json()).toEqual({ count: 2 });
    const list = (
      await api.call('GET', cookies.moderator, '/forms?archived=true&search=archive')
    ).json() as FormListResponse;
    expect(list.items.map((f) => f.title)).toEqual(['Archive A', 'Archive B']);
    expect(list.counts.archivedForms).toBe(before.counts.archivedForms + 2);
    expect(list.counts.forms).toBe(before.counts.forms - 2);
    await api.call('POST', cookies.moderator, '/forms/unarchive', { ids: [a.form.id] });
    const active = (
      await api.call('GET', cookies.moderator, '/forms?search=archive%20a')
    ).json() as FormListResponse;
    expect(active.items).toEqual([
      expect.objectContaining({ id: a.form.id, fieldsCount: 1, isArchived: false }),
    ]);
    const bad = await api.call('POST', cookies.moderator, '/forms/archive', { ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the form tasks linked to each form, by title, and the event currency with the form', async () => {
    const made = await api.createForm(cookies.moderator, 'Hotel booking');
    const other = await api.createForm(cookies.moderator, 'Unlinked form');
    await t.ctx.db.insert(tasks).values([
      { eventId, title: 'Book your hotel', dueDate: '2099-01-01', type: 'form', formId: made.form.id },
      { eventId, title: 'Arrange arrival', dueDate: '2099-01-01', type: 'form', formId: made.form.id },
      // A plain task keeps no form link of its own, even if a form id were stored on it.
      { eventId, title: 'Not a form task', dueDate: '2099-01-01', type: 'task', formId: made.form.id },
    ]);
    const list = (await api.call('GET', cookies.moderator, '/forms?search=Hotel')).json() as FormListResponse;
    expect(list.items.find((row) => row.id === made.form.id)?.linkedTasks.map((task) => task.title)).toEqual([
      'Arrange arrival',
      'Book your hotel',
    ]);
    const unlinked = (
      await api.call('GET', cookies.moderator, '/forms?search=Unlinked')
    ).json() as FormListResponse;
    expect(unlinked.items.find((row) => row.id === other.form.id)?.linkedTasks).toEqual([]);
    expect(made.currency).toBe('GBP');
  });

  it('deletes forms with their fields, confirmations, notifications and lock', async () => {
    const made = await api.createForm(cookies.moderator, 'Doomed');
    await api.takeLock(cookies.moderator, `/forms/${made.form.id}`);
    expect(await rowsOf(made.form.id)).toEqual({
      forms: 1,
      fields: 1,
      confirmations: 1,
      notifications: 2,
      locks: 1,
    });
    const res = await api.call('POST', cookies.moderator, '/forms/delete', { ids: [made.form.id] });
    expect(res.json()).toEqual({ count: 1 });
    expect(await rowsOf(made.form.id)).toEqual({
      forms: 0,
      fields: 0,
      confirmations: 0,
      notifications: 0,
      locks: 0,
    });
    expect((await api.call('GET', cookies.moderator, `/forms/${made.form.id}`)).statusCode).toBe(404);
  });
});
