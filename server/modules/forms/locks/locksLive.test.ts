import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../shared/auth/permissions';
import { reaches } from '../../../platform/live/audience';
import { type LiveWorld, liveWorld, settle } from '../../../test/liveKit';
import type { StreamReader } from '../../live/streamClient';
import { formsApi } from '../formsTestKit';
import { formsPolicy } from '../policy';
import { lockReaders } from './live';

describe('who an edit lock signal reaches', () => {
  const viewer = fc.record({
    accountId: fc.constant('me'),
    level: fc.constantFrom(...PERMISSIONS),
    teamId: fc.option(fc.constant('t1')),
    teamTypeId: fc.option(fc.constant('tt1')),
  });
  it('a form lock reaches exactly those who may open the form builder, a group lock the group builder', () => {
    fc.assert(
      fc.property(viewer, (member) => {
        const actor = { permissions: member.level } as never;
        expect(reaches(lockReaders('form'), member)).toBe(formsPolicy.manageForms(actor));
        expect(reaches(lockReaders('fieldGroup'), member)).toBe(formsPolicy.manageFieldGroups(actor));
      }),
    );
  });
});

describe('edit locks over the event stream', () => {
  let w: LiveWorld;
  let api: ReturnType<typeof formsApi>;
  const cookies: Record<string, string> = {};
  /** Everyone who might hear: the two editors, a report viewer, a team member, another event's admin. */
  const listenAll = async () => {
    const [maya, omar, nina, ruth, team, outsider] = await Promise.all([
      w.listen(cookies.maya),
      w.listen(cookies.omar),
      w.listen(cookies.nina),
      w.listen(cookies.ruth),
      w.listen(cookies.team),
      w.listen(cookies.outsider, w.otherEventId),
    ]);
    return { maya, omar, nina, ruth, team, outsider };
  };
  const types = (reader: StreamReader) => reader.messages.map((m) => m.type);

  beforeAll(async () => {
    w = await liveWorld();
    api = formsApi(w.t, w.eventId);
    cookies.maya = await w.member('moderator');
    cookies.omar = await w.member('admin');
    cookies.nina = await w.member('moderator');
    cookies.ruth = await w.member('reportViewer');
    cookies.team = await w.member('user');
    cookies.outsider = await w.member('admin', w.otherEventId);
  });
  afterAll(() => w.close());

  it('a form lock taken, refreshed and released reaches the moderators and admins of the event only', async () => {
    const made = await api.createForm(cookies.maya, 'Catering');
    const lock = `/forms/${made.form.id}/lock`;
    const s = await listenAll();

    expect((await api.call('POST', cookies.maya, lock)).statusCode).toBe(200);
    await Promise.all([s.omar.waitFor(1), s.nina.waitFor(1), s.maya.waitFor(1)]);
    // Asking who holds it changes nothing and signals nothing; nor does releasing another's lock.
    expect((await api.call('POST', cookies.nina, lock)).json().lock).toMatchObject({ isMine: false });
    expect((await api.call('DELETE', cookies.nina, lock)).statusCode).toBe(204);
    // Bad input and another event's id: refused, nothing stored, nothing signalled.
    expect((await api.call('POST', cookies.nina, '/forms/not-an-id/lock')).statusCode).toBe(400);
    expect((await api.call('POST', cookies.outsider, lock, {}, w.otherEventId)).statusCode).toBe(404);
    // A team member may not take it.
    expect((await api.call('POST', cookies.team, lock)).statusCode).toBe(403);
    await settle();
    expect(types(s.omar)).toEqual(['editLocks']);

    expect((await api.call('PUT', cookies.maya, lock)).statusCode).toBe(200);
    await s.omar.waitFor(2);
    expect((await api.call('DELETE', cookies.maya, lock)).statusCode).toBe(204);
    await Promise.all([s.omar.waitFor(3), s.nina.waitFor(3)]);
    await settle();
    for (const editor of [s.maya, s.omar, s.nina])
      expect(types(editor)).toEqual(['editLocks', 'editLocks', 'editLocks']);
    expect(s.ruth.messages).toEqual([]);
    expect(s.team.messages).toEqual([]);
    expect(s.outsider.messages).toEqual([]);
  });

  it('a field group lock reaches the admins only, not the moderators', async () => {
    const group = await api.createGroup(cookies.omar, 'Guest details');
    const s = await listenAll();
    expect(
      (await api.call('POST', cookies.maya, `/field-groups/${group.fieldGroup.id}/lock`)).statusCode,
    ).toBe(403);
    expect(
      (await api.call('POST', cookies.omar, `/field-groups/${group.fieldGroup.id}/lock`)).statusCode,
    ).toBe(200);
    await s.omar.waitFor(1);
    await settle();
    expect(types(s.omar)).toEqual(['editLocks']);
    for (const other of [s.maya, s.nina, s.ruth, s.team, s.outsider]) expect(other.messages).toEqual([]);
  });
});
