import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../shared/auth/permissions';
import { reaches } from '../../../platform/live/audience';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { openStream, type StreamReader } from '../../live/streamClient';
import { csvFile, importApi } from './importTestKit';
import { importReaders } from './live';
import { teamImportPolicy } from './policy';

const HEADER = ['Team Name', 'First Name', 'Surname', 'Email', 'Team Type', 'Organiser'];
const settle = () => new Promise((done) => setTimeout(done, 150));

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
  let t: TestApp;
  let base: string;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof importApi>;
  const cookies: Record<string, string> = {};
  const open: StreamReader[] = [];
  const listen = async (cookie: string, id = eventId) => {
    const reader = await openStream(base, `/api/events/${id}/stream`, cookie);
    expect(reader.status).toBe(200);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    api = importApi(t, eventId);
    const user = async (level: Parameters<typeof makeUser>[2], event = eventId) =>
      signIn(t, (await makeUser(t, event, level)).email);
    cookies.admin = await user('admin');
    cookies.secondAdmin = await user('admin');
    cookies.moderator = await user('moderator');
    cookies.team = await user('user');
    cookies.outsider = await user('admin', otherEventId);
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

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
      listen(cookies.admin),
      listen(cookies.secondAdmin),
      listen(cookies.moderator),
      listen(cookies.team),
      listen(cookies.outsider, otherEventId),
    ]);
    // Refused starts signal nothing.
    expect((await api.start(cookies.moderator, importId)).statusCode).toBe(403);
    expect((await api.start(cookies.outsider, importId, otherEventId)).statusCode).toBe(404);
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
