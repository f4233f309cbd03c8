import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestApp,
  lastEmailTo,
  makeEvent,
  makeUser,
  signIn,
  type TestApp,
} from '../../test/harness';
import { accounts } from '../auth/tables';
import { memberships, teams } from './tables';
import { teamApi } from './teamTestKit';

describe('teams', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  it('creates a team with a new owner, trimmed and lower-cased, and emails a set-password link', async () => {
    const type = (await api.call('POST', cookies.admin, '/team-types', { name: 'Exhibitor' })).json();
    const res = await api.call('POST', cookies.moderator, '/teams', {
      name: '  Harbour Bakery ',
      teamTypeId: type.id,
      isOrganiser: false,
      owner: { firstName: ' Ada ', surname: ' Baker ', email: '  Ada.Baker@Example.TEST ' },
    });
    expect(res.statusCode).toBe(201);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, res.json().ownerId));
    expect(account).toMatchObject({ email: 'ada.baker@example.test', firstName: 'Ada', surname: 'Baker' });
    expect(account.passwordHash).toBeNull();
    const email = await lastEmailTo(t, 'ada.baker@example.test');
    expect(email.kind).toBe('setPassword');
    expect(email.links[0]).toMatch(new RegExp(`^${APP_URL}/auth/set-password\\?token=`));
    const detail = (await api.call('GET', cookies.moderator, `/teams/${res.json().id}`)).json();
    expect(detail).toMatchObject({
      name: 'Harbour Bakery',
      teamTypeName: 'Exhibitor',
      standShareRole: 'none',
      parentTeam: null,
      childTeams: [],
      teamMemberLimit: 15,
    });
    expect(detail.members).toEqual([
      expect.objectContaining({
        email: 'ada.baker@example.test',
        teamRole: 'teamOwner',
        permissions: 'user',
      }),
    ]);
  });

  it('reuses an account from another event and sends the existing-user welcome, not a set-password link', async () => {
    const elsewhere = await makeUser(t, otherEventId, 'user');
    const res = await api.call('POST', cookies.admin, '/teams', {
      name: 'Reused Owner Ltd',
      owner: { firstName: 'Other', surname: 'Name', email: elsewhere.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ownerId).toBe(elsewhere.id);
    const welcome = await lastEmailTo(t, elsewhere.email);
    expect(welcome.kind).toBe('existingWelcome');
    expect(welcome.links).toEqual([`${APP_URL}/auth/login`]);
  });

  it('refuses an owner who is already in a team, and stores nothing', async () => {
    const first = await api.createTeam(cookies.admin, 'First Team');
    const res = await api.call('POST', cookies.admin, '/teams', {
      name: 'Second Team',
      owner: { firstName: 'A', surname: 'B', email: first.email },
    });
    expect(res.statusCode).toBe(409);
    const found = await t.ctx.db
      .select()
      .from(teams)
      .where(and(eq(teams.eventId, eventId), eq(teams.name, 'Second Team')));
    expect(found).toEqual([]);
  });

  it("refuses bad input with 400 'Invalid team' and stores nothing", async () => {
    const before = await t.ctx.db.select().from(teams);
    const owner = { firstName: 'A', surname: 'B', email: 'ok@example.test' };
    for (const body of [
      { name: '', owner },
      { name: 'X' },
      { name: 'X', owner: { ...owner, email: 'not-an-email' } },
      { name: 'X', owner: { ...owner, firstName: ' ' } },
      { name: 'X', owner, standShareRole: 'parent' },
      { name: 'X', owner, teamTypeId: 'nope' },
    ]) {
      const res = await api.call('POST', cookies.admin, '/teams', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', message: 'Invalid team' });
    }
    const theirType = (
      await api.call('POST', cookies.otherAdmin, '/team-types', { name: 'T' }, otherEventId)
    ).json();
    const res = await api.call('POST', cookies.admin, '/teams', {
      name: 'X',
      owner,
      teamTypeId: theirType.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid team type');
    expect(await t.ctx.db.select().from(teams)).toHaveLength(before.length);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, 'ok@example.test'))).toEqual([]);
  });

  it('lets moderators and admins in, refuses users and report viewers', async () => {
    const team = await api.createTeam(cookies.admin, 'Guarded Team');
    for (const level of ['user', 'reportViewer']) {
      expect((await api.call('GET', cookies[level], '/teams')).statusCode, level).toBe(403);
      expect((await api.call('GET', cookies[level], `/teams/${team.id}`)).statusCode, level).toBe(403);
      expect(
        (await api.call('PATCH', cookies[level], `/teams/${team.id}`, { name: 'Hacked' })).statusCode,
      ).toBe(403);
      expect((await api.call('DELETE', cookies[level], `/teams/${team.id}`)).statusCode).toBe(403);
      const create = await api.call('POST', cookies[level], '/teams', {
        name: 'Mine',
        owner: { firstName: 'A', surname: 'B', email: 'mine@example.test' },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await api.call('GET', cookies.moderator, `/teams/${team.id}`)).json().name).toBe('Guarded Team');
  });

  it("answers 404 for another event's team, and for this event's team through another event", async () => {
    const theirs = await api.createTeam(cookies.otherAdmin, 'Their Team', {}, otherEventId);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await api.call(method, cookies.admin, `/teams/${theirs.id}`, { name: 'Mine' });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await api.call('GET', cookies.admin, '/teams', undefined, otherEventId)).statusCode).toBe(404);
    const stand = await api.call('POST', cookies.admin, `/teams/${theirs.id}/stand-shares`, {
      name: 'Sneaky',
      owner: { firstName: 'A', surname: 'B', email: 'sneaky@example.test' },
    });
    expect(stand.statusCode).toBe(404);
  });

  it('edits a team: name, organiser flag and type', async () => {
    const team = await api.createTeam(cookies.admin, 'Editable');
    const type = (await api.call('POST', cookies.admin, '/team-types', { name: 'Sponsor' })).json();
    const res = await api.call('PATCH', cookies.moderator, `/teams/${team.id}`, {
      name: ' Edited ',
      isOrganiser: true,
      teamTypeId: type.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited', isOrganiser: true, teamTypeName: 'Sponsor' });
    const bad = await api.call('PATCH', cookies.moderator, `/teams/${team.id}`, { ownerId: team.ownerId });
    expect(bad.statusCode).toBe(400);
  });

  it('adds a stand share: the parent becomes a parent and the child a child; deleting follows the rules', async () => {
    const parent = await api.createTeam(cookies.admin, 'Parent Stand');
    const res = await api.call('POST', cookies.moderator, `/teams/${parent.id}/stand-shares`, {
      name: 'Child Stand',
      owner: { firstName: 'Cara', surname: 'Child', email: 'cara.child@example.test' },
    });
    expect(res.statusCode).toBe(201);
    const child = res.json();
    const parentDetail = (await api.call('GET', cookies.admin, `/teams/${parent.id}`)).json();
    expect(parentDetail.standShareRole).toBe('parent');
    expect(parentDetail.childTeams).toEqual([{ id: child.id, name: 'Child Stand' }]);
    const childDetail = (await api.call('GET', cookies.admin, `/teams/${child.id}`)).json();
    expect(childDetail).toMatchObject({
      standShareRole: 'child',
      parentTeam: { id: parent.id, name: 'Parent Stand' },
    });
    expect((await lastEmailTo(t, 'cara.child@example.test')).kind).toBe('standShareWelcome');

    const grandchild = await api.call('POST', cookies.admin, `/teams/${child.id}/stand-shares`, {
      name: 'Too Deep',
      owner: { firstName: 'G', surname: 'C', email: 'deep@example.test' },
    });
    expect(grandchild.statusCode).toBe(409);

    const blocked = await api.call('DELETE', cookies.admin, `/teams/${parent.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe("Can't delete a team with stand shares still in it");
    expect((await api.call('DELETE', cookies.admin, `/teams/${child.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.admin, `/teams/${parent.id}`)).json().standShareRole).toBe('none');
    expect((await api.call('DELETE', cookies.admin, `/teams/${parent.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.admin, `/teams/${parent.id}`)).statusCode).toBe(404);
  });

  it("refuses to delete the actor's own team: Can't self delete", async () => {
    const team = await api.createTeam(cookies.admin, 'Organisers');
    // An admin of the event who is also a member of the team.
    const admin = await makeUser(t, eventId, 'admin');
    const added = await api.call('POST', cookies.admin, `/teams/${team.id}/members`, {
      firstName: 'Org',
      surname: 'Admin',
      email: admin.email,
      permissions: 'admin',
    });
    expect(added.statusCode).toBe(201);
    const res = await api.call('DELETE', await signIn(t, admin.email), `/teams/${team.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Can't self delete");
    const detail = (await api.call('GET', cookies.admin, `/teams/${team.id}`)).json();
    expect(detail.members).toHaveLength(2);
  });

  it('deleting a team keeps its members in the event without a team', async () => {
    const team = await api.createTeam(cookies.admin, 'Short Lived');
    const member = await api.memberCookie(cookies.admin, team.id);
    expect((await api.call('DELETE', cookies.moderator, `/teams/${team.id}`)).statusCode).toBe(204);
    const rows = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, member.id)));
    expect(rows).toEqual([expect.objectContaining({ teamId: null, teamRole: null })]);
  });
});
