import { eq } from 'drizzle-orm';
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
import { teams } from './tables';
import { teamApi } from './teamTestKit';

describe('bulk team delete, /my-team settings, required fields, the existing-user welcome', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  const field: Record<string, string> = {};

  const standValue = (value: string) => ({ customFields: { [field.stand]: value } });
  const stored = async (teamId: string) =>
    (await t.ctx.db.select().from(teams).where(eq(teams.id, teamId)))[0]?.customFields;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const add = async (label: string, extra: object) => {
      const res = await api.call('POST', cookies.admin, '/custom-fields', { label, ...extra });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().id as string;
    };
    field.stand = await add('Stand number', { type: 'text', showToChildTeams: true, isRequired: true });
    field.vat = await add('VAT number', { type: 'text' });
    field.power = await add('Needs power', { type: 'boolean', showToChildTeams: true });
    field.hidden = await add('Internal note', { type: 'text', showField: false });
  });
  afterAll(() => t.close());

  describe('required custom fields', () => {
    it('refuses an admin’s new team with a required field empty, and stores nothing', async () => {
      const res = await api.call('POST', cookies.admin, '/teams', {
        name: 'No Stand Ltd',
        owner: { firstName: 'No', surname: 'Stand', email: 'no.stand@example.test' },
        customFields: { [field.stand]: '  ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Stand number is required');
      const rows = await t.ctx.db.select().from(teams).where(eq(teams.name, 'No Stand Ltd'));
      expect(rows).toEqual([]);
    });

    it('refuses emptying it on edit, but lets a rename through without values', async () => {
      const team = await api.createTeam(cookies.admin, 'Stand Ltd', {
        customFields: { [field.stand]: 'A1' },
      });
      const empty = await api.call('PATCH', cookies.moderator, `/teams/${team.id}`, {
        customFields: { [field.stand]: '' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Stand number is required');
      expect((await stored(team.id))?.[field.stand]).toBe('A1');
      const rename = await api.call('PATCH', cookies.moderator, `/teams/${team.id}`, {
        name: 'Stand Two Ltd',
      });
      expect(rename.statusCode).toBe(200);
    });
  });

  describe('PATCH /my-team', () => {
    it('lets the owner save the fields the team sees, and members only read them', async () => {
      const team = await api.ownedTeam(cookies.admin, 'Owner Edits', standValue('B0'));
      await api.call('PATCH', cookies.admin, `/teams/${team.id}`, {
        customFields: { [field.stand]: 'B2', [field.hidden]: 'organisers only' },
      });
      const mine = (await api.call('GET', team.cookie, '/my-team')).json();
      expect(mine.team.fields.map((f: { label: string }) => f.label)).toEqual([
        'Stand number',
        'VAT number',
        'Needs power',
      ]);
      const res = await api.call('PATCH', team.cookie, '/my-team', {
        customFields: { [field.vat]: 'GB123', [field.power]: true },
      });
      expect(res.statusCode).toBe(200);
      expect(await stored(team.id)).toMatchObject({
        [field.stand]: 'B2',
        [field.vat]: 'GB123',
        [field.power]: true,
        [field.hidden]: 'organisers only',
      });

      const member = await makeUser(t, eventId, 'user');
      await api.call('POST', team.cookie, `/teams/${team.id}/members`, {
        firstName: 'Mem',
        surname: 'Ber',
        email: member.email,
      });
      const memberCookie = await signIn(t, member.email);
      const byMember = await api.call('PATCH', memberCookie, '/my-team', {
        customFields: { [field.vat]: 'X' },
      });
      expect(byMember.statusCode).toBe(403);
      expect((await stored(team.id))?.[field.vat]).toBe('GB123');
    });

    it('refuses a hidden field, a wrong kind of value, an empty required field and no team', async () => {
      const team = await api.ownedTeam(cookies.admin, 'Owner Refused', standValue('C0'));
      await api.call('PATCH', cookies.admin, `/teams/${team.id}`, { customFields: { [field.stand]: 'C3' } });
      const hidden = await api.call('PATCH', team.cookie, '/my-team', {
        customFields: { [field.hidden]: 'peek' },
      });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().error.message).toBe('Invalid team');
      const wrongKind = await api.call('PATCH', team.cookie, '/my-team', {
        customFields: { [field.power]: 'yes' },
      });
      expect(wrongKind.statusCode).toBe(400);
      const required = await api.call('PATCH', team.cookie, '/my-team', {
        customFields: { [field.stand]: '' },
      });
      expect(required.statusCode).toBe(400);
      expect(required.json().error.message).toBe('Stand number is required');
      const badShape = await api.call('PATCH', team.cookie, '/my-team', { values: {} });
      expect(badShape.statusCode).toBe(400);
      expect((await stored(team.id))?.[field.stand]).toBe('C3');
      const noTeam = await api.call('PATCH', cookies.user, '/my-team', { customFields: {} });
      expect(noTeam.statusCode).toBe(404);
      const otherEvent = await api.call('PATCH', team.cookie, '/my-team', { customFields: {} }, otherEventId);
      expect(otherEvent.statusCode).toBe(404);
    });

    it('shows and saves only showToChildTeams fields for a child team', async () => {
      const parent = await api.createTeam(cookies.admin, 'Parent Stand', {
        customFields: { [field.stand]: 'D4' },
      });
      const childOwner = await makeUser(t, eventId, 'user');
      const created = await api.call('POST', cookies.admin, `/teams/${parent.id}/stand-shares`, {
        name: 'Child Share',
        owner: { firstName: 'Child', surname: 'Owner', email: childOwner.email },
        customFields: { [field.stand]: 'D4-a' },
      });
      expect(created.statusCode).toBe(201);
      const cookie = await signIn(t, childOwner.email);
      const mine = (await api.call('GET', cookie, '/my-team')).json();
      expect(mine.team.fields.map((f: { label: string }) => f.label)).toEqual([
        'Stand number',
        'Needs power',
      ]);
      const vat = await api.call('PATCH', cookie, '/my-team', { customFields: { [field.vat]: 'GB9' } });
      expect(vat.statusCode).toBe(400);
      const ok = await api.call('PATCH', cookie, '/my-team', { customFields: { [field.power]: true } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().team.fields).toContainEqual(
        expect.objectContaining({ label: 'Needs power', value: true }),
      );
    });
  });

  describe('POST /teams/bulk-delete', () => {
    const fields = () => ({ customFields: { [field.stand]: 'Z9' } });

    it('deletes the chosen teams and reports each refused one with the spec’s reason', async () => {
      const plain = await api.createTeam(cookies.admin, 'Bulk Plain', fields());
      const parent = await api.createTeam(cookies.admin, 'Bulk Parent', fields());
      const share = await api.call('POST', cookies.admin, `/teams/${parent.id}/stand-shares`, {
        name: 'Bulk Share',
        owner: { firstName: 'S', surname: 'Hare', email: 'bulk.share@example.test' },
        ...fields(),
      });
      const kept = await api.createTeam(cookies.admin, 'Bulk Kept Parent', fields());
      await api.call('POST', cookies.admin, `/teams/${kept.id}/stand-shares`, {
        name: 'Bulk Kept Share',
        owner: { firstName: 'K', surname: 'Ept', email: 'bulk.kept@example.test' },
        ...fields(),
      });
      const own = await api.ownedTeam(cookies.admin, 'Bulk Own', fields());
      await api.call('PUT', cookies.admin, `/users/${own.ownerId}/permissions`, { permissions: 'moderator' });
      const theirs = await api.createTeam(cookies.otherAdmin, 'Their Team', {}, otherEventId);

      const res = await api.call('POST', own.cookie, '/teams/bulk-delete', {
        teamIds: [plain.id, parent.id, share.json().id, kept.id, own.id, theirs.id],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(new Set(body.deleted)).toEqual(new Set([plain.id, parent.id, share.json().id]));
      expect(body.failed).toEqual(
        expect.arrayContaining([
          {
            teamId: kept.id,
            name: 'Bulk Kept Parent',
            message: "Can't delete a team with stand shares still in it",
          },
          { teamId: own.id, name: 'Bulk Own', message: "Can't self delete" },
          { teamId: theirs.id, name: null, message: 'Team not found' },
        ]),
      );
      expect(body.failed).toHaveLength(3);
      expect(await stored(theirs.id)).toBeDefined();
      expect(await stored(kept.id)).toBeDefined();
      expect(await stored(plain.id)).toBeUndefined();
    });

    it('is for moderators and above, in their own event, with a list of ids', async () => {
      const team = await api.createTeam(cookies.admin, 'Bulk Guarded', fields());
      for (const level of ['user', 'reportViewer'] as const) {
        const res = await api.call('POST', cookies[level], '/teams/bulk-delete', { teamIds: [team.id] });
        expect(res.statusCode).toBe(403);
      }
      const other = await api.call('POST', cookies.otherAdmin, '/teams/bulk-delete', { teamIds: [team.id] });
      expect(other.statusCode).toBe(404);
      for (const payload of [{ teamIds: [] }, { teamIds: ['nope'] }, {}]) {
        const res = await api.call('POST', cookies.admin, '/teams/bulk-delete', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Invalid team');
      }
      expect(await stored(team.id)).toBeDefined();
    });
  });

  describe('the existing-user welcome', () => {
    it('sends a sign-in link, not a set-password link, to an account that already has a password', async () => {
      const elsewhere = await makeUser(t, otherEventId, 'user', { firstName: 'Existing' });
      const res = await api.call('POST', cookies.admin, '/teams', {
        name: 'Existing Owner Ltd',
        owner: { firstName: 'Ignored', surname: 'Name', email: elsewhere.email },
        customFields: { [field.stand]: 'E5' },
      });
      expect(res.statusCode).toBe(201);
      const email = await lastEmailTo(t, elsewhere.email);
      expect(email.kind).toBe('existingWelcome');
      expect(email.subject).toBe('You have been added to Expo 2027');
      expect(email.links).toEqual([`${APP_URL}/auth/login`]);
      expect(email.text).toContain('Hello Existing,');
      expect(email.text).toContain('as a member of Existing Owner Ltd');
      expect(email.text).not.toContain('set-password');
    });

    it('also greets an existing account invited as a team member', async () => {
      const team = await api.createTeam(cookies.admin, 'Invite Existing Ltd', standValue('G7'));
      const elsewhere = await makeUser(t, otherEventId, 'user');
      const res = await api.call('POST', cookies.admin, `/teams/${team.id}/members`, {
        firstName: 'A',
        surname: 'B',
        email: elsewhere.email,
      });
      expect(res.statusCode).toBe(201);
      expect((await lastEmailTo(t, elsewhere.email)).kind).toBe('existingWelcome');
    });

    it('still sends a set-password link to an existing account without a password', async () => {
      const noPassword = await makeUser(t, otherEventId, 'user', { password: null });
      await api.call('POST', cookies.admin, '/teams', {
        name: 'No Password Ltd',
        owner: { firstName: 'N', surname: 'P', email: noPassword.email },
        customFields: { [field.stand]: 'F6' },
      });
      expect((await lastEmailTo(t, noPassword.email)).kind).toBe('setPassword');
    });
  });
});
