import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { contentApi } from '../../content/contentTestKit';
import { settings } from '../../events/tables';
import { portalKit } from '../portalTestKit';

describe('sidebar, featured pages and core pages', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof portalKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof portalKit>['cookiesByLevel']>>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = portalKit(t, eventId);
    cookies = await kit.cookiesByLevel();
  });
  afterAll(() => t.close());

  const storedDoc = async (name: string) =>
    (
      await t.ctx.db
        .select({ data: settings.data })
        .from(settings)
        .where(and(eq(settings.eventId, eventId), eq(settings.name, name)))
    )[0]?.data;

  it('lets admins alone edit the structure, and every member read their own sidebar', async () => {
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      for (const path of [
        '/sidebar',
        '/featured-pages',
        '/core-pages',
        '/card-layouts',
        '/dashboard-header',
      ]) {
        expect((await kit.call('GET', cookies[level], path)).statusCode, `${level} ${path}`).toBe(403);
      }
      expect((await kit.call('PUT', cookies[level], '/featured-pages', { contentIds: [] })).statusCode).toBe(
        403,
      );
      expect(
        (
          await kit.call('PUT', cookies[level], '/core-pages/tasks', {
            title: '',
            icon: 'tasks',
            isPublished: false,
          })
        ).statusCode,
      ).toBe(403);
      expect((await kit.call('GET', cookies[level], '/navigation')).statusCode).toBe(200);
    }
    expect((await kit.call('GET', cookies.admin, '/sidebar')).statusCode).toBe(200);
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    expect((await kit.call('GET', otherAdmin, '/sidebar')).statusCode).toBe(404);
    expect((await kit.call('GET', otherAdmin, '/navigation')).statusCode).toBe(404);
  });

  it('starts with one section of the published core pages; the time table is unpublished', async () => {
    const pages = (await kit.call('GET', cookies.admin, '/core-pages')).json().items;
    expect(
      pages.filter((p: { isPublished: boolean }) => !p.isPublished).map((p: { id: string }) => p.id),
    ).toEqual(['timeTable']);
    const nav = (await kit.call('GET', cookies.user, '/navigation')).json();
    expect(nav.sections).toHaveLength(1);
    expect(nav.sections[0].items.map((i: { id: string }) => i.id)).toEqual([
      'dashboard',
      'downloads',
      'forms',
      'suppliers',
      'tasks',
      'notifications',
    ]);
    expect(nav.publishedCorePages).not.toContain('timeTable');
  });

  it("reorders sections and items, and the user's sidebar follows; content by visibility", async () => {
    const exhibitor = await kit.teamType(cookies.admin, 'Exhibitor');
    const sponsor = await kit.teamType(cookies.admin, 'Sponsor');
    const floorPlan = await kit.contentPage('Floor plan');
    const sponsorsOnly = await kit.contentPage('Sponsor pack', { allowedTeamTypeIds: [sponsor] });
    const draft = await kit.contentPage('Draft page', { isPublished: false });
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const res = await kit.call('PUT', cookies.admin, '/sidebar', {
      sections: [
        {
          id: a,
          heading: 'Before the show',
          itemIds: ['tasks', floorPlan, sponsorsOnly, draft],
          isCollapsable: true,
        },
        { id: b, heading: 'Menu', itemIds: ['dashboard', 'downloads', 'timeTable'], isCollapsable: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const member = await kit.teamMember(cookies.admin, 'Acme', exhibitor);
    const nav = (await kit.call('GET', member.cookie, '/navigation')).json();
    expect(nav.sections.map((s: { heading: string; index: number }) => [s.heading, s.index])).toEqual([
      ['Before the show', 0],
      ['Menu', 1],
    ]);
    expect(nav.sections[0].isCollapsable).toBe(true);
    expect(nav.sections[0].items.map((i: { label: string; path: string }) => [i.label, i.path])).toEqual([
      ['Tasks', '/tasks'],
      ['Floor plan', `/content/${floorPlan}`],
    ]);
    expect(nav.sections[1].items.map((i: { id: string }) => i.id)).toEqual(['dashboard', 'downloads']);
    const sponsorMember = await kit.teamMember(cookies.admin, 'Big Sponsor', sponsor);
    const sponsorNav = (await kit.call('GET', sponsorMember.cookie, '/navigation')).json();
    expect(sponsorNav.sections[0].items.map((i: { label: string }) => i.label)).toEqual([
      'Tasks',
      'Floor plan',
      'Sponsor pack',
    ]);
  });

  it('refuses a bad sidebar with 400 and stores nothing', async () => {
    const before = await storedDoc('sidebar');
    const foreign = await kit.contentPage('Elsewhere', {}, otherEventId);
    const id = crypto.randomUUID();
    for (const body of [
      { sections: [{ id, heading: 'A', itemIds: ['tasks', 'tasks'] }] },
      { sections: [{ id, heading: 'A', itemIds: [foreign] }] },
      { sections: [{ id, heading: 'A', itemIds: ['nowhere'] }] },
      { sections: [{ id: 'not-a-uuid', heading: 'A', itemIds: [] }] },
      { sections: [{ id, heading: 'x'.repeat(61), itemIds: [] }] },
      { sections: 'none' },
    ]) {
      const res = await kit.call('PUT', cookies.admin, '/sidebar', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid sidebar');
    }
    expect(await storedDoc('sidebar')).toEqual(before);
  });

  it('hides an unpublished core page from the sidebar and shows a renamed one by its title', async () => {
    const off = await kit.call('PUT', cookies.admin, '/core-pages/downloads', {
      title: '',
      icon: 'download',
      isPublished: false,
    });
    expect(off.statusCode).toBe(200);
    const renamed = await kit.call('PUT', cookies.admin, '/core-pages/tasks', {
      title: 'Checklist',
      icon: 'star',
      isPublished: true,
    });
    expect(renamed.json()).toMatchObject({ id: 'tasks', title: 'Checklist', icon: 'star' });
    const nav = (await kit.call('GET', cookies.user, '/navigation')).json();
    const items = nav.sections.flatMap((s: { items: { id: string; label: string }[] }) => s.items);
    expect(items.find((i: { id: string }) => i.id === 'downloads')).toBeUndefined();
    expect(items.find((i: { id: string }) => i.id === 'tasks')?.label).toBe('Checklist');
    expect(nav.publishedCorePages).not.toContain('downloads');
    for (const body of [
      { title: 'x', icon: 'not-an-icon', isPublished: true },
      { title: 'x', icon: 'star' },
      { title: 'x', icon: 'star', isPublished: true, extra: 1 },
    ]) {
      const res = await kit.call('PUT', cookies.admin, '/core-pages/tasks', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid core page');
    }
    expect(
      (
        await kit.call('PUT', cookies.admin, '/core-pages/nowhere', {
          title: '',
          icon: 'star',
          isPublished: true,
        })
      ).statusCode,
    ).toBe(400);
    await kit.call('PUT', cookies.admin, '/core-pages/downloads', {
      title: '',
      icon: 'download',
      isPublished: true,
    });
  });

  it("sets a core page's image from this event's image assets, shows it to members, and refuses another event's", async () => {
    const asset = await contentApi(t, eventId).imageAsset(cookies.admin, 'Downloads banner');
    const body = { title: '', icon: 'download', isPublished: true };
    const saved = await kit.call('PUT', cookies.admin, '/core-pages/downloads', {
      ...body,
      assetId: asset.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const image = {
      assetId: asset.id,
      src: `/api/events/${eventId}/files/${asset.fileId}?size=large`,
      altText: 'Downloads banner',
    };
    expect(saved.json()).toMatchObject({ id: 'downloads', assetId: asset.id, image });
    const listed = (await kit.call('GET', cookies.admin, '/core-pages')).json().items;
    expect(listed.find((p: { id: string }) => p.id === 'downloads').image).toEqual(image);
    // Members read it with their sidebar; the file itself is theirs to read.
    const nav = (await kit.call('GET', cookies.user, '/navigation')).json();
    expect(nav.corePageImages).toEqual({ downloads: image });
    const file = await t.app.inject({ method: 'GET', url: image.src, headers: { cookie: cookies.user } });
    expect(file.statusCode).toBe(200);

    // Another event's image, a document, or a malformed id: 400 in the core pages' words, nothing stored.
    const before = await storedDoc('corePages');
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const foreign = await contentApi(t, otherEventId).imageAsset(otherAdmin, 'Elsewhere');
    for (const assetId of [foreign.id, 'not-a-uuid']) {
      const refused = await kit.call('PUT', cookies.admin, '/core-pages/downloads', { ...body, assetId });
      expect(refused.statusCode, assetId).toBe(400);
      expect(refused.json().error.message).toBe('Invalid core page');
      expect(refused.json().error.issues[0].path).toEqual(['assetId']);
    }
    expect(await storedDoc('corePages')).toEqual(before);
    // Only admins set it.
    const moderator = await kit.call('PUT', cookies.moderator, '/core-pages/downloads', {
      ...body,
      assetId: null,
    });
    expect(moderator.statusCode).toBe(403);

    // Unpublished, the page shows no image; removed (null), it has none.
    await kit.call('PUT', cookies.admin, '/core-pages/downloads', {
      ...body,
      isPublished: false,
      assetId: asset.id,
    });
    expect((await kit.call('GET', cookies.user, '/navigation')).json().corePageImages).toEqual({});
    const cleared = await kit.call('PUT', cookies.admin, '/core-pages/downloads', { ...body, assetId: null });
    expect(cleared.json()).toMatchObject({ assetId: null, image: null });
  });

  it('takes exactly 0, 4 or 8 featured pages of this event', async () => {
    const ids = [];
    for (let i = 1; i <= 9; i++) ids.push(await kit.contentPage(`Featured ${i}`));
    for (const count of [0, 4, 8]) {
      const res = await kit.call('PUT', cookies.admin, '/featured-pages', {
        contentIds: ids.slice(0, count),
      });
      expect(res.statusCode, `${count}`).toBe(200);
      expect(res.json().contentIds).toEqual(ids.slice(0, count));
    }
    for (const count of [1, 3, 5, 9]) {
      const res = await kit.call('PUT', cookies.admin, '/featured-pages', {
        contentIds: ids.slice(0, count),
      });
      expect(res.statusCode, `${count}`).toBe(400);
      expect(res.json().error.message).toBe('Invalid featured pages');
      expect(res.json().error.issues.map((i: { message: string }) => i.message)).toContain(
        'Featured pages total exactly 0, 4 or 8',
      );
    }
    const foreign = await kit.contentPage('Foreign', {}, otherEventId);
    const res = await kit.call('PUT', cookies.admin, '/featured-pages', {
      contentIds: [...ids.slice(0, 3), foreign],
    });
    expect(res.statusCode).toBe(400);
    expect((await storedDoc('featured')) as { contentIds: string[] }).toEqual({
      contentIds: ids.slice(0, 8),
    });
  });

  it('shows the featured pages a member may see on their dashboard, in order', async () => {
    const sponsor = await kit.teamType(cookies.admin, 'Press');
    const ids = [
      await kit.contentPage('Welcome pack'),
      await kit.contentPage('Press only', { allowedTeamTypeIds: [sponsor] }),
      await kit.contentPage('Archived', { isArchived: true }),
      await kit.contentPage('Parking'),
    ];
    // The archived page cannot be chosen; the others can.
    expect((await kit.call('PUT', cookies.admin, '/featured-pages', { contentIds: ids })).statusCode).toBe(
      400,
    );
    ids[2] = await kit.contentPage('Catering');
    expect((await kit.call('PUT', cookies.admin, '/featured-pages', { contentIds: ids })).statusCode).toBe(
      200,
    );
    const dashboard = (await kit.call('GET', cookies.user, '/dashboard')).json();
    expect(dashboard.featured.map((p: { title: string }) => p.title)).toEqual([
      'Welcome pack',
      'Catering',
      'Parking',
    ]);
    const press = await kit.teamMember(cookies.admin, 'Daily News', sponsor);
    const pressDashboard = (await kit.call('GET', press.cookie, '/dashboard')).json();
    expect(pressDashboard.featured.map((p: { title: string }) => p.title)).toEqual([
      'Welcome pack',
      'Press only',
      'Catering',
      'Parking',
    ]);
  });
  it('shows pages featured by their switch in full rows of four (the one featured rule)', async () => {
    const switchEvent = await makeEvent(t, 'Switch Show');
    const own = portalKit(t, switchEvent);
    const ownCookies = await own.cookiesByLevel();
    const feature = async (title: string) => {
      const res = await own.call('POST', ownCookies.admin, '/content', {
        title,
        isPublished: true,
        isFeatured: true,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const shown = async () =>
      ((await own.call('GET', ownCookies.user, '/dashboard')).json().featured as { title: string }[]).map(
        (p) => p.title,
      );
    for (const title of ['One', 'Two', 'Three']) await feature(title);
    expect(await shown()).toEqual([]);
    for (const title of ['Four', 'Five']) await feature(title);
    expect(await shown()).toEqual(['One', 'Two', 'Three', 'Four']);
    for (const title of ['Six', 'Seven', 'Eight', 'Nine']) await feature(title);
    expect(await shown()).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight']);
    // A featured card carries its page's image (medium size), or null.
    const asset = await contentApi(t, switchEvent).imageAsset(ownCookies.admin, 'Hall');
    const one = (await own.call('GET', ownCookies.admin, '/content?search=One')).json().items[0];
    const put = await own.call('PUT', ownCookies.admin, `/content/${one.id}`, {
      title: 'One',
      isPublished: true,
      isFeatured: true,
      assetId: asset.id,
    });
    expect(put.statusCode, put.body).toBe(200);
    const cards = (await own.call('GET', ownCookies.user, '/dashboard')).json().featured;
    expect(cards[0].image).toBe(`/api/events/${switchEvent}/files/${asset.fileId}?size=medium`);
    expect(cards[1].image).toBeNull();
  });
});
