import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ERRORS } from '../../../shared/content/sections';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { settings } from '../events/tables';
import { contentApi } from './contentTestKit';
import { contentPages, contentSections } from './tables';

describe('content pages (admin)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof contentApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = contentApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const pageCount = async () =>
    (await t.ctx.db.select().from(contentPages).where(eq(contentPages.eventId, eventId))).length;
  const featured = async () => {
    const [row] = await t.ctx.db
      .select({ data: settings.data })
      .from(settings)
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'featured')));
    return (row.data as { contentIds: string[] }).contentIds;
  };

  it("creates pages with the spec's defaults for moderators and admins, and refuses users and report viewers", async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], '/content')).statusCode).toBe(403);
      expect((await api.call('POST', cookies[level], '/content', { title: 'X' })).statusCode).toBe(403);
    }
    const res = await api.call('POST', cookies.moderator, '/content', { title: '  Venue & travel ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Venue & travel',
      isPublished: false,
      isPublic: false,
      isArchived: false,
      isFeatured: false,
      icon: 'new_release_outlined',
      allowedTeamTypeIds: [],
      showToChildTeams: false,
      sections: [],
    });
    const list = (await api.call('GET', cookies.admin, '/content?search=venue')).json();
    expect(list.items.map((p: { title: string }) => p.title)).toEqual(['Venue & travel']);
  });

  it('lists pages by title, searches, and keeps archived pages on their own list', async () => {
    const b = await api.createPage(cookies.admin, { title: 'Bravo page' });
    await api.createPage(cookies.admin, { title: 'Alpha page' });
    await api.call('POST', cookies.admin, `/content/${b.id}/archive`, {});
    const active = (await api.call('GET', cookies.admin, '/content?search=page')).json();
    expect(active.items.map((p: { title: string }) => p.title)).toEqual(['Alpha page']);
    const archived = (await api.call('GET', cookies.admin, '/content?archived=true')).json();
    expect(archived.items.map((p: { title: string }) => p.title)).toContain('Bravo page');
    const desc = (await api.call('GET', cookies.admin, '/content?sort=title&order=desc')).json();
    const titles = desc.items.map((p: { title: string }) => p.title);
    expect(titles).toEqual([...titles].sort().reverse());
  });

  it('filters the list to draft or published pages (spec: "draft or published"), and refuses another status', async () => {
    await api.createPage(cookies.admin, { title: 'Status live', isPublished: true });
    await api.createPage(cookies.admin, { title: 'Status draft' });
    const titles = async (status: string) =>
      (await api.call('GET', cookies.moderator, `/content?search=status&status=${status}`))
        .json()
        .items.map((p: { title: string }) => p.title);
    expect(await titles('published')).toEqual(['Status live']);
    expect(await titles('draft')).toEqual(['Status draft']);
    const bad = await api.call('GET', cookies.moderator, '/content?status=archived');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toEqual(['status']);
  });

  it("sets a page image from the event's image assets, shows it to readers, and refuses another event's", async () => {
    const asset = await api.imageAsset(cookies.admin, 'Hall photo');
    const page = await api.createPage(cookies.moderator, {
      title: 'With image',
      isPublished: true,
      assetId: asset.id,
    });
    const image = {
      assetId: asset.id,
      src: `/api/events/${eventId}/files/${asset.fileId}?size=large`,
      altText: 'Hall photo',
    };
    expect((await api.call('GET', cookies.moderator, `/content/${page.id}`)).json().image).toEqual(image);
    const read = await api.call('GET', cookies.admin, `/my-content/${page.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().image).toEqual(image);

    const foreign = await contentApi(t, otherEventId).imageAsset(cookies.otherAdmin, 'Elsewhere');
    const before = await pageCount();
    const refused = await api.call('POST', cookies.moderator, '/content', {
      title: 'X',
      assetId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: CONTENT_ERRORS.invalidContent,
      issues: [{ path: ['assetId'], message: 'Choose an image of this event' }],
    });
    expect(await pageCount()).toBe(before);

    const cleared = await api.call('PUT', cookies.moderator, `/content/${page.id}`, {
      title: 'With image',
      isPublished: true,
      assetId: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().image).toBeNull();
  });

  it('shows a public page its image to guests through the guest file route, and no other page', async () => {
    const asset = await api.imageAsset(cookies.admin, 'Entrance');
    const page = await api.createPage(cookies.moderator, {
      title: 'Guest welcome',
      isPublished: true,
      isPublic: true,
      assetId: asset.id,
    });
    const guest = (url: string) => t.app.inject({ method: 'GET', url });
    const read = await guest(`/api/guests/content/${page.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const src = `/api/guests/files/${asset.fileId}?size=large`;
    expect(read.json().image).toEqual({ assetId: asset.id, src, altText: 'Entrance' });
    expect((await guest(src)).statusCode).toBe(200);

    // Not public any more: the page and its image are gone for guests.
    const hidden = await api.call('PUT', cookies.moderator, `/content/${page.id}`, {
      title: 'Guest welcome',
      isPublished: true,
      isPublic: false,
      assetId: asset.id,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await guest(`/api/guests/content/${page.id}`)).statusCode).toBe(404);
    expect((await guest(src)).statusCode).toBe(404);
  });

  it('refuses bad settings with 400 and stores nothing', async () => {
    const before = await pageCount();
    for (const body of [
      { title: '' },
      { title: 'Icon', icon: 'Not An Icon!' },
      { title: 'Extra', surprise: true },
      { title: 'Foreign type', allowedTeamTypeIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await api.call('POST', cookies.admin, '/content', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(CONTENT_ERRORS.invalidContent);
    }
    expect(await pageCount()).toBe(before);
  });

  it("answers 404 for another event's pages on every route", async () => {
    const page = await api.createPage(cookies.admin, { title: 'Mine', isPublished: true });
    const other = contentApi(t, otherEventId);
    const o = cookies.otherAdmin;
    expect((await other.call('GET', o, `/content/${page.id}`)).statusCode).toBe(404);
    expect((await other.call('PUT', o, `/content/${page.id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await other.saveSections(o, page.id, [])).statusCode).toBe(404);
    expect((await other.call('POST', o, `/content/${page.id}/archive`, {})).statusCode).toBe(404);
    expect((await other.call('DELETE', o, `/content/${page.id}`)).statusCode).toBe(404);
    expect((await other.call('GET', o, `/my-content/${page.id}`)).statusCode).toBe(404);
    // Nor can this event's admin reach another event's page through its own event id.
    const theirs = await other.createPage(o, { title: 'Theirs' });
    expect((await api.call('GET', cookies.admin, `/content/${theirs.id}`)).statusCode).toBe(404);
    expect((await api.call('GET', cookies.admin, `/content/${page.id}`)).json().title).toBe('Mine');
  });

  it('saves sections of all eleven types in order, and reads them back', async () => {
    const page = await api.createPage(cookies.moderator);
    const groups = await api.call('POST', cookies.admin, '/task-groups', { title: 'Before you arrive' });
    const task = await api.call('POST', cookies.admin, '/tasks', {
      title: 'Send logo',
      dueDate: '2027-03-01',
    });
    const image = await api.imageAsset(cookies.moderator);
    const sections = [
      { type: 'richText', heading: 'Welcome', data: '<p>Hello <strong>exhibitors</strong></p>' },
      { type: 'button', data: { text: 'Book hotel', link: 'https://example.com/hotel' } },
      { type: 'callout', data: { text: 'Badges open on 1 May', variant: 'warning' } },
      {
        type: 'image',
        data: { assetId: image.id, src: '/api/events/x/files/y', altText: 'Hall' },
      },
      { type: 'googleMaps', data: 'ExCeL London' },
      { type: 'pdf', data: { fileName: 'Manual.pdf', fileIds: [await api.uploadPdf(cookies.moderator)] } },
      { type: 'youTube', data: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { type: 'vimeo', data: '76979871' },
      { type: 'taskList', data: { id: groups.json().id } },
      { type: 'resources', data: [{ type: 'task', id: task.json().id, label: 'Send your logo' }] },
      {
        type: 'table',
        isPublished: false,
        data: {
          isFixedWidth: true,
          isFirstRowHeader: true,
          columnCount: 2,
          rows: [{ cells: ['Day', 'Hours'] }, { cells: ['Monday', '08:00–20:00'] }],
        },
      },
    ];
    const res = await api.saveSections(cookies.moderator, page.id, sections);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().sections;
    expect(saved.map((s: { type: string }) => s.type)).toEqual(sections.map((s) => s.type));
    expect(saved[6].data).toBe('dQw4w9WgXcQ');
    // The image's address is built from its asset, whatever the editor sent.
    expect(saved[3].data.src).toBe(`/api/events/${eventId}/files/${image.fileId}?size=large`);
    expect(saved[10].isPublished).toBe(false);
    expect(saved[0].isPublished).toBe(true);

    // Reorder (last first), drop one, keep ids.
    type Saved = { id: string; type: string; data: unknown };
    const asInput = ({ id, type, data }: Saved) =>
      type === 'pdf'
        ? { id, type, data: { fileName: 'Manual.pdf', fileIds: (data as { fileIds: string[] }).fileIds } }
        : { id, type, data };
    const stripped = [saved[10], ...saved.slice(0, 9)].map(asInput);
    const again = await api.saveSections(cookies.moderator, page.id, stripped);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().sections.map((s: Saved) => s.id)).toEqual(stripped.map((s) => s.id));
    expect(again.json().sections).toHaveLength(10);
  });

  it("refuses an image section naming another event's asset, and stores nothing", async () => {
    const page = await api.createPage(cookies.moderator);
    await api.saveSections(cookies.moderator, page.id, [{ type: 'richText', data: '<p>Keep me</p>' }]);
    const theirs = await contentApi(t, otherEventId).imageAsset(cookies.otherAdmin);
    const res = await api.saveSections(cookies.moderator, page.id, [
      {
        type: 'image',
        data: {
          assetId: theirs.id,
          src: `/api/events/${otherEventId}/files/${theirs.fileId}?size=large`,
          altText: 'Not ours',
        },
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].message).toBe('Choose an image of this event');
    const rows = await t.ctx.db.select().from(contentSections).where(eq(contentSections.pageId, page.id));
    expect(rows.map((r) => r.type)).toEqual(['richText']);
  });

  it("refuses a table whose header does not match its columns, in the spec's words, and stores nothing", async () => {
    const page = await api.createPage(cookies.moderator);
    await api.saveSections(cookies.moderator, page.id, [{ type: 'richText', data: '<p>Keep me</p>' }]);
    const res = await api.saveSections(cookies.moderator, page.id, [
      {
        type: 'table',
        data: { isFixedWidth: true, isFirstRowHeader: true, columnCount: 3, rows: [{ cells: ['A', 'B'] }] },
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Table header length must match the number of columns');
    const rows = await t.ctx.db.select().from(contentSections).where(eq(contentSections.pageId, page.id));
    expect(rows.map((r) => r.type)).toEqual(['richText']);
  });

  it('refuses bad sections: unknown types, bad embeds, another page or event ids', async () => {
    const page = await api.createPage(cookies.moderator);
    const otherPage = await api.createPage(cookies.moderator, { title: 'Other' });
    const kept = (
      await api.saveSections(cookies.moderator, otherPage.id, [{ type: 'vimeo', data: '1' }])
    ).json();
    const other = contentApi(t, otherEventId);
    const foreignGroup = (
      await other.call('POST', cookies.otherAdmin, '/task-groups', { title: 'Theirs' })
    ).json();
    for (const sections of [
      [{ type: 'video', data: 'x' }],
      [{ type: 'youTube', data: 'not a video' }],
      [{ type: 'callout', data: { text: 'x', variant: 'rainbow' } }],
      [{ type: 'pdf', data: { fileName: '', fileIds: [] } }],
      [{ id: kept.sections[0].id, type: 'vimeo', data: '2' }],
      [{ type: 'taskList', data: { id: foreignGroup.id } }],
      [
        {
          type: 'resources',
          data: [{ type: 'task', id: '00000000-0000-4000-8000-000000000000', label: 'X' }],
        },
      ],
    ]) {
      const res = await api.saveSections(cookies.moderator, page.id, sections);
      expect(res.statusCode, JSON.stringify(sections)).toBe(400);
      expect(res.json().error.message).toBe(CONTENT_ERRORS.invalidSections);
    }
    expect((await api.call('GET', cookies.moderator, `/content/${page.id}`)).json().sections).toEqual([]);
    expect(
      (await api.call('GET', cookies.moderator, `/content/${otherPage.id}`)).json().sections[0].data,
    ).toBe('1');
  });

  it('strips unsafe HTML from rich text', async () => {
    const page = await api.createPage(cookies.moderator);
    const res = await api.saveSections(cookies.moderator, page.id, [
      {
        type: 'richText',
        data:
          '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(2)>' +
          '<a href="javascript:alert(3)">bad</a> <a href="https://example.com">good</a></p>' +
          '<iframe src="https://evil.example"></iframe><h2 style="color:red">Title</h2>',
      },
    ]);
    expect(res.statusCode).toBe(200);
    const html = res.json().sections[0].data as string;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|color:red/);
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(html).toContain('<h2>Title</h2>');
  });

  it('adds and removes a featured page with its flag, and archiving takes it off featured pages and the sidebar', async () => {
    const page = await api.createPage(cookies.moderator, { title: 'Catering', isFeatured: true });
    expect(await featured()).toContain(page.id);
    expect((await api.call('GET', cookies.moderator, `/content/${page.id}`)).json().isFeatured).toBe(true);
    await api.call('PUT', cookies.moderator, `/content/${page.id}`, { title: 'Catering', isFeatured: false });
    expect(await featured()).not.toContain(page.id);
    await api.call('PUT', cookies.moderator, `/content/${page.id}`, { title: 'Catering', isFeatured: true });

    const sectionId = '00000000-0000-4000-8000-000000000001';
    const sidebar = {
      sections: [{ id: sectionId, heading: 'Menu', itemIds: ['tasks', page.id], isCollapsable: false }],
    };
    await t.ctx.db
      .insert(settings)
      .values({ eventId, name: 'sidebar', data: sidebar })
      .onConflictDoUpdate({ target: [settings.eventId, settings.name], set: { data: sidebar } });

    const archived = await api.call('POST', cookies.moderator, `/content/${page.id}/archive`, {});
    expect(archived.json()).toMatchObject({ isArchived: true, isFeatured: false });
    expect(await featured()).not.toContain(page.id);
    const [row] = await t.ctx.db
      .select({ data: settings.data })
      .from(settings)
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'sidebar')));
    expect(row.data).toEqual({ sections: [{ ...sidebar.sections[0], itemIds: ['tasks'] }] });

    // Unarchiving only clears the flag; an archived page cannot be featured.
    await api.call('PUT', cookies.moderator, `/content/${page.id}`, { title: 'Catering', isFeatured: true });
    expect(await featured()).not.toContain(page.id);
    expect(
      (await api.call('POST', cookies.moderator, `/content/${page.id}/unarchive`, {})).json().isArchived,
    ).toBe(false);
    expect(await featured()).not.toContain(page.id);
  });

  it("claims a PDF section's files, refuses files of another purpose or page, and deletes dropped files", async () => {
    const page = await api.createPage(cookies.moderator, { title: 'Manuals', isPublished: true });
    const first = await api.uploadPdf(cookies.moderator, 'First.pdf');
    const second = await api.uploadPdf(cookies.moderator, 'Second.pdf');
    const pdf = (fileIds: string[]) => [{ type: 'pdf', data: { fileName: 'Manual.pdf', fileIds } }];
    const saved = await api.saveSections(cookies.moderator, page.id, pdf([first, second]));
    expect(saved.statusCode, saved.body).toBe(200);
    const file = (id: string, cookie = cookies.user) =>
      t.app.inject({ method: 'GET', url: `/api/events/${eventId}/files/${id}`, headers: { cookie } });
    expect((await file(first)).statusCode).toBe(200);

    // Another page cannot take the same file, nor can a file uploaded as a download be used.
    const other = await api.createPage(cookies.moderator, { title: 'Other manuals' });
    expect((await api.saveSections(cookies.moderator, other.id, pdf([first]))).statusCode).toBe(400);
    const download = await api.uploadPdf(cookies.moderator, 'Download.pdf', 'download');
    expect((await api.saveSections(cookies.moderator, other.id, pdf([download]))).statusCode).toBe(400);

    // Dropping a file deletes it; readers of an unpublished page cannot read its files.
    await api.saveSections(cookies.moderator, page.id, pdf([second]));
    expect((await file(first, cookies.moderator)).statusCode).toBe(404);
    await api.call('PUT', cookies.moderator, `/content/${page.id}`, { title: 'Manuals', isPublished: false });
    expect((await file(second)).statusCode).toBe(404);
    expect((await file(second, cookies.moderator)).statusCode).toBe(200);
    await api.call('DELETE', cookies.moderator, `/content/${page.id}`);
    expect((await file(second, cookies.moderator)).statusCode).toBe(404);
  });

  it('forgets a deleted team type in every page that was restricted to it', async () => {
    const typeId = await api.teamType(cookies.admin, 'Caterers');
    const keep = await api.teamType(cookies.admin, 'Sponsors');
    const page = (await api.createPage(cookies.admin, { allowedTeamTypeIds: [typeId, keep] })) as unknown as {
      id: string;
    };
    expect((await api.call('DELETE', cookies.admin, `/team-types/${typeId}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.admin, `/content/${page.id}`)).json().allowedTeamTypeIds).toEqual([
      keep,
    ]);
  });

  it('deletes a page with its sections and its place in featured pages', async () => {
    const page = await api.createPage(cookies.moderator, { isFeatured: true });
    await api.saveSections(cookies.moderator, page.id, [{ type: 'vimeo', data: '123' }]);
    expect((await api.call('DELETE', cookies.user, `/content/${page.id}`)).statusCode).toBe(403);
    expect((await api.call('DELETE', cookies.moderator, `/content/${page.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.moderator, `/content/${page.id}`)).statusCode).toBe(404);
    expect(await featured()).not.toContain(page.id);
    expect(await t.ctx.db.select().from(contentSections).where(eq(contentSections.pageId, page.id))).toEqual(
      [],
    );
  });
});
