import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../shared/auth/permissions';
import { reaches } from '../../../platform/live/audience';
import { type LiveWorld, liveWorld, settle } from '../../../test/liveKit';
import { csvFile, importApi } from './importTestKit';
import { importReaders } from './live';
import { teamImportPolicy } from './policy';

const HEADER = ['Team Name', 'First Name', 'Surname', 'Email', 'Team Type', 'Organiser'];

describe('who a team import signal reaches', () => {
  it('exactly those who may read the import: the admins', () => {
    fc.assert(
      fc.property(
        fc.record({
          accountId: fc.constant('me'),
          level: fc.constantFrom(...PERMISSIONS),
          teamId: fc.option(fc.constant('t1')),
          teamTypeId: fc.option(fc.constant('tt1')),
        }),
        (member) => {
          const actor = { permissions: member.level } as never;
          expect(reaches(importReaders, member)).toBe(teamImportPolicy.importTeams(actor));
        },
      ),
    );
  });
});

describe('team import progress over the event stream', () => {
  let w: LiveWorld;
  let api: ReturnType<typeof importApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    w = await liveWorld();
    api = importApi(w.t, w.eventId);
    cookies.admin = await w.member('admin');
    cookies.secondAdmin = await w.member('admin');
    cookies.moderator = await w.member('moderator');
    cookies.team = await w.member('user');
    cookies.outsider = await w.member('admin', w.otherEventId);
  });
  afterAll(() => w.close());

  it('start, progress and result reach the event’s admins; moderators, teams and another event hear nothing', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => [
      `Live ${i}`,
      'Ana',
      'Live',
      `live${i}@example.test`,
      '',
      '',
    ]);
    const uploaded = await api.upload(cookies.admin, 'teams.csv', csvFile([HEADER, ...rows]));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const importId = uploaded.json().id as string;
    const [admin, second, moderator, team, outsider] = await Promise.all([
      w.listen(cookies.admin),
      w.listen(cookies.secondAdmin),
      w.listen(cookies.moderator),
      w.listen(cookies.team),
      w.listen(cookies.outsider, w.otherEventId),
    ]);
    // Refused starts signal nothing.
    expect((await api.start(cookies.moderator, importId)).statusCode).toBe(403);
    expect((await api.start(cookies.outsider, importId, w.otherEventId)).statusCode).toBe(404);
    expect((await api.start(cookies.admin, 'not-an-id')).statusCode).toBe(400);
    await settle();
    expect(second.messages).toEqual([]);

    expect((await api.start(cookies.admin, importId)).statusCode).toBe(202);
    // Queued (the start), running (the job), and at least the final recount with the result.
    await Promise.all([admin.waitFor(3), second.waitFor(3)]);
    const latest = (await api.get(cookies.secondAdmin, '/latest')).json().import;
    expect(latest).toMatchObject({ state: 'done', doneRows: 3, createdRows: 3 });
    await settle();
    expect(new Set(second.messages.map((m) => m.type))).toEqual(new Set(['teamImport']));
    expect(moderator.messages).toEqual([]);
    expect(team.messages).toEqual([]);
    expect(outsider.messages).toEqual([]);
  });
});
