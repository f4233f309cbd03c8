import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../shared/forms/api';
import type {
  FillFormResponse,
  MyFormsResponse,
  SubmissionListResponse,
} from '../../../shared/forms/submissionsApi';
import { createTestApp, makeEvent, makeUser, nextAddress, signIn, type TestApp } from '../../test/harness';
import { formsApi, newField, yesNo } from '../forms/formsTestKit';
import { taskStatuses, tasks, taskTeamTypes } from '../tasks/tables';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';
import { formSubmissions } from './tables';

describe('filling in forms, submissions and guest forms', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let form: FormDetail;
  let owner: string;
  let member: string;
  let sponsor: string;
  let otherAdmin: string;
  const standType = yesNo('Shell scheme stand');
  const fascia = newField('text', 'Fascia name', { isRequired: true });
  const notes = newField('text', 'Notes for the build crew');

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    owner = w.exhibitor.cookie;
    member = (await w.member(w.exhibitor.id, 'Mia', 'Baker')).cookie;
    sponsor = w.sponsor.cookie;
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    // Stand build: the fascia name is asked (and required) only for a shell scheme stand.
    const made = await forms.createForm(w.admin, 'Stand build');
    await forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: {
        title: 'Stand build',
        isPublished: true,
        fieldIds: [standType.id, fascia.id, notes.id],
        logicMap: {
          [standType.id]: {
            rules: [{ sourceId: standType.id, sourceType: 'dropdown', sourceValue: 'yes' }],
            thenFieldId: fascia.id,
          },
        },
      },
      newFields: [{ ...standType, isRequired: true }, fascia, notes],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    form = saved.json() as FormDetail;
  });
  afterAll(() => t.close());

  const mine = (cookie: string, path = '', method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: object) =>
    forms.call(method, cookie, `/my-forms${path}`, payload);
  const fill = async (cookie: string) => (await mine(cookie, `/${form.form.id}`)).json() as FillFormResponse;
  const stored = () =>
    t.ctx.db.select().from(formSubmissions).where(eq(formSubmissions.formId, form.form.id));
  const rowOf = async (cookie: string) =>
    ((await mine(cookie)).json() as MyFormsResponse).items.find((item) => item.id === form.form.id);
  const stateOf = async (cookie: string) => (await rowOf(cookie))?.state;

  it("lists the event's published forms with the team's state, and refuses a team of another event", async () => {
    expect(await rowOf(owner)).toMatchObject({ state: 'notStarted', task: null });
    expect(await stateOf(sponsor)).toBe('notStarted');
    expect((await mine(owner, '?search=stand')).json().items).toHaveLength(1);
    expect((await mine(owner, '?search=catering')).json().items).toHaveLength(0);
    const opened = await fill(owner);
    expect(opened.definition.form.title).toBe('Stand build');
    expect(opened.definition.currency).toBe('GBP');
    expect(opened.draft).toBeNull();
    // Another event's person, and an unpublished form, answer as missing.
    const other = await forms.call('GET', otherAdmin, `/my-forms/${form.form.id}`, undefined, otherEventId);
    expect(other.statusCode).toBe(404);
    const hidden = await forms.createForm(w.admin, 'Not yet');
    expect((await mine(owner, `/${hidden.form.id}`)).statusCode).toBe(404);
    // An organiser without a team is told why, not just refused.
    const noTeam = await mine(w.admin, `/${form.form.id}/draft`, 'PUT', { values: {}, version: null });
    expect(noTeam.statusCode).toBe(403);
    expect(noTeam.json().error.message).toBe('Only members of a team can fill in forms');
  });

  it('saves drafts without the required checks, keeps the type checks, and refuses a stale version', async () => {
    const wrongType = await mine(owner, `/${form.form.id}/draft`, 'PUT', {
      values: { [standType.id]: 42 },
      version: null,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('Please check the highlighted answers');
    expect(wrongType.json().error.issues[0].path).toEqual([standType.id]);
    expect(await stored()).toHaveLength(0);

    const first = await mine(owner, `/${form.form.id}/draft`, 'PUT', {
      values: { [notes.id]: 'Power by 7am please' },
      version: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(1);
    expect(await stateOf(owner)).toBe('draft');
    // The other member opens the same draft and saves it on.
    const opened = await fill(member);
    expect(opened.draft?.values).toEqual({ [notes.id]: 'Power by 7am please' });
    const second = await mine(member, `/${form.form.id}/draft`, 'PUT', {
      values: { ...opened.draft?.values, [standType.id]: ['yes'] },
      version: opened.draft?.version ?? null,
    });
    expect(second.statusCode, second.body).toBe(200);
    // The owner saves on the version they opened: refused, nothing overwritten.
    const stale = await mine(owner, `/${form.form.id}/draft`, 'PUT', {
      values: { [notes.id]: 'Mine' },
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/Someone else in your team saved this form/);
    expect((await fill(owner)).draft?.values[notes.id]).toBe('Power by 7am please');
    // Another team sees nothing of it.
    expect((await fill(sponsor)).draft).toBeNull();
  });

  it('submits with the engine: required answers at their fields, hidden answers dropped, the task completed', async () => {
    const [task] = await t.ctx.db
      .insert(tasks)
      .values({
        eventId,
        title: 'Send your stand build form',
        dueDate: '2099-01-01',
        type: 'form',
        formId: form.form.id,
      })
      .returning();
    // /forms shows the linked task's chip, as /tasks does; a task for exhibitors only is not the sponsor's.
    const [overdue] = await t.ctx.db
      .insert(tasks)
      .values({
        eventId,
        title: 'Stand build, exhibitors',
        dueDate: '2020-01-01',
        type: 'form',
        formId: form.form.id,
      })
      .returning();
    await t.ctx.db
      .insert(taskTeamTypes)
      .values({ eventId, ownerId: overdue?.id ?? '', teamTypeId: w.exhibitorType });
    expect((await rowOf(owner))?.task).toEqual({
      id: overdue?.id,
      title: 'Stand build, exhibitors',
      dueDate: '2020-01-01',
      status: 'overdue',
    });
    expect((await rowOf(sponsor))?.task).toMatchObject({ id: task?.id, status: 'incomplete' });
    await t.ctx.db.delete(tasks).where(eq(tasks.id, overdue?.id ?? ''));
    const draft = (await fill(owner)).draft;
    const missing = await mine(owner, `/${form.form.id}/submit`, 'POST', {
      values: { [standType.id]: ['yes'] },
      version: draft?.version ?? null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([{ path: [fascia.id], message: expect.any(String) }]);

    const done = await mine(owner, `/${form.form.id}/submit`, 'POST', {
      // 'No': the fascia name is hidden, so what was typed there is not kept.
      values: { [standType.id]: ['no'], [fascia.id]: 'Harbour Bakery', [notes.id]: '=HYPERLINK("x")' },
      version: draft?.version ?? null,
    });
    expect(done.statusCode, done.body).toBe(201);
    const defaultConfirmation = form.confirmations.find((c) => c.isDefault);
    expect(done.json().confirmationId).toBe(defaultConfirmation?.id);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isDraft: false, teamId: w.exhibitor.id });
    expect(rows[0]?.values).toEqual({ [standType.id]: ['no'], [notes.id]: '=HYPERLINK("x")' });
    expect(await rowOf(owner)).toMatchObject({
      state: 'submitted',
      task: { id: task?.id, status: 'complete' },
    });
    const status = async () =>
      (
        await t.ctx.db
          .select()
          .from(taskStatuses)
          .where(and(eq(taskStatuses.taskId, task?.id ?? ''), eq(taskStatuses.teamId, w.exhibitor.id)))
      )[0]?.progressStatus;
    expect(await status()).toBe('complete');

    // The team reads its submission; another team and another event cannot.
    const id = done.json().id as string;
    const own = await mine(member, `/${form.form.id}/submissions/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().canEdit).toBe(false);
    expect((await mine(sponsor, `/${form.form.id}/submissions/${id}`)).statusCode).toBe(404);
    // Not editable after submission unless the organiser allows it.
    const edit = await mine(owner, `/${form.form.id}/submissions/${id}`, 'PUT', {
      values: { [standType.id]: ['no'] },
      version: done.json().version,
    });
    expect(edit.statusCode).toBe(403);

    // The organiser: lists, exports (formula cells neutralised), deletes; the task is open again.
    const list = await forms.call('GET', w.moderator.cookie, `/forms/${form.form.id}/submissions`);
    expect(list.statusCode).toBe(200);
    const listed = list.json() as SubmissionListResponse;
    expect(listed.items.map((item) => item.teamName)).toEqual(['Harbour Bakery']);
    expect(listed.items[0]?.updatedByName).toMatch(/^Harbour Bakery /);
    const csv = await forms.call('GET', w.admin, `/forms/${form.form.id}/submissions/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/stand-build-submissions-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain('Shell scheme stand');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    const xlsx = await forms.call('GET', w.admin, `/forms/${form.form.id}/submissions/export`);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    for (const cookie of [owner, otherAdmin]) {
      const refused = await forms.call('POST', cookie, `/forms/${form.form.id}/submissions/delete`, {
        ids: [id],
      });
      expect(refused.statusCode).toBe(cookie === owner ? 403 : 404);
    }
    const deleted = await forms.call('POST', w.admin, `/forms/${form.form.id}/submissions/delete`, {
      ids: [id],
    });
    expect(deleted.json()).toEqual({ count: 1 });
    expect(await status()).toBe('incomplete');
  });

  it("keeps the organiser's side to moderators of the form's own event", async () => {
    const path = `/forms/${form.form.id}/submissions`;
    expect((await forms.call('GET', owner, path)).statusCode).toBe(403);
    const reportViewer = await signIn(t, (await makeUser(t, eventId, 'reportViewer')).email);
    expect((await forms.call('GET', reportViewer, path)).statusCode).toBe(403);
    // Another event's admin asking in their own event about this form: missing.
    expect((await forms.call('GET', otherAdmin, path, undefined, otherEventId)).statusCode).toBe(404);
    expect((await forms.call('GET', w.admin, `${path}?state=nonsense`)).statusCode).toBe(400);
  });

  it('serves a public form to guests, stores their submissions, ignores bots and limits an address', async () => {
    const guest = (method: 'GET' | 'POST', payload?: object, address = nextAddress()) =>
      t.app.inject({
        method,
        url: `/api/guests/forms/${form.form.id}${method === 'POST' ? '/submissions' : ''}`,
        remoteAddress: address,
        ...(payload ? { payload } : {}),
      });
    const closed = await guest('GET');
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.message).toBe('Form is not public');
    const missing = await t.app.inject({ method: 'GET', url: `/api/guests/forms/${crypto.randomUUID()}` });
    expect(missing.json().error.message).toBe('Form is not public');

    await forms.call('PATCH', w.admin, `/forms/${form.form.id}/settings`, {
      title: 'Stand build',
      isPublished: true,
      isPublic: true,
    });
    expect((await guest('GET')).statusCode).toBe(200);
    const before = (await stored()).length;
    const sent = await guest('POST', { values: { [standType.id]: ['no'] } });
    expect(sent.statusCode, sent.body).toBe(201);
    const bot = await guest('POST', { values: { [standType.id]: ['no'] }, website: 'http://spam.example' });
    expect(bot.statusCode).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((row) => row.isGuest)).toMatchObject({ teamId: null, createdBy: 'guest' });
    const bad = await guest('POST', { values: {} });
    expect(bad.statusCode).toBe(400);

    const address = nextAddress();
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await guest('POST', { values: { [standType.id]: ['no'] } }, address)).statusCode;
    expect(last).toBe(429);
  });
});
