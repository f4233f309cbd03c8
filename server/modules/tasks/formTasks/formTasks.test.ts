import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../../shared/forms/api';
import type { AdminTaskDetail } from '../../../../shared/tasks/adminApi';
import type { MyTask, MyTasksResponse, TaskListResponse } from '../../../../shared/tasks/api';
import { TASK_ERRORS } from '../../../../shared/tasks/schema';
import { TEAM_WORK_ERRORS } from '../../../../shared/tasks/teamWork';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { formsApi } from '../../forms/formsTestKit';
import { taskStatuses, tasks } from '../tables';
import { teamTaskWorld } from '../teamTaskTestKit';

/** Form tasks: linked to one of the event's forms, completed by submitting it (spec: forms and tasks). */
describe('form tasks', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let forms: ReturnType<typeof formsApi>;
  let standBuild: FormDetail;
  let otherEventForm: FormDetail;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    const otherEventId = await makeEvent(t, 'Other Show');
    w = await teamTaskWorld(t, eventId);
    forms = formsApi(t, eventId);
    standBuild = await publishedForm('Stand build');
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const other = await forms.call('POST', otherAdmin, '/forms', { form: { title: 'Theirs' } }, otherEventId);
    otherEventForm = other.json() as FormDetail;
  });
  afterAll(() => t.close());

  async function publishedForm(title: string) {
    const res = await forms.call('POST', w.admin, '/forms', { form: { title, isPublished: true } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as FormDetail;
  }
  const saveTask = (body: object, taskId?: string) =>
    w.api.call(taskId ? 'PUT' : 'POST', w.moderator.cookie, taskId ? `/tasks/${taskId}` : '/tasks', {
      title: 'Send your stand build form',
      dueDate: '2099-01-01',
      ...body,
    });
  const countTasks = async () =>
    (await t.ctx.db.select().from(tasks).where(eq(tasks.eventId, eventId))).length;
  const myTask = async (cookie: string, taskId: string) =>
    ((await w.api.call('GET', cookie, '/my-tasks')).json() as MyTasksResponse).sections
      .flatMap((section) => section.tasks)
      .find((task) => task.id === taskId) as MyTask;
  const setMine = (cookie: string, taskId: string, progressStatus: string) =>
    w.api.call('PUT', cookie, `/tasks/${taskId}/status`, { progressStatus });
  const submit = (cookie: string, formId: string) =>
    forms.call('POST', cookie, `/my-forms/${formId}/submit`, { values: {}, version: null });
  const stored = async (taskId: string, teamId: string) =>
    (
      await t.ctx.db
        .select()
        .from(taskStatuses)
        .where(and(eq(taskStatuses.taskId, taskId), eq(taskStatuses.teamId, teamId)))
    )[0]?.progressStatus ?? 'incomplete';

  it("links a form task to one of the event's forms; the admin list and detail name the form", async () => {
    const created = await saveTask({ type: 'form', formId: standBuild.form.id });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json() as AdminTaskDetail;
    expect(task).toMatchObject({ type: 'form', formId: standBuild.form.id, formTitle: 'Stand build' });
    const list = (await w.api.call('GET', w.moderator.cookie, '/tasks?type=form')).json() as TaskListResponse;
    expect(list.items.map((row) => [row.title, row.formTitle])).toEqual([
      ['Send your stand build form', 'Stand build'],
    ]);
    const other = await publishedForm('Catering order');
    const moved = await saveTask({ type: 'form', formId: other.form.id }, task.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ formId: other.form.id, formTitle: 'Catering order' });
    await t.ctx.db.delete(tasks).where(eq(tasks.id, task.id));
  });

  it("refuses a form task without a form or with another event's form, and stores nothing", async () => {
    const before = await countTasks();
    const missing = await saveTask({ type: 'form' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toContainEqual({
      path: ['formId'],
      message: TASK_ERRORS.formRequired,
    });
    const foreign = await saveTask({ type: 'form', formId: otherEventForm.form.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      message: TASK_ERRORS.invalidTask,
      issues: [{ path: ['formId'], message: TASK_ERRORS.formNotInEvent }],
    });
    const unknown = await saveTask({ type: 'form', formId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(await countTasks()).toBe(before);
    // An update is checked alike and changes nothing.
    const plain = (await saveTask({ title: 'Plain task' })).json() as AdminTaskDetail;
    const refused = await saveTask({ type: 'form', formId: otherEventForm.form.id }, plain.id);
    expect(refused.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, plain.id));
    expect(row).toMatchObject({ type: 'task', formId: null, title: 'Plain task' });
    await t.ctx.db.delete(tasks).where(eq(tasks.id, plain.id));
  });

  it('ignores a form for every other type, and lets go of it when a form task changes type', async () => {
    const upload = await saveTask({ type: 'upload', formId: otherEventForm.form.id });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ type: 'upload', formId: null, formTitle: null });
    const form = (await saveTask({ type: 'form', formId: standBuild.form.id })).json() as AdminTaskDetail;
    const changed = await saveTask({ type: 'task', formId: standBuild.form.id }, form.id);
    expect(changed.json()).toMatchObject({ type: 'task', formId: null, formTitle: null });
    await t.ctx.db.delete(tasks).where(eq(tasks.eventId, eventId));
  });

  it('shows the team the form while it is published and not archived', async () => {
    const draftForm = (await forms.call('POST', w.admin, '/forms', { form: { title: 'Hotel' } })).json();
    const archivedForm = await publishedForm('Old form');
    await forms.call('POST', w.admin, '/forms/archive', { ids: [archivedForm.form.id] });
    const open = (await saveTask({ type: 'form', formId: standBuild.form.id })).json() as AdminTaskDetail;
    const unpublished = (await saveTask({ type: 'form', formId: draftForm.form.id, title: 'Hotel' })).json();
    const archived = (await saveTask({ type: 'form', formId: archivedForm.form.id, title: 'Old' })).json();
    expect((await myTask(w.exhibitor.cookie, open.id)).formId).toBe(standBuild.form.id);
    expect((await myTask(w.sponsor.cookie, open.id)).formId).toBe(standBuild.form.id);
    expect((await myTask(w.exhibitor.cookie, unpublished.id)).formId).toBeNull();
    expect((await myTask(w.exhibitor.cookie, archived.id)).formId).toBeNull();
    // The organisers still see which form it is.
    expect((await w.api.call('GET', w.admin, `/tasks/${archived.id}`)).json().formTitle).toBe('Old form');
    await t.ctx.db.delete(tasks).where(eq(tasks.eventId, eventId));
  });

  it('is completed by submitting the form, not by ticking; deleting the submission opens it again', async () => {
    const task = (await saveTask({ type: 'form', formId: standBuild.form.id })).json() as AdminTaskDetail;
    const owner = w.exhibitor.cookie;
    const tick = await setMine(owner, task.id, 'complete');
    expect(tick.statusCode).toBe(403);
    expect(tick.json().error.message).toBe(TEAM_WORK_ERRORS.submitFormFirst);
    expect(await stored(task.id, w.exhibitor.id)).toBe('incomplete');
    // Not applicable stays the team's choice, and so does the way back.
    expect((await setMine(owner, task.id, 'n/a')).statusCode).toBe(200);
    expect((await setMine(owner, task.id, 'incomplete')).statusCode).toBe(200);

    const done = await submit(owner, standBuild.form.id);
    expect(done.statusCode, done.body).toBe(201);
    expect(await myTask(owner, task.id)).toMatchObject({ progressStatus: 'complete', status: 'complete' });
    expect((await myTask(w.sponsor.cookie, task.id)).progressStatus).toBe('incomplete');
    for (const progress of ['incomplete', 'n/a']) {
      const undo = await setMine(owner, task.id, progress);
      expect(undo.statusCode).toBe(403);
      expect(undo.json().error.message).toBe(TEAM_WORK_ERRORS.formTaskSubmitted);
    }
    expect(await stored(task.id, w.exhibitor.id)).toBe('complete');

    const removed = await forms.call('POST', w.admin, `/forms/${standBuild.form.id}/submissions/delete`, {
      ids: [done.json().id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stored(task.id, w.exhibitor.id)).toBe('incomplete');
    await t.ctx.db.delete(tasks).where(eq(tasks.eventId, eventId));
  });

  it('is complete at once for the teams that submitted the form before it was linked', async () => {
    const catering = await publishedForm('Early catering');
    expect((await submit(w.sponsor.cookie, catering.form.id)).statusCode).toBe(201);
    const task = (await saveTask({ type: 'form', formId: catering.form.id })).json() as AdminTaskDetail;
    expect(await stored(task.id, w.sponsor.id)).toBe('complete');
    expect(await stored(task.id, w.exhibitor.id)).toBe('incomplete');
    const later = (await saveTask({ title: 'Later link' })).json() as AdminTaskDetail;
    expect(await stored(later.id, w.sponsor.id)).toBe('incomplete');
    await saveTask({ title: 'Later link', type: 'form', formId: catering.form.id }, later.id);
    expect(await stored(later.id, w.sponsor.id)).toBe('complete');
  });
});
