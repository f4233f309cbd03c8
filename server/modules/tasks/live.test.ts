import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from '../../../shared/auth/permissions';
import { canReadThread } from '../../../shared/tasks/comments';
import { reaches } from '../../platform/live/audience';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { openStream, type StreamReader } from '../live/streamClient';
import { reportsPolicy } from '../reports/policy';
import { submissionReaders } from '../submissions/live';
import { statusReaders, threadReaders } from './live';
import { tasksPolicy } from './policy';
import { teamTaskWorld } from './teamTaskTestKit';

const team = fc.constantFrom('a', 'b', 'c');
const viewer = fc.record({
  accountId: fc.constant('me'),
  level: fc.constantFrom(...PERMISSIONS),
  teamId: fc.option(team),
  teamTypeId: fc.option(team),
});
/** Who may read a team's status: the team itself, the status table (moderator), the reports. */
const mayReadStatus = (v: { level: (typeof PERMISSIONS)[number]; teamId: string | null }, teamId: string) =>
  v.teamId === teamId ||
  tasksPolicy.reviewTasks({ permissions: v.level } as never) ||
  reportsPolicy.readReports({ permissions: v.level } as never);

describe('who a task, comment or submission signal reaches', () => {
  it('a status signal reaches exactly those who may read one of the changed teams’ statuses', () => {
    fc.assert(
      fc.property(fc.uniqueArray(team, { minLength: 1 }), viewer, (teamIds, member) => {
        expect(reaches(statusReaders(teamIds), member)).toBe(teamIds.some((id) => mayReadStatus(member, id)));
      }),
    );
  });

  it('a comment signal reaches exactly the readers of the thread (its team and organisers)', () => {
    fc.assert(
      fc.property(team, viewer, (teamId, member) => {
        const threadViewer = { ...member, isTeamOwner: false };
        expect(reaches(threadReaders(teamId), member)).toBe(canReadThread(threadViewer, teamId));
      }),
    );
  });

  it('a submission signal reaches the team and report viewers and above, no other team', () => {
    fc.assert(
      fc.property(team, viewer, (teamId, member) => {
        const sees = member.teamId === teamId || can(member.level, 'reportViewer');
        expect(reaches(submissionReaders(teamId), member)).toBe(sees);
      }),
    );
  });
});

const settle = () => new Promise((done) => setTimeout(done, 150));

describe('live task screens over the event stream', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  let base: string;
  let outsider: string;
  let otherEventId: string;
  const open: StreamReader[] = [];
  const listen = async (cookie: string, id = eventId) => {
    const reader = await openStream(base, `/api/events/${id}/stream`, cookie);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    otherEventId = await makeEvent(t, 'Other Expo');
    outsider = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

  it('a team completing a task reaches that team and the organisers, not another team nor another event', async () => {
    const task = await w.newTask({ title: 'Send your logo' });
    const [team, organiser, moderator, otherTeam, otherEvent] = await Promise.all([
      listen(w.exhibitor.cookie),
      listen(w.admin),
      listen(w.moderator.cookie),
      listen(w.sponsor.cookie),
      listen(outsider, otherEventId),
    ]);
    const done = await w.api.call('PUT', w.exhibitor.cookie, `/tasks/${task.id}/status`, {
      progressStatus: 'complete',
    });
    expect(done.statusCode, done.body).toBe(200);
    await Promise.all([team.waitFor(1), organiser.waitFor(1), moderator.waitFor(1)]);
    // A refused change stores nothing and signals nothing.
    const bad = await w.api.call('PUT', w.exhibitor.cookie, `/tasks/${task.id}/status`, {
      progressStatus: 'x',
    });
    expect(bad.statusCode).toBe(400);
    await settle();
    expect(team.messages).toEqual([{ type: 'taskStatuses' }]);
    expect(organiser.messages).toEqual([{ type: 'taskStatuses' }]);
    expect(moderator.messages).toEqual([{ type: 'taskStatuses' }]);
    expect(otherTeam.messages).toEqual([]);
    expect(otherEvent.messages).toEqual([]);
  });

  it('an organiser’s approval and a comment reach the team and organisers only', async () => {
    const task = await w.newTask({ title: 'Stand plan', isApprovalNeeded: true });
    await w.api.call('PUT', w.exhibitor.cookie, `/tasks/${task.id}/status`, { progressStatus: 'complete' });
    const [team, moderator, otherTeam] = await Promise.all([
      listen(w.exhibitor.cookie),
      listen(w.moderator.cookie),
      listen(w.sponsor.cookie),
    ]);
    const reviewed = await w.api.call(
      'POST',
      w.moderator.cookie,
      `/tasks/${task.id}/teams/${w.exhibitor.id}/review`,
      {
        decision: 'approved',
        review: 'Looks good',
      },
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const comment = await w.api.call(
      'POST',
      w.exhibitor.cookie,
      `/tasks/${task.id}/teams/${w.exhibitor.id}/comments`,
      {
        text: 'Thank you',
      },
    );
    expect(comment.statusCode, comment.body).toBe(201);
    await Promise.all([team.waitFor(2), moderator.waitFor(2)]);
    await settle();
    expect(team.messages).toEqual([{ type: 'taskStatuses' }, { type: 'comments' }]);
    expect(moderator.messages).toEqual([{ type: 'taskStatuses' }, { type: 'comments' }]);
    expect(otherTeam.messages).toEqual([]);
  });
});
