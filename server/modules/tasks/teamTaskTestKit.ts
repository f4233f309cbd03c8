import { makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';

/**
 * A test event for the team side of tasks: an admin, a moderator, an exhibitor team with its owner
 * and a member, and a sponsor team of another type, each person able to sign in.
 */
export async function teamTaskWorld(t: TestApp, eventId: string) {
  const api = teamApi(t, eventId);
  const admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
  const moderatorUser = await makeUser(t, eventId, 'moderator', { firstName: 'Mona', surname: 'Rator' });
  const moderator = { id: moderatorUser.id, cookie: await signIn(t, moderatorUser.email) };
  const exhibitorType = (await api.call('POST', admin, '/team-types', { name: 'Exhibitor' })).json()
    .id as string;
  const sponsorType = (await api.call('POST', admin, '/team-types', { name: 'Sponsor' })).json().id as string;
  const exhibitor = await api.ownedTeam(admin, 'Harbour Bakery');
  const sponsor = await api.ownedTeam(admin, 'Big Sponsor');
  await api.call('PATCH', admin, `/teams/${exhibitor.id}`, { teamTypeId: exhibitorType });
  await api.call('PATCH', admin, `/teams/${sponsor.id}`, { teamTypeId: sponsorType });

  /** A member who can sign in: made with a password first, then added to the team by email. */
  async function member(teamId: string, firstName: string, surname: string) {
    const user = await makeUser(t, eventId, 'user', { firstName, surname });
    const res = await api.call('POST', admin, `/teams/${teamId}/members`, {
      firstName,
      surname,
      email: user.email,
      permissions: 'user',
    });
    if (res.statusCode !== 201) throw new Error(`member ${res.statusCode} ${res.body}`);
    return { id: user.id, email: user.email, cookie: await signIn(t, user.email) };
  }

  async function newTask(body: object) {
    const res = await api.call('POST', admin, '/tasks', { dueDate: '2099-01-01', ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json() as { id: string };
  }

  return { api, admin, moderator, exhibitorType, sponsorType, exhibitor, sponsor, member, newTask };
}
