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
import { memberships } from './tables';
import { teamApi } from './teamTestKit';

describe('team members and my team', () => {
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

  const person = (email: string, permissions?: string) => ({
    firstName: ' New ',
    surname: ' Member ',
    email,
    ...(permissions ? { permissions } : {}),
  });

  it('an admin adds a member: account created, membership in the team, set-password email', async () => {
    const team = await api.createTeam(cookies.admin, 'Members Ltd');
    const res = await api.call(
      'POST',
      cookies.moderator,
      `/teams/${team.id}/members`,
      person(' NEW.one@Example.test'),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, res.json().id)));
    expect(row).toMatchObject({ teamId: team.id, teamRole: 'teamMember', permissions: 'user' });
    const email = await lastEmailTo(t, 'new.one@example.test');
    expect(email.links[0]).toMatch(new RegExp(`^${APP_URL}/auth/set-password\\?token=`));
  });

  it('refuses users and report viewers outside their own team, and 404s for another event', async () => {
    const team = await api.createTeam(cookies.admin, 'Closed Ltd');
    for (const level of ['user', 'reportViewer']) {
      const res = await api.call(
        'POST',
        cookies[level],
        `/teams/${team.id}/members`,
        person(`${level}@x.test`),
      );
      expect(res.statusCode, level).toBe(403);
    }
    const res = await api.call(
      'POST',
      cookies.otherAdmin,
      `/teams/${team.id}/members`,
      person('x@x.test'),
      otherEventId,
    );
    expect(res.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, 'user@x.test'))).toEqual([]);
  });

  it("refuses bad input with 400 'Invalid user' and stores nothing", async () => {
    const team = await api.createTeam(cookies.admin, 'Strict Ltd');
    for (const body of [
      person('bad'),
      person('ok2@x.test', 'moderator'),
      { email: 'ok3@x.test' },
      { ...person('ok4@x.test'), teamId: team.id },
    ]) {
      const res = await api.call('POST', cookies.admin, `/teams/${team.id}/members`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', message: 'Invalid user' });
    }
    expect((await api.call('GET', cookies.admin, `/teams/${team.id}`)).json().members).toHaveLength(1);
  });

  it('only admins may invite an admin', async () => {
    const team = await api.createTeam(cookies.admin, 'Admin Invite Ltd');
    const byModerator = await api.call(
      'POST',
      cookies.moderator,
      `/teams/${team.id}/members`,
      person('a1@x.test', 'admin'),
    );
    expect(byModerator.statusCode).toBe(403);
    const byAdmin = await api.call(
      'POST',
      cookies.admin,
      `/teams/${team.id}/members`,
      person('a2@x.test', 'admin'),
    );
    expect(byAdmin.statusCode).toBe(201);
  });

  it('refuses a member when the team is full (teamMemberLimit)', async () => {
    await api.setMemberLimit(3);
    const team = await api.createTeam(cookies.admin, 'Small Stand');
    await api.memberCookie(cookies.admin, team.id);
    await api.memberCookie(cookies.admin, team.id);
    const res = await api.call('POST', cookies.admin, `/teams/${team.id}/members`, person('fourth@x.test'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This team is full');
    const detail = (await api.call('GET', cookies.admin, `/teams/${team.id}`)).json();
    expect(detail).toMatchObject({ isFull: true, teamMemberLimit: 3 });
    expect(detail.can.addMember).toBe(false);
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.email, 'fourth@x.test'))).toEqual([]);
    await api.setMemberLimit(15);
  });

  it('a team owner adds members to their own team only; a member who is not the owner cannot', async () => {
    const mine = await api.ownedTeam(cookies.admin, 'Owner Co');
    const other = await api.ownedTeam(cookies.admin, 'Rival Co');
    const ok = await api.call('POST', mine.cookie, `/teams/${mine.id}/members`, person('mine@x.test'));
    expect(ok.statusCode).toBe(201);
    const adminByOwner = await api.call(
      'POST',
      mine.cookie,
      `/teams/${mine.id}/members`,
      person('boss@x.test', 'admin'),
    );
    expect(adminByOwner.statusCode).toBe(403);
    expect(
      (await api.call('POST', mine.cookie, `/teams/${other.id}/members`, person('r@x.test'))).statusCode,
    ).toBe(403);
    expect((await api.call('GET', mine.cookie, `/teams/${other.id}`)).statusCode).toBe(403);
    // A plain member of the team
    const member = await makeUser(t, eventId, 'user');
    await api.call('POST', cookies.admin, `/teams/${mine.id}/members`, person(member.email));
    const memberCookie = await signIn(t, member.email);
    expect(
      (await api.call('POST', memberCookie, `/teams/${mine.id}/members`, person('m@x.test'))).statusCode,
    ).toBe(403);
  });

  it('GET /my-team shows the caller their own team, role and the support email', async () => {
    const mine = await api.ownedTeam(cookies.admin, 'Mine Team');
    const res = await api.call('GET', mine.cookie, '/my-team');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      teamRole: 'teamOwner',
      supportEmail: '',
      team: { id: mine.id, name: 'Mine Team' },
    });
    expect(res.json().team.can).toMatchObject({
      addMember: true,
      edit: false,
      delete: false,
      addStandShare: true,
    });
    const member = await makeUser(t, eventId, 'user');
    await api.call('POST', cookies.admin, `/teams/${mine.id}/members`, person(member.email));
    const asMember = (await api.call('GET', await signIn(t, member.email), '/my-team')).json();
    expect(asMember.teamRole).toBe('teamMember');
    expect(asMember.team.can.addMember).toBe(false);
    expect((await api.call('GET', cookies.reportViewer, '/my-team')).json()).toMatchObject({
      team: null,
      teamRole: null,
    });
    expect((await api.call('GET', cookies.admin, '/my-team', undefined, otherEventId)).statusCode).toBe(404);
  });

  it('a team owner adds a stand share under their own team only', async () => {
    const mine = await api.ownedTeam(cookies.admin, 'Share Parent');
    const other = await api.ownedTeam(cookies.admin, 'Share Rival');
    const body = (email: string) => ({ name: 'Shared', owner: { firstName: 'S', surname: 'S', email } });
    expect(
      (await api.call('POST', mine.cookie, `/teams/${mine.id}/stand-shares`, body('s1@x.test'))).statusCode,
    ).toBe(201);
    expect(
      (await api.call('POST', mine.cookie, `/teams/${other.id}/stand-shares`, body('s2@x.test'))).statusCode,
    ).toBe(403);
    expect(
      (await api.call('POST', cookies.user, `/teams/${other.id}/stand-shares`, body('s3@x.test'))).statusCode,
    ).toBe(403);
  });

  it("a child team's owner cannot manage the parent, nor the parent's owner the child", async () => {
    const parent = await api.ownedTeam(cookies.admin, 'Big Stand');
    const childOwner = await makeUser(t, eventId, 'user');
    const child = await api.call('POST', parent.cookie, `/teams/${parent.id}/stand-shares`, {
      name: 'Small Share',
      owner: { firstName: 'Kid', surname: 'Owner', email: childOwner.email },
    });
    expect(child.statusCode).toBe(201);
    const childCookie = await signIn(t, childOwner.email);
    const childId = child.json().id;
    expect(
      (await api.call('POST', childCookie, `/teams/${parent.id}/members`, person('p1@x.test'))).statusCode,
    ).toBe(403);
    expect(
      (await api.call('POST', parent.cookie, `/teams/${childId}/members`, person('p2@x.test'))).statusCode,
    ).toBe(403);
    expect(
      (await api.call('DELETE', parent.cookie, `/teams/${childId}/members/${childOwner.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await api.call('POST', childCookie, `/teams/${childId}/members`, person('p3@x.test'))).statusCode,
    ).toBe(201);
    const mine = (await api.call('GET', childCookie, '/my-team')).json();
    expect(mine.team).toMatchObject({ standShareRole: 'child', parentTeam: { id: parent.id } });
    expect(mine.team.can.addStandShare).toBe(false);
  });

  it('changes a level only by the one rule: a moderator cannot lower a moderator, nor anyone their own', async () => {
    const team = await api.ownedTeam(cookies.admin, 'Level Ltd');
    const peer = await makeUser(t, eventId, 'moderator');
    expect(
      (await api.call('POST', cookies.admin, `/teams/${team.id}/members`, person(peer.email))).statusCode,
    ).toBe(201);
    const path = `/teams/${team.id}/members/${peer.id}`;
    expect((await api.call('PATCH', cookies.moderator, path, { permissions: 'user' })).statusCode).toBe(403);
    const levelOf = async (accountId: string) =>
      (
        await t.ctx.db
          .select({ permissions: memberships.permissions })
          .from(memberships)
          .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)))
      )[0]?.permissions;
    expect(await levelOf(peer.id)).toBe('moderator');
    const peerCookie = await signIn(t, peer.email);
    expect((await api.call('PATCH', peerCookie, path, { permissions: 'admin' })).statusCode).toBe(403);
    expect((await api.call('PATCH', cookies.admin, path, { permissions: 'user' })).statusCode).toBe(200);
    expect(await levelOf(peer.id)).toBe('user');
  });

  it('edits a member and hands the team over; only moderators and admins may', async () => {
    const team = await api.ownedTeam(cookies.admin, 'Handover Ltd');
    const member = await api.memberCookie(cookies.admin, team.id);
    const path = `/teams/${team.id}/members/${member.id}`;
    expect((await api.call('PATCH', team.cookie, path, { firstName: 'Nope' })).statusCode).toBe(403);
    expect((await api.call('PATCH', cookies.moderator, path, { permissions: 'admin' })).statusCode).toBe(403);
    const res = await api.call('PATCH', cookies.admin, path, {
      firstName: ' Renamed ',
      teamRole: 'teamOwner',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ownerId).toBe(member.id);
    const roles = Object.fromEntries(
      body.members.map((m: { id: string; teamRole: string }) => [m.id, m.teamRole]),
    );
    expect(roles).toEqual({ [member.id]: 'teamOwner', [team.ownerId]: 'teamMember' });
    expect(body.members.find((m: { id: string }) => m.id === member.id).firstName).toBe('Renamed');
    const bad = await api.call('PATCH', cookies.admin, path, { teamRole: 'teamMember' });
    expect(bad.json().error).toMatchObject({ code: 'validation', message: 'Invalid user' });
    const stranger = await makeUser(t, eventId, 'user');
    expect(
      (await api.call('PATCH', cookies.admin, `/teams/${team.id}/members/${stranger.id}`, {})).statusCode,
    ).toBe(404);
  });

  it('removes a member (owner or moderator), never the owner', async () => {
    const team = await api.ownedTeam(cookies.admin, 'Removal Ltd');
    const a = await api.memberCookie(cookies.admin, team.id);
    const b = await api.memberCookie(cookies.admin, team.id);
    expect((await api.call('DELETE', cookies.user, `/teams/${team.id}/members/${a.id}`)).statusCode).toBe(
      403,
    );
    expect((await api.call('DELETE', team.cookie, `/teams/${team.id}/members/${a.id}`)).statusCode).toBe(204);
    expect(
      (await api.call('DELETE', cookies.moderator, `/teams/${team.id}/members/${b.id}`)).statusCode,
    ).toBe(204);
    const owner = await api.call('DELETE', cookies.admin, `/teams/${team.id}/members/${team.ownerId}`);
    expect(owner.statusCode).toBe(409);
    expect((await api.call('GET', cookies.admin, `/teams/${team.id}`)).json().members).toHaveLength(1);
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, a.id)));
    expect(row).toMatchObject({ teamId: null, teamRole: null });
  });
});
