import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { teamApi } from '../../people/teamTestKit';

/** The members' directory: grouped by supplier type, featured first, filtered by team type. */
describe('supplier directory', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  let moderator: string;
  const types: Record<'exhibitor' | 'sponsor', string> = { exhibitor: '', sponsor: '' };
  const members: Record<'exhibitor' | 'sponsor' | 'noTeam', string> = {
    exhibitor: '',
    sponsor: '',
    noTeam: '',
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    for (const name of ['exhibitor', 'sponsor'] as const) {
      types[name] = (await api.call('POST', admin, '/team-types', { name })).json().id;
      const team = await api.ownedTeam(admin, `${name} team`);
      const res = await api.call('PATCH', admin, `/teams/${team.id}`, { teamTypeId: types[name] });
      expect(res.statusCode, res.body).toBe(200);
      members[name] = team.cookie;
    }
    members.noTeam = await signIn(t, (await makeUser(t, eventId, 'user')).email);

    const group = async (title: string) =>
      (await api.call('POST', moderator, '/supplier-groups', { title })).json().id;
    const stands = await group('Stand builders');
    const av = await group('AV & lighting');
    const empty = await group('Empty type');
    const supplier = async (key: string, body: object) => {
      const res = await api.call('POST', moderator, '/suppliers', body);
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().id;
    };
    await supplier('open', { company: 'Open Stands', groupIds: [stands] });
    await supplier('featured', { company: 'Zenith Stands', isFeatured: true, groupIds: [stands] });
    await supplier('exhibitorOnly', {
      company: 'Exhibitor Lighting',
      groupIds: [av],
      showToTeamTypeIds: [types.exhibitor],
      contacts: [
        { firstName: 'Eve', surname: 'Light', email: 'eve@light.example', phone: '+44 1632 960000' },
      ],
    });
    await supplier('notSponsors', { company: 'Crates Ltd', hideFromTeamTypeIds: [types.sponsor] });
    await supplier('archived', { company: 'Gone Ltd', groupIds: [stands] });
    await api.call('POST', moderator, `/suppliers/${ids.archived}/archive`, {});
    expect(empty).toBeTruthy();
  });
  afterAll(() => t.close());

  const directory = async (cookie: string) => {
    const res = await api.call('GET', cookie, '/supplier-directory');
    expect(res.statusCode).toBe(200);
    return (res.json().sections as { title: string; suppliers: { company: string }[] }[]).map((s) => [
      s.title,
      s.suppliers.map((x) => x.company),
    ]);
  };

  it('groups by supplier type with featured first and Unassigned last, for a member of the shown type', async () => {
    expect(await directory(members.exhibitor)).toEqual([
      ['AV & lighting', ['Exhibitor Lighting']],
      ['Stand builders', ['Zenith Stands', 'Open Stands']],
      ['Unassigned', ['Crates Ltd']],
    ]);
  });

  it('filters by team type: shown-to and hidden-from apply; no team sees only unrestricted ones', async () => {
    expect(await directory(members.sponsor)).toEqual([['Stand builders', ['Zenith Stands', 'Open Stands']]]);
    expect(await directory(members.noTeam)).toEqual([
      ['Stand builders', ['Zenith Stands', 'Open Stands']],
      ['Unassigned', ['Crates Ltd']],
    ]);
  });

  it('shows moderators every supplier that is not archived', async () => {
    const all = (await directory(moderator)).flatMap(([, companies]) => companies);
    expect(all.sort()).toEqual(['Crates Ltd', 'Exhibitor Lighting', 'Open Stands', 'Zenith Stands']);
  });

  it('opens a supplier page with contacts only for those who may see it', async () => {
    const page = await api.call('GET', members.exhibitor, `/supplier-directory/${ids.exhibitorOnly}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      company: 'Exhibitor Lighting',
      contacts: [{ firstName: 'Eve', email: 'eve@light.example', phone: '+44 1632 960000' }],
      groups: [{ title: 'AV & lighting' }],
    });
    expect(
      (await api.call('GET', members.sponsor, `/supplier-directory/${ids.exhibitorOnly}`)).statusCode,
    ).toBe(404);
    expect(
      (await api.call('GET', members.sponsor, `/supplier-directory/${ids.notSponsors}`)).statusCode,
    ).toBe(404);
    expect((await api.call('GET', members.noTeam, `/supplier-directory/${ids.archived}`)).statusCode).toBe(
      404,
    );
    expect((await api.call('GET', moderator, `/supplier-directory/${ids.exhibitorOnly}`)).statusCode).toBe(
      200,
    );
  });

  it('follows a change of team type at once', async () => {
    const res = await api.call('PUT', moderator, `/suppliers/${ids.exhibitorOnly}`, {
      company: 'Exhibitor Lighting',
      showToTeamTypeIds: [types.sponsor],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sponsor = (await directory(members.sponsor)).flatMap(([, companies]) => companies);
    expect(sponsor).toContain('Exhibitor Lighting');
    const exhibitor = (await directory(members.exhibitor)).flatMap(([, companies]) => companies);
    expect(exhibitor).not.toContain('Exhibitor Lighting');
  });

  it('needs a signed-in member of the event', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/supplier-directory` })).statusCode,
    ).toBe(401);
    const otherEvent = await makeEvent(t, 'Elsewhere');
    const outsider = await signIn(t, (await makeUser(t, otherEvent, 'admin')).email);
    expect((await api.call('GET', outsider, '/supplier-directory')).statusCode).toBe(404);
  });
});
