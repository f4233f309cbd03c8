import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestApp,
  lastEmailTo,
  lastSentTo,
  makeEvent,
  makeUser,
  signIn,
  type TestApp,
} from '../../test/harness';
import { accounts } from '../auth/tables';
import { outboxEmails } from '../emails/tables';
import { memberships, teams } from './tables';
import { teamApi } from './teamTestKit';
import { registeredUserTransfers, registerUserTransfer } from './users/transfer/service';

describe('/admin/users actions: permission, welcome chaser, delete with transfer', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const membership = async (accountId: string, event = eventId) => {
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, event), eq(memberships.accountId, accountId)));
    return row;
  };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin', 'staff'] as const) {
      const user = await makeUser(t, eventId, level);
      ids[level] = user.id;
      cookies[level] = await signIn(t, user.email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  describe('PUT /users/:userId/permissions', () => {
    it('lets an admin change someone else’s level, and the new level takes effect at once', async () => {
      const target = await makeUser(t, eventId, 'user');
      const targetCookie = await signIn(t, target.email);
      expect((await api.call('GET', targetCookie, '/users')).statusCode).toBe(403);
      const res = await api.call('PUT', cookies.admin, `/users/${target.id}/permissions`, {
        permissions: 'moderator',
      });
      expect(res.statusCode).toBe(204);
      expect((await membership(target.id)).permissions).toBe('moderator');
      expect((await api.call('GET', targetCookie, '/users')).statusCode).toBe(200);
    });

    it('refuses one’s own level, a level above one’s own, and a user above one’s own', async () => {
      const own = await api.call('PUT', cookies.admin, `/users/${ids.admin}/permissions`, {
        permissions: 'user',
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe("You can't change your own permission");
      const target = await makeUser(t, eventId, 'user');
      const above = await api.call('PUT', cookies.admin, `/users/${target.id}/permissions`, {
        permissions: 'staff',
      });
      expect(above.statusCode).toBe(403);
      const demoteStaff = await api.call('PUT', cookies.admin, `/users/${ids.staff}/permissions`, {
        permissions: 'user',
      });
      expect(demoteStaff.statusCode).toBe(403);
      expect((await membership(ids.staff)).permissions).toBe('staff');
      expect((await membership(target.id)).permissions).toBe('user');
      // Staff stand above admins, so they may.
      const byStaff = await api.call('PUT', cookies.staff, `/users/${target.id}/permissions`, {
        permissions: 'admin',
      });
      expect(byStaff.statusCode).toBe(204);
    });

    it('is admin only, scoped to the event, and validated', async () => {
      const target = await makeUser(t, eventId, 'user');
      for (const level of ['user', 'reportViewer', 'moderator'] as const) {
        const res = await api.call('PUT', cookies[level], `/users/${target.id}/permissions`, {
          permissions: 'reportViewer',
        });
        expect(res.statusCode).toBe(403);
      }
      const otherAdmin = await api.call('PUT', cookies.otherAdmin, `/users/${target.id}/permissions`, {
        permissions: 'admin',
      });
      // An admin of another event is not a member here: the event itself is unknown to them.
      expect(otherAdmin.statusCode).toBe(404);
      const elsewhere = await makeUser(t, otherEventId, 'user');
      const foreign = await api.call('PUT', cookies.admin, `/users/${elsewhere.id}/permissions`, {
        permissions: 'moderator',
      });
      expect(foreign.statusCode).toBe(404);
      expect((await membership(elsewhere.id, otherEventId)).permissions).toBe('user');
      const bad = await api.call('PUT', cookies.admin, `/users/${target.id}/permissions`, {
        permissions: 'owner',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Invalid user');
      expect((await membership(target.id)).permissions).toBe('user');
    });
  });

  describe('POST /users/:userId/welcome-chaser', () => {
    it('sends a new set-password link to someone who never signed in; the old link stops working', async () => {
      const team = await api.createTeam(cookies.admin, 'Chased Ltd');
      const first = lastSentTo(t, team.email)?.links[0] ?? '';
      const res = await api.call('POST', cookies.moderator, `/users/${team.ownerId}/welcome-chaser`);
      expect(res.statusCode).toBe(204);
      const chaser = await lastEmailTo(t, team.email);
      expect(chaser.kind).toBe('welcomeChaser');
      expect(chaser.subject).toBe('Reminder: your Expo 2027 account is waiting');
      const link = lastSentTo(t, team.email)?.links[0];
      expect(link).toMatch(new RegExp(`^${APP_URL}/auth/set-password\\?token=`));
      expect(link).not.toBe(first);
      const oldToken = new URL(first).searchParams.get('token');
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token: oldToken, password: 'a-brand-new-password-1' },
      });
      expect(old.statusCode).toBeGreaterThanOrEqual(400);
    });

    it('sends a sign-in link when the account already has a password', async () => {
      const person = await makeUser(t, eventId, 'user');
      const res = await api.call('POST', cookies.admin, `/users/${person.id}/welcome-chaser`);
      expect(res.statusCode).toBe(204);
      const chaser = await lastEmailTo(t, person.email);
      expect(chaser.kind).toBe('welcomeChaser');
      expect(chaser.links).toEqual([`${APP_URL}/auth/login`]);
    });

    it('refuses someone who has signed in, lower levels, and another event’s users', async () => {
      const signedIn = await api.call('POST', cookies.admin, `/users/${ids.user}/welcome-chaser`);
      expect(signedIn.statusCode).toBe(409);
      expect(signedIn.json().error.message).toBe('This user has already signed in');
      const team = await api.createTeam(cookies.admin, 'Not Chased Ltd');
      for (const cookie of [cookies.user, cookies.reportViewer]) {
        const res = await api.call('POST', cookie, `/users/${team.ownerId}/welcome-chaser`);
        expect(res.statusCode).toBe(403);
      }
      const byOtherAdmin = await api.call(
        'POST',
        cookies.otherAdmin,
        `/users/${team.ownerId}/welcome-chaser`,
      );
      expect(byOtherAdmin.statusCode).toBe(404);
      const elsewhere = await makeUser(t, otherEventId, 'user', { password: null });
      const foreign = await api.call('POST', cookies.admin, `/users/${elsewhere.id}/welcome-chaser`);
      expect(foreign.statusCode).toBe(404);
      const sent = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, elsewhere.email));
      expect(sent).toEqual([]);
    });
  });

  describe('DELETE /users/:userId?transferToId=', () => {
    it('hands the team to a member of it, runs registered transfers, and deletes the account', async () => {
      const team = await api.createTeam(cookies.admin, 'Handover Ltd');
      const member = await api.memberCookie(cookies.admin, team.id);
      const seen: unknown[] = [];
      registerUserTransfer('test-hook', async (_tx, input) => {
        seen.push(input);
      });
      expect(registeredUserTransfers()).toContain('test-hook');
      const res = await api.call(
        'DELETE',
        cookies.moderator,
        `/users/${team.ownerId}?transferToId=${member.id}`,
      );
      expect(res.statusCode).toBe(204);
      expect(seen).toEqual([{ eventId, fromAccountId: team.ownerId, toAccountId: member.id }]);
      const [row] = await t.ctx.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row.ownerId).toBe(member.id);
      expect(await membership(member.id)).toMatchObject({ teamId: team.id, teamRole: 'teamOwner' });
      expect(await membership(team.ownerId)).toBeUndefined();
      expect(await t.ctx.db.select().from(accounts).where(eq(accounts.id, team.ownerId))).toEqual([]);
      registerUserTransfer('test-hook', async () => {});
    });

    it('moves ownership to someone with no team, who joins the team', async () => {
      const team = await api.createTeam(cookies.admin, 'Lone Successor Ltd');
      const successor = await makeUser(t, eventId, 'user');
      const res = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${team.ownerId}?transferToId=${successor.id}`,
      );
      expect(res.statusCode).toBe(204);
      expect(await membership(successor.id)).toMatchObject({ teamId: team.id, teamRole: 'teamOwner' });
    });

    it('keeps an account that belongs to another event, and ends its membership here only', async () => {
      const person = await makeUser(t, eventId, 'user');
      await t.ctx.db.transaction(async (tx) => {
        await tx.insert(memberships).values({ eventId: otherEventId, accountId: person.id });
      });
      const res = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${person.id}?transferToId=${ids.moderator}`,
      );
      expect(res.statusCode).toBe(204);
      expect(await membership(person.id)).toBeUndefined();
      expect(await membership(person.id, otherEventId)).toBeDefined();
    });

    it('rolls everything back when a registered transfer fails', async () => {
      const team = await api.createTeam(cookies.admin, 'Rollback Ltd');
      const member = await api.memberCookie(cookies.admin, team.id);
      registerUserTransfer('test-failing', async () => {
        throw new Error('transfer failed');
      });
      const res = await api.call('DELETE', cookies.admin, `/users/${team.ownerId}?transferToId=${member.id}`);
      registerUserTransfer('test-failing', async () => {});
      expect(res.statusCode).toBe(500);
      const [row] = await t.ctx.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row.ownerId).toBe(team.ownerId);
      expect(await membership(team.ownerId)).toBeDefined();
    });

    it('refuses a successor in another team, oneself, a user above, lower levels and bad ids', async () => {
      const team = await api.createTeam(cookies.admin, 'Kept Ltd');
      const other = await api.createTeam(cookies.admin, 'Other Team Ltd');
      const busy = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${team.ownerId}?transferToId=${other.ownerId}`,
      );
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.message).toBe('This user is already in a team');
      const self = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${ids.admin}?transferToId=${ids.moderator}`,
      );
      expect(self.statusCode).toBe(403);
      expect(self.json().error.message).toBe("Can't self delete");
      const above = await api.call(
        'DELETE',
        cookies.moderator,
        `/users/${ids.admin}?transferToId=${ids.user}`,
      );
      expect(above.statusCode).toBe(403);
      for (const cookie of [cookies.user, cookies.reportViewer]) {
        const res = await api.call('DELETE', cookie, `/users/${team.ownerId}?transferToId=${ids.user}`);
        expect(res.statusCode).toBe(403);
      }
      const byOtherAdmin = await api.call(
        'DELETE',
        cookies.otherAdmin,
        `/users/${team.ownerId}?transferToId=${ids.user}`,
      );
      expect(byOtherAdmin.statusCode).toBe(404);
      const missing = await api.call('DELETE', cookies.admin, `/users/${team.ownerId}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe('User ID is not valid');
      const same = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${team.ownerId}?transferToId=${team.ownerId}`,
      );
      expect(same.statusCode).toBe(400);
      const elsewhere = await makeUser(t, otherEventId, 'user');
      const foreignSuccessor = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${team.ownerId}?transferToId=${elsewhere.id}`,
      );
      expect(foreignSuccessor.statusCode).toBe(400);
      expect(foreignSuccessor.json().error.message).toBe('User ID is not valid');
      const foreignUser = await api.call(
        'DELETE',
        cookies.admin,
        `/users/${elsewhere.id}?transferToId=${ids.user}`,
      );
      expect(foreignUser.statusCode).toBe(404);
      expect(await membership(team.ownerId)).toBeDefined();
      expect(await membership(elsewhere.id, otherEventId)).toBeDefined();
    });
  });
});
