import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/harness';
import { type ScaleSeedResult, seedScale } from './scale';

describe('scale seed', () => {
  let t: TestApp;
  let seeded: ScaleSeedResult;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedScale(t.ctx.db, { teams: 30, appUrl: 'https://portal.example.test' });
    admin = await signIn(t, seeded.adminEmail, seeded.password);
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${seeded.eventId}${path}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };

  it('makes N teams of several types with an owner and two members each, and one admin', async () => {
    expect(seeded).toMatchObject({ teams: 30, users: 90 });
    const list = await get('/teams?sort=name');
    expect(list.total).toBe(30);
    expect(list.items.every((team: { membersCount: number }) => team.membersCount === 3)).toBe(true);
    expect((await get('/users')).total).toBe(91);
    const types = (await get('/team-types')).items as { teamsCount: number }[];
    expect(types.length).toBeGreaterThanOrEqual(4);
    expect(types.reduce((sum, type) => sum + type.teamsCount, 0)).toBe(30);
    expect((await get('/teams?standShare=child')).total).toBe(1);
    expect((await get('/users?notLoggedIn=true')).total).toBeGreaterThan(0);
  });

  it('spreads form submissions evenly over the teams when asked, one in five a draft', async () => {
    const db = t.ctx.db;
    const made = await seedScale(db, { teams: 10, tasks: 3, submissions: 25, appUrl: 'https://x.test' });
    expect(made.submissions).toBe(25);
    const perTeam = await db.execute(sql`
      select count(*)::int as n, count(*) filter (where is_draft)::int as drafts,
        count(distinct form_id)::int as forms
      from form_submissions where event_id = ${made.eventId} group by team_id`);
    const rows = (perTeam as unknown as { rows: { n: number; drafts: number; forms: number }[] }).rows;
    expect(rows.map((r) => r.n).sort()).toEqual([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    expect(rows.every((r) => r.forms === r.n)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.drafts, 0)).toBe(5);
  });

  it('gives every team custom field values, and every account the one printed password', async () => {
    const first = (await get('/teams?sort=name')).items[0] as { id: string };
    const detail = await get(`/teams/${first.id}`);
    expect(detail.fields.map((f: { label: string }) => f.label)).toEqual([
      'Stand number',
      'Needs power',
      'Notes',
    ]);
    expect(detail.fields[0].value).toMatch(/^[A-F]\d+$/);
    expect(typeof detail.fields[1].value).toBe('boolean');
    const member = detail.members.find((m: { teamRole: string }) => m.teamRole === 'teamMember');
    await expect(signIn(t, member.email, seeded.password)).resolves.toMatch(/^portal_session=/);
    expect(seeded.summary).toContain(seeded.password);
  });
});
