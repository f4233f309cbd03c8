import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastEmailTo,
  makeEvent,
  makeUser,
  signIn,
  type TestApp,
} from '../../../../test/harness';
import { outboxEmails } from '../../../emails/tables';
import { teamTaskWorld } from '../../teamTaskTestKit';
import { taskComments } from '../tables';

type Comment = {
  id: string;
  text: string;
  isPinned: boolean;
  likes: string[];
  likedByMe: boolean;
  author: { name: string; isOrganiser: boolean };
  can: { delete: boolean };
  replies: { id: string; text: string; likes: string[] }[];
};

describe('comments on a task, per team', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let member: Awaited<ReturnType<typeof w.member>>;
  let taskId: string;
  const threadOf = (teamId: string, task = taskId) => `/tasks/${task}/teams/${teamId}/comments`;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    member = await w.member(w.exhibitor.id, 'Nadia', 'Okafor');
    taskId = (await w.newTask({ title: 'Send your logo' })).id;
  });
  afterAll(() => t.close());

  const post = (cookie: string, text: unknown, path = threadOf(w.exhibitor.id)) =>
    w.api.call('POST', cookie, path, { text });
  const list = async (cookie: string, teamId = w.exhibitor.id) => {
    const res = await w.api.call('GET', cookie, threadOf(teamId));
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as { items: Comment[]; members: { id: string }[]; can: { pin: boolean } };
  };

  it('shows a comment to its team and to organisers, never to another team', async () => {
    const res = await post(w.exhibitor.cookie, '  Logo attached below  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Logo attached below', isPinned: false, replies: [] });

    expect((await list(member.cookie)).items.map((c) => c.text)).toEqual(['Logo attached below']);
    const seenByModerator = await list(w.moderator.cookie);
    expect(seenByModerator.items.map((c) => c.text)).toEqual(['Logo attached below']);
    expect(seenByModerator.members.map((m) => m.id)).toEqual(expect.arrayContaining([member.id]));

    // Another team: the exhibitor's thread answers 404, and its own thread is empty.
    const peek = await w.api.call('GET', w.sponsor.cookie, threadOf(w.exhibitor.id));
    expect(peek.statusCode).toBe(404);
    expect((await list(w.sponsor.cookie, w.sponsor.id)).items).toEqual([]);
    const intrude = await post(w.sponsor.cookie, 'Hello from outside');
    expect(intrude.statusCode).toBe(404);
    // Someone in no team sees no team's thread.
    const loner = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    expect((await w.api.call('GET', loner, threadOf(w.exhibitor.id))).statusCode).toBe(404);
    // Organisers write in a team's thread too, marked as organisers.
    const fromOrganiser = await post(w.moderator.cookie, 'Thanks, received');
    expect(fromOrganiser.json().author).toMatchObject({ name: 'Mona Rator', isOrganiser: true });
    // Signed out: 401.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}${threadOf(w.exhibitor.id)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses bad text with the spec's words and stores nothing", async () => {
    const before = (await list(w.exhibitor.cookie)).items.length;
    for (const text of ['   ', '', 'x'.repeat(2001), 42]) {
      const res = await post(w.exhibitor.cookie, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid comment');
    }
    const extra = await w.api.call('POST', w.exhibitor.cookie, threadOf(w.exhibitor.id), {
      text: 'ok',
      isPinned: true,
    });
    expect(extra.statusCode).toBe(400);
    const first = (await list(w.exhibitor.cookie)).items[0];
    const badReply = await post(w.exhibitor.cookie, '', `${threadOf(w.exhibitor.id)}/${first.id}/replies`);
    expect(badReply.statusCode).toBe(400);
    expect(badReply.json().error.message).toBe('Invalid reply');
    expect((await list(w.exhibitor.cookie)).items.length).toBe(before);
  });

  it('answers 404 for another event, an unknown task, and a task the team cannot see', async () => {
    const otherEvent = await makeEvent(t, 'Elsewhere');
    const otherAdmin = await signIn(t, (await makeUser(t, otherEvent, 'admin')).email);
    const foreign = (
      await w.api.call('POST', otherAdmin, '/tasks', { title: 'Foreign', dueDate: '2099-01-01' }, otherEvent)
    ).json();
    expect(
      (await w.api.call('GET', w.exhibitor.cookie, threadOf(w.exhibitor.id, foreign.id))).statusCode,
    ).toBe(404);
    // The exhibitor's ids in the other event's path: not a member there.
    expect(
      (await w.api.call('GET', w.exhibitor.cookie, threadOf(w.exhibitor.id), undefined, otherEvent))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.api.call('GET', otherAdmin, threadOf(w.exhibitor.id), undefined, otherEvent)).statusCode,
    ).toBe(404);
    const sponsorsOnly = await w.newTask({ title: 'Sponsors only', teamTypeIds: [w.sponsorType] });
    const hidden = await post(w.exhibitor.cookie, 'Can I?', threadOf(w.exhibitor.id, sponsorsOnly.id));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('Task not found');
  });

  it('lets a member reply, and likes toggle per user on comments and replies', async () => {
    const comment = (await post(w.exhibitor.cookie, 'Who books the van?')).json() as Comment;
    const replyRes = await post(member.cookie, 'I will', `${threadOf(w.exhibitor.id)}/${comment.id}/replies`);
    expect(replyRes.statusCode).toBe(201);
    const reply = replyRes.json() as Comment;
    // A reply to a reply is refused: threads are one level deep.
    const nested = await post(member.cookie, 'Deeper', `${threadOf(w.exhibitor.id)}/${reply.id}/replies`);
    expect(nested.statusCode).toBe(400);

    const like = (id: string, cookie: string) =>
      w.api.call('POST', cookie, `${threadOf(w.exhibitor.id)}/${id}/like`, {});
    expect((await like(comment.id, member.cookie)).json()).toMatchObject({
      likes: [member.id],
      likedByMe: true,
    });
    await like(comment.id, w.moderator.cookie);
    expect((await like(comment.id, member.cookie)).json()).toMatchObject({
      likes: [w.moderator.id],
      likedByMe: false,
    });
    await like(reply.id, w.exhibitor.cookie);
    const seen = (await list(member.cookie)).items.find((c) => c.id === comment.id);
    expect(seen?.likes).toEqual([w.moderator.id]);
    expect(seen?.replies.map((r) => [r.text, r.likes])).toEqual([['I will', [w.exhibitor.ownerId]]]);
    expect((await like(comment.id, w.sponsor.cookie)).statusCode).toBe(404);
    const unknown = await like('00000000-0000-4000-8000-000000000000', member.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Comment not found');
  });

  it('lets the team owner and organisers pin, not members; pinned comments come first', async () => {
    const older = (await post(member.cookie, 'Pin me later')).json() as Comment;
    const pin = (cookie: string, id: string, isPinned: unknown) =>
      w.api.call('PUT', cookie, `${threadOf(w.exhibitor.id)}/${id}/pin`, { isPinned });
    const refused = await pin(member.cookie, older.id, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the team owner or an organiser can pin comments');
    expect((await list(member.cookie)).can.pin).toBe(false);
    expect((await list(w.exhibitor.cookie)).can.pin).toBe(true);
    expect((await pin(w.exhibitor.cookie, older.id, 'yes')).statusCode).toBe(400);

    expect((await pin(w.exhibitor.cookie, older.id, true)).statusCode).toBe(204);
    let items = (await list(member.cookie)).items;
    expect(items[0]).toMatchObject({ id: older.id, isPinned: true });
    const withReply = items.find((c) => c.replies.length > 0);
    const pinReply = await pin(w.moderator.cookie, withReply?.replies[0].id ?? '', true);
    expect(pinReply.statusCode).toBe(400);
    expect((await pin(w.moderator.cookie, older.id, false)).statusCode).toBe(204);
    items = (await list(member.cookie)).items;
    expect(items.find((c) => c.id === older.id)?.isPinned).toBe(false);
    expect(items[0].id).not.toBe(older.id);
  });

  it('deletes own comments or, for organisers, any; a comment takes its replies with it', async () => {
    const byOwner = (await post(w.exhibitor.cookie, 'Delete me')).json() as Comment;
    const reply = (
      await post(member.cookie, 'A reply', `${threadOf(w.exhibitor.id)}/${byOwner.id}/replies`)
    ).json();
    const del = (cookie: string, id: string) =>
      w.api.call('DELETE', cookie, `${threadOf(w.exhibitor.id)}/${id}`, {});
    const refused = await del(member.cookie, byOwner.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You can only delete your own comments');
    expect((await del(w.sponsor.cookie, byOwner.id)).statusCode).toBe(404);
    expect((await del(w.exhibitor.cookie, byOwner.id)).statusCode).toBe(204);
    const rows = await t.ctx.db.select().from(taskComments).where(eq(taskComments.id, reply.id));
    expect(rows).toEqual([]);

    const byMember = (await post(member.cookie, 'Moderate me')).json() as Comment;
    expect((await list(member.cookie)).items.find((c) => c.id === byMember.id)?.can.delete).toBe(true);
    expect((await del(w.moderator.cookie, byMember.id)).statusCode).toBe(204);
    expect((await list(member.cookie)).items.some((c) => c.id === byMember.id)).toBe(false);
  });

  it('emails a mentioned team member with a link to the task, and nobody outside the team', async () => {
    const res = await post(w.exhibitor.cookie, 'Over to you @nadia okafor, and @Big Sponsor user too');
    expect(res.statusCode).toBe(201);
    const email = await lastEmailTo(t, member.email);
    expect(email?.kind).toBe('commentMention');
    expect(email?.subject).toContain('mentioned you on Send your logo');
    expect(email?.text).toContain('Over to you @nadia okafor');
    expect(email?.links).toEqual([`https://portal.example.test/tasks/${taskId}`]);
    const sponsorEmails = await t.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.eventId, eventId), eq(outboxEmails.kind, 'commentMention')));
    expect(sponsorEmails.map((e) => e.to)).toEqual([member.email]);
    // A reply mentions too; the author mentioning themself gets nothing.
    await post(member.cookie, 'Done @Nadia Okafor', `${threadOf(w.exhibitor.id)}/${res.json().id}/replies`);
    const after = await t.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.eventId, eventId), eq(outboxEmails.kind, 'commentMention')));
    expect(after).toHaveLength(1);
  });
});
