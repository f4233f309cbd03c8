import { expect } from 'vitest';
import { makeUser, signIn, type TestApp } from '../../test/harness';
import { contentPages, contentPageTeamTypes } from '../content/tables';
import { teamApi } from '../people/teamTestKit';
import { saveTeamTypeIds } from '../people/teamTypes/links/queries';

/**
 * Test helpers for the portal and downloads: cookies per level, team types, teams of a type (and
 * their stand shares) whose owners can sign in, and content pages written straight to their table
 * (the content area's own tests cover making them through its routes).
 */
export function portalKit(t: TestApp, eventId: string) {
  const api = teamApi(t, eventId);

  async function cookiesByLevel() {
    const cookies: Record<'user' | 'reportViewer' | 'moderator' | 'admin', string> = {
      user: '',
      reportViewer: '',
      moderator: '',
      admin: '',
    };
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    return cookies;
  }

  async function teamType(adminCookie: string, name: string): Promise<string> {
    const res = await api.call('POST', adminCookie, '/team-types', { name });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  /** A team of a type whose owner signs in; `parentId` makes it a stand share of that team. */
  async function teamMember(adminCookie: string, name: string, teamTypeId: string | null, parentId?: string) {
    const owner = await makeUser(t, eventId, 'user', { firstName: name });
    const res = await api.call('POST', adminCookie, parentId ? `/teams/${parentId}/stand-shares` : '/teams', {
      name,
      owner: { firstName: name, surname: 'Owner', email: owner.email },
      teamTypeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { teamId: (res.json() as { id: string }).id, cookie: await signIn(t, owner.email) };
  }

  async function contentPage(
    title: string,
    {
      allowedTeamTypeIds = [],
      ...extra
    }: Partial<typeof contentPages.$inferInsert> & {
      allowedTeamTypeIds?: string[];
    } = {},
    event = eventId,
  ): Promise<string> {
    const [row] = await t.ctx.db
      .insert(contentPages)
      .values({ eventId: event, title, isPublished: true, ...extra })
      .returning({ id: contentPages.id });
    await saveTeamTypeIds(t.ctx.db, contentPageTeamTypes, event, row.id, allowedTeamTypeIds);
    return row.id;
  }

  return { ...api, cookiesByLevel, teamType, teamMember, contentPage };
}
