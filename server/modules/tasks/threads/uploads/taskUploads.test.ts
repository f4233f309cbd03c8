import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../../test/harness';
import { uploadAs } from '../../../files/fileTestKit';
import { makePdf } from '../../../files/samples';
import { files } from '../../../files/tables';
import { taskStatuses } from '../../tables';
import { teamTaskWorld } from '../../teamTaskTestKit';
import { releaseTaskUploads } from './service';

describe("a team's uploads for an upload task", () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let member: Awaited<ReturnType<typeof w.member>>;
  let taskId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    member = await w.member(w.exhibitor.id, 'Nadia', 'Okafor');
    taskId = (await w.newTask({ title: 'Send your menu', type: 'upload' })).id;
  });
  afterAll(() => t.close());

  const uploads = (teamId = w.exhibitor.id, task = taskId) => `/tasks/${task}/teams/${teamId}/uploads`;
  const upload = async (cookie: string, name = 'menu.pdf') => {
    const res = await uploadAs(t, cookie, eventId, 'taskUpload', name, makePdf(['Our menu']));
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as { id: string };
  };
  const status = async () =>
    (await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.taskId, taskId))).find(
      (s) => s.teamId === w.exhibitor.id,
    );

  it('claims an uploaded file for the team, completes the task, and shows it to the team and organisers only', async () => {
    const file = await upload(member.cookie);
    const res = await w.api.call('POST', member.cookie, uploads(), { fileId: file.id });
    expect(res.statusCode).toBe(201);
    const added = res.json();
    expect(added).toMatchObject({ fileId: file.id, name: 'menu.pdf', uploadedByName: 'Nadia Okafor' });
    expect((await status())?.progressStatus).toBe('complete');

    const listed = (await w.api.call('GET', w.exhibitor.cookie, uploads())).json();
    expect(listed.items.map((u: { fileId: string }) => u.fileId)).toEqual([file.id]);
    expect((await w.api.call('GET', w.moderator.cookie, uploads())).json().items).toHaveLength(1);
    expect((await w.api.call('GET', w.sponsor.cookie, uploads())).statusCode).toBe(404);

    // Reading the file itself: the team and organisers, not another team, not a guest.
    const read = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: added.url, headers: cookie ? { cookie } : {} });
    expect((await read(w.exhibitor.cookie)).statusCode).toBe(200);
    expect((await read(w.moderator.cookie)).statusCode).toBe(200);
    expect((await read(w.sponsor.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${file.id}` })).statusCode).not.toBe(
      200,
    );
  });

  it("refuses another team's file, a claimed file, a non-upload task, organisers, and bad ids; nothing stored", async () => {
    // Another person's unclaimed upload is not the member's to hand in.
    const theirs = await upload(w.sponsor.cookie, 'sponsor.pdf');
    const stolen = await w.api.call('POST', member.cookie, uploads(), { fileId: theirs.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe('The uploaded file was not found. Upload it again');
    // A file already handed in cannot be handed in again for another task.
    const sponsorTask = await w.newTask({ title: 'Sponsor upload', type: 'upload' });
    await w.api.call('POST', w.sponsor.cookie, uploads(w.sponsor.id, sponsorTask.id), { fileId: theirs.id });
    const mine = await upload(member.cookie, 'again.pdf');
    await w.api.call('POST', member.cookie, uploads(), { fileId: mine.id });
    const twice = await w.api.call('POST', member.cookie, uploads(w.exhibitor.id, sponsorTask.id), {
      fileId: mine.id,
    });
    expect(twice.statusCode).toBe(400);
    const reclaim = await w.api.call('POST', member.cookie, uploads(), { fileId: mine.id });
    expect(reclaim.statusCode).toBe(400);

    const plain = await w.newTask({ title: 'Plain' });
    const fresh = await upload(member.cookie, 'plain.pdf');
    const wrongType = await w.api.call('POST', member.cookie, uploads(w.exhibitor.id, plain.id), {
      fileId: fresh.id,
    });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().error.message).toBe('This task does not take uploads');
    const organiser = await w.api.call('POST', w.moderator.cookie, uploads(), { fileId: fresh.id });
    expect(organiser.statusCode).toBe(403);
    expect((await w.api.call('POST', member.cookie, uploads(), { fileId: 'nope' })).statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, fresh.id));
    expect(row.ownerId).toBeNull();

    const other = await makeEvent(t, 'Elsewhere');
    const otherAdmin = await signIn(t, (await makeUser(t, other, 'admin')).email);
    expect((await w.api.call('GET', otherAdmin, uploads(), undefined, other)).statusCode).toBe(404);
  });

  it('removes an upload with its file; removing the last one sets the task back to incomplete', async () => {
    const listed = (await w.api.call('GET', member.cookie, uploads())).json().items as {
      id: string;
      fileId: string;
    }[];
    expect((await w.api.call('DELETE', w.sponsor.cookie, `${uploads()}/${listed[0].id}`)).statusCode).toBe(
      404,
    );
    for (const [i, u] of listed.entries()) {
      expect((await w.api.call('DELETE', member.cookie, `${uploads()}/${u.id}`)).statusCode).toBe(204);
      expect(await t.ctx.db.select().from(files).where(eq(files.id, u.fileId))).toEqual([]);
      expect((await status())?.progressStatus).toBe(i === listed.length - 1 ? 'incomplete' : 'complete');
    }
    const gone = await w.api.call('DELETE', member.cookie, `${uploads()}/${listed[0].id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Upload not found');
  });
  it('releases the files of every team when a task goes', async () => {
    const task = await w.newTask({ title: 'Going away', type: 'upload' });
    const file = await upload(member.cookie, 'bye.pdf');
    await w.api.call('POST', member.cookie, uploads(w.exhibitor.id, task.id), { fileId: file.id });
    await t.ctx.db.transaction((tx) => releaseTaskUploads(tx, t.ctx, eventId, task.id));
    expect(await t.ctx.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
  });
});
