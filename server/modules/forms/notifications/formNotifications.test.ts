import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { accounts } from '../../auth/tables';
import { outboxEmails } from '../../emails/tables';
import { customFields, memberships, teams } from '../../people/tables';
import { formSubmissions, submissionEvents } from '../../submissions/tables';
import { teamTaskWorld } from '../../tasks/teamTaskTestKit';
import { formsApi, newField, yesNo } from '../formsTestKit';
import { formNotificationSends, formNotifications } from '../tables';
import { sendFormNotifications } from './jobs';

describe('form notifications: managed by moderators, sent by the job on submit and on update', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let form: FormDetail;
  let otherAdmin: string;
  let otherEventId: string;
  let adminEmail: string;
  let ownerEmail: string;
  const shell = yesNo('Shell scheme stand');
  const fascia = newField('text', 'Fascia name');
  const notes = newField('text', 'Notes for the build crew');
  const contact = newField('email', 'Contractor email');
  const staffEmail = newField('email', 'Staff email');
  let staff: ReturnType<typeof newField>;
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const adminUser = await makeUser(t, eventId, 'admin', { email: 'ops.lead@example.test' });
    adminEmail = adminUser.email;
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    const group = await forms.createGroup(w.admin, 'Staff');
    groupId = group.fieldGroup.id;
    await forms.takeLock(w.admin, `/field-groups/${groupId}`);
    const grouped = await forms.call('PUT', w.admin, `/field-groups/${groupId}`, {
      fieldGroup: { title: 'Staff', fieldIds: [staffEmail.id], logicMap: {} },
      newFields: [staffEmail],
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    staff = newField('template', 'Staff', { fieldGroupId: groupId, isLooping: true, maxLoops: 3 });
    const made = await forms.createForm(w.admin, 'Stand build');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: {
        title: 'Stand build',
        isPublished: true,
        isEditable: true,
        fieldIds: [shell.id, fascia.id, notes.id, contact.id, staff.id],
        logicMap: {
          [shell.id]: {
            rules: [{ sourceId: shell.id, sourceType: 'dropdown', sourceValue: 'yes' }],
            thenFieldId: fascia.id,
          },
        },
      },
      newFields: [shell, fascia, notes, contact, staff],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
    const [owner] = await t.ctx.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, w.exhibitor.ownerId));
    ownerEmail = owner.email;
    // The team's custom fields: one shown, one hidden from teams.
    const [standNo, creditLimit] = await t.ctx.db
      .insert(customFields)
      .values([
        { eventId, label: 'Stand number', type: 'text', position: 0 },
        { eventId, label: 'Credit limit', type: 'text', showField: false, position: 1 },
      ])
      .returning();
    await t.ctx.db
      .update(teams)
      .set({ customFields: { [standNo.id]: 'B42', [creditLimit.id]: 'GBP 5000' } })
      .where(eq(teams.id, w.exhibitor.id));
  });
  afterAll(() => t.close());

  const path = () => `/forms/${form.form.id}/notifications`;
  const body = (extra: Partial<FormNotification> = {}) => ({
    name: 'Contractor copy',
    message: '<p>A new <strong>stand build</strong> pack.</p><script>alert(1)</script>',
    sendToType: 'field',
    sendTo: contact.id,
    ...extra,
  });

  it('lists the two defaults made with the form, to moderators only, and answers 404 to another event', async () => {
    const listed = await forms.call('GET', w.moderator.cookie, path());
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as FormNotification[];
    expect(items.map((n) => [n.sendToType, n.isAdminDefault, n.isUserDefault])).toEqual([
      ['admin', true, false],
      ['user', false, true],
    ]);
    expect((await forms.call('GET', w.exhibitor.cookie, path())).statusCode).toBe(403);
    expect((await forms.call('POST', w.exhibitor.cookie, path(), body())).statusCode).toBe(403);
    expect((await forms.call('GET', otherAdmin, path(), undefined, otherEventId)).statusCode).toBe(404);
    const one = `${path()}/${items[0].id}`;
    expect((await forms.call('GET', otherAdmin, one, undefined, otherEventId)).statusCode).toBe(404);
    expect((await forms.call('DELETE', otherAdmin, one, undefined, otherEventId)).statusCode).toBe(404);
  });

  it("refuses bad input with the spec's words and stores nothing", async () => {
    const count = async () =>
      (await t.ctx.db.select().from(formNotifications).where(eq(formNotifications.formId, form.form.id)))
        .length;
    const before = await count();
    const cases = [
      body({ name: '' }),
      { ...body(), sendToType: 'fax' },
      body({ sendTo: notes.id }),
      body({
        sendToType: 'template',
        sendToFieldGroupId: groupId,
        sendTo: staffEmail.id,
        sendToLoopIndex: 3,
      }),
      body({ rules: [{ sourceId: crypto.randomUUID(), sourceType: 'text', sourceValue: 'x' }] as never }),
    ];
    for (const bad of cases) {
      const res = await forms.call('POST', w.moderator.cookie, path(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      if (bad !== cases[4]) expect(res.json().error.message).toBe('Invalid notification');
    }
    expect(await count()).toBe(before);
  });

  it('creates, reads, updates (sanitised message, default marks kept) and deletes', async () => {
    const created = await forms.call('POST', w.moderator.cookie, path(), body({ isAdminDefault: true }));
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json() as FormNotification;
    expect(made.message).toBe('<p>A new <strong>stand build</strong> pack.</p>');
    expect(made.isAdminDefault).toBe(false);
    const one = `${path()}/${made.id}`;
    expect((await forms.call('GET', w.moderator.cookie, one)).json().name).toBe('Contractor copy');
    const updated = await forms.call(
      'PUT',
      w.moderator.cookie,
      one,
      body({ name: 'Renamed', isActive: false }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', isActive: false });
    expect((await forms.call('DELETE', w.moderator.cookie, one)).statusCode).toBe(204);
    expect((await forms.call('GET', w.moderator.cookie, one)).statusCode).toBe(404);
  });

  it('on submit, emails each sendToType its recipients with the answers, bcc copies and reply-to', async () => {
    const add = async (extra: Partial<FormNotification>) => {
      const res = await forms.call('POST', w.admin, path(), body(extra));
      expect(res.statusCode, res.body).toBe(201);
    };
    await add({
      subject: 'Stand build pack',
      isFormTitleSubjectLine: false,
      bccTo: 'archive@example.test',
      replyTo: 'operations@example.test',
      showCustomFields: true,
    });
    await add({
      name: 'Second staff member',
      sendToType: 'template',
      sendToFieldGroupId: groupId,
      sendTo: staffEmail.id,
      sendToLoopIndex: 1,
      showSubmission: false,
      showHiddenCustomFields: true,
    });
    await add({
      name: 'Shell schemes only',
      rules: [{ sourceId: shell.id, sourceType: 'dropdown', sourceValue: 'yes' }] as never,
      sendTo: contact.id,
    });
    const submitted = await forms.call('POST', w.exhibitor.cookie, `/my-forms/${form.form.id}/submit`, {
      values: {
        [shell.id]: ['no'],
        [notes.id]: 'Power at the back',
        [contact.id]: 'tom@apex-build.example',
        [staff.id]: {
          loopCount: 2,
          templateValues: [{ [staffEmail.id]: 'ann@example.test' }, { [staffEmail.id]: 'bo@example.test' }],
        },
      },
      version: null,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const rows = await t.ctx.db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.kind, ['formNotification']));
    const byTo = Object.fromEntries(rows.map((row) => [row.to, row]));
    expect(Object.keys(byTo).sort()).toEqual(
      [
        adminEmail,
        ...(await adminsOfWorld()),
        ownerEmail,
        'tom@apex-build.example',
        'archive@example.test',
        'bo@example.test',
      ].sort(),
    );
    expect(rows).toHaveLength(Object.keys(byTo).length);
    const contractor = byTo['tom@apex-build.example'];
    expect(contractor.subject).toBe('Stand build pack');
    // The one email layout (decision 0025), not a page of its own: the card, the event's header.
    expect(contractor.html).toContain('class="card"');
    expect(contractor.html).toContain('Expo 2027');
    expect(contractor.text).toContain('Power at the back');
    expect(contractor.text).toContain('B42');
    expect(contractor.replyTo).toBe('operations@example.test');
    expect(contractor.html).toContain('<strong>stand build</strong>');
    expect(contractor.html).not.toContain('<script>');
    expect(contractor.html).toContain('Power at the back');
    expect(contractor.html).toContain('B42');
    expect(contractor.html).not.toContain('GBP 5000');
    expect(byTo['archive@example.test'].html).toBe(contractor.html);
    const loopTwo = byTo['bo@example.test'];
    expect(loopTwo.subject).toBe('Stand build');
    expect(loopTwo.html).not.toContain('Power at the back');
    expect(loopTwo.html).toContain('GBP 5000');
    expect(byTo[ownerEmail].subject).toBe('Stand build');
    expect(rows.every((row) => row.status === 'stored')).toBe(true);
    expect(t.sentEmails.some((sent) => sent.to === 'tom@apex-build.example' && sent.replyTo)).toBe(true);
  });

  /** The event's admins besides the named one: the world's own admin. */
  async function adminsOfWorld() {
    const rows = await t.ctx.db
      .select({ email: accounts.email })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(eq(memberships.eventId, eventId), eq(memberships.permissions, 'admin')));
    return rows.map((row) => row.email).filter((email) => email !== adminEmail);
  }

  it('never puts a hidden answer in an email, says the submission changed, and sends once per event', async () => {
    const [submission] = await t.ctx.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.form.id));
    // An answer to a question the answers hide (not a shell scheme), stored all the same.
    await t.ctx.db
      .update(formSubmissions)
      .set({ values: { ...submission.values, [fascia.id]: 'SECRET FASCIA' } })
      .where(eq(formSubmissions.id, submission.id));
    const [event] = await t.ctx.db
      .insert(submissionEvents)
      .values({
        eventId,
        formId: form.form.id,
        submissionId: submission.id,
        kind: 'updated',
        version: submission.version,
        dispatchedAt: new Date(),
      })
      .returning();
    await sendFormNotifications(t.ctx, event);
    const updates = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'formUpdate'));
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.find((row) => row.to === 'tom@apex-build.example')?.subject).toBe(
      'Updated: Stand build pack',
    );
    for (const row of updates) {
      expect(row.html).not.toContain('SECRET FASCIA');
      expect(row.text).not.toContain('SECRET FASCIA');
    }
    await sendFormNotifications(t.ctx, event);
    const again = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'formUpdate'));
    expect(again).toHaveLength(updates.length);
    const claims = await t.ctx.db
      .select()
      .from(formNotificationSends)
      .where(and(eq(formNotificationSends.submissionEventId, event.id)));
    expect(claims.length).toBeGreaterThan(0);
  });

  it("renders through the event's edited template and the layout, showing the answers only when asked", async () => {
    const other = await forms.call(
      'PUT',
      otherAdmin,
      '/email-templates/formNotification',
      { subject: 'OTHER EVENT', body: '<p>OTHER EVENT</p>' },
      otherEventId,
    );
    expect(other.statusCode, other.body).toBe(200);
    const edited = await forms.call('PUT', w.admin, '/email-templates/formNotification', {
      subject: '[{{eventName}}] {{subjectLine}}',
      body: '<p>{{teamName}} sent {{formName}}.</p>{{message}}{{#submission}}<p>Their answers:</p>{{submission}}{{/submission}}{{customFields}}',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [submission] = await t.ctx.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.form.id));
    const [event] = await t.ctx.db
      .insert(submissionEvents)
      .values({
        eventId,
        formId: form.form.id,
        submissionId: submission.id,
        kind: 'submitted',
        version: submission.version,
        dispatchedAt: new Date(),
      })
      .returning();
    const before = new Set(
      (await t.ctx.db.select({ id: outboxEmails.id }).from(outboxEmails)).map((row) => row.id),
    );
    await sendFormNotifications(t.ctx, event);
    const rows = (
      await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'formNotification'))
    ).filter((row) => !before.has(row.id));
    const byTo = Object.fromEntries(rows.map((row) => [row.to, row]));
    const contractor = byTo['tom@apex-build.example'];
    expect(contractor.subject).toBe('[Expo 2027] Stand build pack');
    expect(contractor.html).toContain('class="card"');
    expect(contractor.html).toContain('Harbour Bakery sent Stand build.');
    expect(contractor.html).toContain('<strong>stand build</strong>');
    expect(contractor.html).toContain('Their answers:');
    expect(contractor.html).toContain('Power at the back');
    expect(contractor.html).toContain('B42');
    expect(contractor.html).not.toContain('GBP 5000');
    expect(contractor.html).not.toContain('OTHER EVENT');
    // showSubmission off: no answers and no part about them; hidden custom fields as configured.
    const loopTwo = byTo['bo@example.test'];
    expect(loopTwo.subject).toBe('[Expo 2027] Stand build');
    expect(loopTwo.html).not.toContain('Their answers:');
    expect(loopTwo.html).not.toContain('Power at the back');
    expect(loopTwo.html).toContain('GBP 5000');
    for (const row of rows) {
      expect(row.html).not.toContain('SECRET FASCIA');
      expect(row.text).not.toContain('SECRET FASCIA');
    }
    expect((await forms.call('DELETE', w.admin, '/email-templates/formNotification')).statusCode).toBe(200);
  });
});
