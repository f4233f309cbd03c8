import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { uploadAs } from '../../files/fileTestKit';
import { makePdf } from '../../files/samples';
import { files } from '../../files/tables';
import { teamApi } from '../../people/teamTestKit';

describe('task attachments (admin form)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    pdf = makePdf(['Exhibitor manual']);
  });
  afterAll(() => t.close());

  const upload = async (
    cookie: string,
    name: string,
    event = eventId,
    purpose: 'taskAttachment' | 'asset' = 'taskAttachment',
  ) => {
    const res = await uploadAs(t, cookie, event, purpose, name, pdf);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const read = (cookie: string, fileId: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}/files/${fileId}`, headers: { cookie } });

  it('claims uploaded files when the task is saved, lists them, and deletes the ones dropped', async () => {
    const manual = await upload(cookies.moderator, 'Manual.pdf');
    const plan = await upload(cookies.moderator, 'Floor plan.pdf');
    const created = await api.call('POST', cookies.moderator, '/tasks', {
      title: 'Read the manual',
      dueDate: '2027-04-01',
      attachmentIds: [manual.id, plan.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json();
    expect(task.attachments.map((f: { name: string }) => f.name)).toEqual(['Manual.pdf', 'Floor plan.pdf']);
    expect((await read(cookies.admin, manual.id)).statusCode).toBe(200);

    const updated = await api.call('PUT', cookies.moderator, `/tasks/${task.id}`, {
      title: 'Read the manual',
      dueDate: '2027-04-01',
      attachmentIds: [plan.id],
    });
    expect(updated.json().attachments.map((f: { id: string }) => f.id)).toEqual([plan.id]);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, manual.id))).toEqual([]);

    expect((await api.call('DELETE', cookies.moderator, `/tasks/${task.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, plan.id))).toEqual([]);
  });

  it('lets a team read the attachments of a task it sees, and not of one restricted to another type', async () => {
    const type = (await api.call('POST', cookies.admin, '/team-types', { name: 'Caterer' })).json();
    const team = await api.ownedTeam(cookies.admin, 'Anchor Bakery');
    const open = await upload(cookies.moderator, 'Open.pdf');
    const closed = await upload(cookies.moderator, 'Caterers only.pdf');
    await api.call('POST', cookies.moderator, '/tasks', {
      title: 'Open',
      dueDate: '2027-04-01',
      attachmentIds: [open.id],
    });
    await api.call('POST', cookies.moderator, '/tasks', {
      title: 'Closed',
      dueDate: '2027-04-01',
      teamTypeIds: [type.id],
      attachmentIds: [closed.id],
    });
    expect((await read(team.cookie, open.id)).statusCode).toBe(200);
    expect((await read(team.cookie, closed.id)).statusCode).not.toBe(200);
  });

  it('refuses files of another event, of another purpose, or held by another task; nothing stored', async () => {
    const foreign = await upload(cookies.otherAdmin, 'Theirs.pdf', otherEventId);
    const asset = await upload(cookies.moderator, 'Asset.pdf', eventId, 'asset');
    const held = await upload(cookies.moderator, 'Held.pdf');
    await api.call('POST', cookies.moderator, '/tasks', {
      title: 'Holder',
      dueDate: '2027-04-01',
      attachmentIds: [held.id],
    });
    for (const id of [foreign.id, asset.id, held.id]) {
      const res = await api.call('POST', cookies.moderator, '/tasks', {
        title: 'Thief',
        dueDate: '2027-04-01',
        attachmentIds: [id],
      });
      expect(res.statusCode).toBe(400);
    }
    const list = (await api.call('GET', cookies.moderator, '/tasks?search=thief')).json();
    expect(list.total).toBe(0);
    const bad = await api.call('POST', cookies.moderator, '/tasks', {
      title: 'Bad',
      dueDate: '2027-04-01',
      attachmentIds: ['nope'],
    });
    expect(bad.json().error.message).toBe('Invalid task values');
  });
});
