import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { formsApi, newField } from '../formsTestKit';
import { formFields } from '../tables';

// A form notification sends to an email field of the form, or of a template's group: a save of
// the form or of the group that takes that field away is refused instead of silencing the email.

describe('a save that would take away the email field a notification sends to', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof formsApi>;
  let admin: string;
  const contact = newField('email', 'Contractor email');
  const notes = newField('text', 'Notes');
  const guestEmail = newField('email', 'Guest email');
  const guestName = newField('text', 'Guest name');
  let groupId: string;
  let otherGroupId: string;
  let guests: ReturnType<typeof newField>;
  let form: FormDetail;
  let formPath: string;

  async function saveGroup(id: string, fields: ReturnType<typeof newField>[], removed: string[] = []) {
    return api.call('PUT', admin, `/field-groups/${id}`, {
      fieldGroup: { title: 'Guests', fieldIds: fields.map((f) => f.id), logicMap: {} },
      ...(removed.length === 0 ? { newFields: fields } : { removedFieldIds: removed }),
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = formsApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    groupId = (await api.createGroup(admin, 'Guests')).fieldGroup.id;
    await api.takeLock(admin, `/field-groups/${groupId}`);
    expect((await saveGroup(groupId, [guestEmail, guestName])).statusCode).toBe(200);
    otherGroupId = (await api.createGroup(admin, 'Drivers')).fieldGroup.id;
    guests = newField('template', 'Guests', { fieldGroupId: groupId, isLooping: true, maxLoops: 2 });
    const made = await api.createForm(admin, 'Hotel booking');
    formPath = `/forms/${made.form.id}`;
    await api.takeLock(admin, formPath);
    const saved = await api.call('PUT', admin, formPath, {
      form: { title: 'Hotel booking', fieldIds: [contact.id, notes.id, guests.id], logicMap: {} },
      newFields: [contact, notes, guests],
      removedFieldIds: made.form.fieldIds,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
    for (const notification of [
      { name: 'Contractor copy', sendToType: 'field', sendTo: contact.id },
      { name: 'First guest', sendToType: 'template', sendToFieldGroupId: groupId, sendTo: guestEmail.id },
    ]) {
      const res = await api.call('POST', admin, `${formPath}/notifications`, notification);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const storedFieldIds = async () =>
    (
      await t.ctx.db
        .select({ id: formFields.id })
        .from(formFields)
        .where(and(eq(formFields.eventId, eventId), eq(formFields.formId, form.form.id)))
    )
      .map((row) => row.id)
      .sort();

  it('refuses a form save removing the email field, naming the notification, and keeps the fields', async () => {
    const before = await storedFieldIds();
    const res = await api.call('PUT', admin, formPath, {
      form: { title: 'Hotel booking', fieldIds: [notes.id, guests.id], logicMap: {} },
      removedFieldIds: [contact.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(
      'The notification "Contractor copy" of "Hotel booking" sends to an email field this change removes: choose another recipient for it first',
    );
    expect(await storedFieldIds()).toEqual(before);
  });

  it('refuses a form save pointing the template at another group, and one removing the template', async () => {
    const moved = await api.call('PUT', admin, formPath, {
      form: { title: 'Hotel booking', fieldIds: [contact.id, notes.id, guests.id], logicMap: {} },
      updatedFields: [{ ...guests, fieldGroupId: otherGroupId }],
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().error.message).toContain('"First guest"');
    const removed = await api.call('PUT', admin, formPath, {
      form: { title: 'Hotel booking', fieldIds: [contact.id, notes.id], logicMap: {} },
      removedFieldIds: [guests.id],
    });
    expect(removed.statusCode, removed.body).toBe(400);
  });

  it("refuses a group save that drops the email field a form's notification reads", async () => {
    const res = await saveGroup(groupId, [guestName], [guestEmail.id]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain('"First guest" of "Hotel booking"');
  });

  it('lets the save through once the notification sends elsewhere', async () => {
    const list = (await api.call('GET', admin, `${formPath}/notifications`)).json().items as {
      id: string;
      name: string;
    }[];
    const contractor = list.find((n) => n.name === 'Contractor copy');
    const changed = await api.call('PUT', admin, `${formPath}/notifications/${contractor?.id}`, {
      name: 'Contractor copy',
      sendToType: 'admin',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await api.call('PUT', admin, formPath, {
      form: { title: 'Hotel booking', fieldIds: [notes.id, guests.id], logicMap: {} },
      removedFieldIds: [contact.id],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
