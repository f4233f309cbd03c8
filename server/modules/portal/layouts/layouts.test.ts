import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLayoutCards } from '../../../../shared/portal/cardLayouts';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { portalKit } from '../portalTestKit';
import { cardLayouts } from '../tables';

describe('card layouts', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof portalKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof portalKit>['cookiesByLevel']>>;
  const cards = defaultLayoutCards();

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = portalKit(t, eventId);
    cookies = await kit.cookiesByLevel();
  });
  afterAll(() => t.close());

  const layoutCount = async () =>
    (await t.ctx.db.select().from(cardLayouts).where(eq(cardLayouts.eventId, eventId))).length;

  it('gives every event a default layout of six core-page cards that cannot be deleted', async () => {
    const list = (await kit.call('GET', cookies.admin, '/card-layouts')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Default', isDefault: true, teamTypeIds: [] });
    expect(list[0].cards).toHaveLength(6);
    expect(list[0].cardIds).toEqual(list[0].cards.map((c: { id: string }) => c.id));
    const res = await kit.call('DELETE', cookies.admin, `/card-layouts/${list[0].id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Can't delete the default layout");
    expect(await layoutCount()).toBe(1);
  });

  it('refuses users, report viewers and moderators', async () => {
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      expect((await kit.call('POST', cookies[level], '/card-layouts', { name: 'X', cards })).statusCode).toBe(
        403,
      );
    }
  });

  it('needs exactly six valid cards and a name; nothing stored otherwise', async () => {
    const before = await layoutCount();
    const content = await kit.contentPage('Elsewhere', {}, otherEventId);
    const cases: [object, string][] = [
      [{ name: 'Five', cards: cards.slice(0, 5) }, 'Invalid layout'],
      [{ name: 'Seven', cards: [...cards, cards[0]] }, 'Invalid layout'],
      [{ name: '', cards }, 'Invalid layout'],
      [{ name: 'Bad card', cards: [{ ...cards[0], title: '' }, ...cards.slice(1)] }, 'Invalid card'],
      [{ name: 'Bad link', cards: [{ ...cards[0], pathId: 'nowhere' }, ...cards.slice(1)] }, 'Invalid card'],
      [
        { name: 'Foreign', cards: [{ ...cards[0], type: 'content', pathId: content }, ...cards.slice(1)] },
        'Invalid card',
      ],
      [{ name: 'Extra', cards, surprise: true }, 'Invalid layout'],
    ];
    for (const [body, message] of cases) {
      const res = await kit.call('POST', cookies.admin, '/card-layouts', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await layoutCount()).toBe(before);
  });

  it('assigns a team type to one layout only, and shows members the layout of their team type', async () => {
    const sponsor = await kit.teamType(cookies.admin, 'Sponsor');
    const page = await kit.contentPage('Sponsor lounge');
    const sponsorCards = [{ ...cards[0], title: 'Lounge', type: 'content', pathId: page }, ...cards.slice(1)];
    const created = await kit.call('POST', cookies.admin, '/card-layouts', {
      name: 'Sponsors',
      cards: sponsorCards,
      teamTypeIds: [sponsor],
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await kit.call('POST', cookies.admin, '/card-layouts', {
      name: 'Twice',
      cards,
      teamTypeIds: [sponsor],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.issues[0].message).toBe('A team type can be assigned to only one layout');
    // Saving the same layout with its own team type is fine.
    const resave = await kit.call('PUT', cookies.admin, `/card-layouts/${created.json().id}`, {
      name: 'Sponsors',
      cards: sponsorCards,
      teamTypeIds: [sponsor],
    });
    expect(resave.statusCode).toBe(200);

    const member = await kit.teamMember(cookies.admin, 'Gold Sponsor', sponsor);
    const dashboard = (await kit.call('GET', member.cookie, '/dashboard')).json();
    expect(dashboard.layoutName).toBe('Sponsors');
    expect(dashboard.cards[0]).toMatchObject({ title: 'Lounge', path: `/content/${page}` });
    const other = (await kit.call('GET', cookies.user, '/dashboard')).json();
    expect(other.layoutName).toBe('Default');
    // The time table is unpublished by default, so its card is left out for members.
    expect(other.cards.map((c: { path: string }) => c.path)).not.toContain('/time-table');
    expect(other.cards).toHaveLength(5);

    const deleted = await kit.call('DELETE', cookies.admin, `/card-layouts/${created.json().id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await kit.call('GET', member.cookie, '/dashboard')).json().layoutName).toBe('Default');
  });

  it("answers 404 for another event's layouts and refuses another event's team types", async () => {
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const other = portalKit(t, otherEventId);
    const otherList = (await other.call('GET', otherAdmin, '/card-layouts')).json().items;
    const foreignLayout = otherList[0].id;
    expect((await kit.call('GET', cookies.admin, `/card-layouts/${foreignLayout}`)).statusCode).toBe(404);
    expect(
      (await kit.call('PUT', cookies.admin, `/card-layouts/${foreignLayout}`, { name: 'X', cards }))
        .statusCode,
    ).toBe(404);
    expect((await kit.call('DELETE', cookies.admin, `/card-layouts/${foreignLayout}`)).statusCode).toBe(404);
    const foreignType = await other.teamType(otherAdmin, 'Theirs');
    const res = await kit.call('POST', cookies.admin, '/card-layouts', {
      name: 'Mine',
      cards,
      teamTypeIds: [foreignType],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid layout');
  });
});
