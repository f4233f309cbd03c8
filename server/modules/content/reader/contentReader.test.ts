import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { contentApi } from '../contentTestKit';

describe('reading content pages (members and guests)', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof contentApi>;
  let admin: string;
  let moderator: string;
  let noTeam: string;
  let exhibitor: { id: string; cookie: string };
  let sponsor: { id: string; cookie: string };
  let child: { id: string; cookie: string };
  let exhibitorType: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = contentApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    noTeam = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    exhibitorType = await api.teamType(admin, 'Exhibitor');
    const sponsorType = await api.teamType(admin, 'Sponsor');
    exhibitor = await api.typedTeam(admin, 'Acme Stands', exhibitorType);
    sponsor = await api.typedTeam(admin, 'Globex', sponsorType);
    // A stand share takes its parent's team type (decision 0007).
    child = await api.standShare(admin, exhibitor.id, 'Acme Junior');
  });
  afterAll(() => t.close());

  const listed = async (cookie: string) =>
    ((await api.call('GET', cookie, '/my-content')).json().items as { id: string }[]).map((p) => p.id);
  const opens = async (cookie: string, id: string) =>
    (await api.call('GET', cookie, `/my-content/${id}`)).statusCode;

  it('shows a page restricted to a team type to that type only, and to moderators', async () => {
    const page = await api.createPage(admin, {
      title: 'Stand build rules',
      isPublished: true,
      allowedTeamTypeIds: [exhibitorType],
    });
    expect(await listed(exhibitor.cookie)).toContain(page.id);
    expect(await opens(exhibitor.cookie, page.id)).toBe(200);
    expect(await listed(sponsor.cookie)).not.toContain(page.id);
    expect(await opens(sponsor.cookie, page.id)).toBe(404);
    expect(await opens(noTeam, page.id)).toBe(404);
    expect(await opens(moderator, page.id)).toBe(200);
  });

  it('shows pages to stand shares only when shown to stand shares', async () => {
    const hidden = await api.createPage(admin, { title: 'Parents only', isPublished: true });
    const shown = await api.createPage(admin, {
      title: 'For everyone',
      isPublished: true,
      showToChildTeams: true,
    });
    expect(await listed(child.cookie)).not.toContain(hidden.id);
    expect(await opens(child.cookie, hidden.id)).toBe(404);
    expect(await listed(child.cookie)).toContain(shown.id);
    expect(await listed(exhibitor.cookie)).toEqual(expect.arrayContaining([hidden.id, shown.id]));
  });

  it('hides unpublished and archived pages from members, and unpublished sections from every reader', async () => {
    const draft = await api.createPage(admin, { title: 'Draft' });
    expect(await opens(exhibitor.cookie, draft.id)).toBe(404);
    expect(await listed(moderator)).toContain(draft.id);

    const page = await api.createPage(admin, { title: 'Catering', isPublished: true });
    await api.saveSections(admin, page.id, [
      { type: 'callout', heading: 'Shown', data: { text: 'Lunch at noon', variant: 'info' } },
      {
        type: 'callout',
        heading: 'Hidden',
        isPublished: false,
        data: { text: 'Secret menu', variant: 'info' },
      },
    ]);
    const read = (await api.call('GET', exhibitor.cookie, `/my-content/${page.id}`)).json();
    expect(read.sections.map((s: { heading: string }) => s.heading)).toEqual(['Shown']);
    expect((await api.call('GET', moderator, `/my-content/${page.id}`)).json().sections).toHaveLength(1);

    await api.call('POST', admin, `/content/${page.id}/archive`, {});
    expect(await opens(exhibitor.cookie, page.id)).toBe(404);
    expect(await listed(exhibitor.cookie)).not.toContain(page.id);
    expect(await listed(moderator)).not.toContain(page.id);
  });

  it("shows a task list with the team's tasks and statuses, and hides it when the team has none", async () => {
    const group = (await api.call('POST', admin, '/task-groups', { title: 'Build-up' })).json();
    const empty = (await api.call('POST', admin, '/task-groups', { title: 'Nothing yet' })).json();
    const task = (
      await api.call('POST', admin, '/tasks', {
        title: 'Stand plan',
        dueDate: '2099-01-01',
        groupId: group.id,
        teamTypeIds: [exhibitorType],
      })
    ).json();
    const page = await api.createPage(admin, { title: 'Build', isPublished: true });
    const saved = await api.saveSections(admin, page.id, [
      { type: 'taskList', heading: 'Your build tasks', data: { id: group.id } },
      { type: 'taskList', data: { id: empty.id } },
      {
        type: 'resources',
        data: [
          { type: 'task', id: task.id, label: 'Send your stand plan' },
          { type: 'form', id: '00000000-0000-4000-8000-000000000000', label: 'Not resolvable' },
        ],
      },
    ]);
    expect(saved.statusCode).toBe(400); // forms cannot be linked until forms exist
    await api.saveSections(admin, page.id, [
      { type: 'taskList', heading: 'Your build tasks', data: { id: group.id } },
      { type: 'taskList', data: { id: empty.id } },
      { type: 'resources', data: [{ type: 'task', id: task.id, label: 'Send your stand plan' }] },
    ]);
    const mine = (await api.call('GET', exhibitor.cookie, `/my-content/${page.id}`)).json();
    expect(mine.sections).toHaveLength(2);
    expect(mine.sections[0]).toMatchObject({
      type: 'taskList',
      title: 'Build-up',
      tasks: [{ id: task.id, title: 'Stand plan', statusLabel: 'Incomplete' }],
    });
    expect(mine.sections[1].data).toEqual([
      { type: 'task', id: task.id, label: 'Send your stand plan', href: `/tasks/${task.id}` },
    ]);
    // The sponsor's team cannot see the task: both sections disappear for it.
    expect((await api.call('GET', sponsor.cookie, `/my-content/${page.id}`)).json().sections).toEqual([]);
  });

  it('serves public pages to guests signed out, with guest file addresses, and nothing for the rest', async () => {
    const page = await api.createPage(admin, { title: 'Venue & travel', isPublished: true, isPublic: true });
    const fileId = await api.uploadPdf(admin, 'Map.pdf');
    await api.saveSections(admin, page.id, [
      { type: 'googleMaps', data: 'ExCeL London' },
      { type: 'pdf', data: { fileName: 'Map.pdf', fileIds: [fileId] } },
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/guests/content/${page.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().sections[0].embedUrl).toBe('https://www.google.com/maps?q=ExCeL%20London&output=embed');
    expect(res.json().sections[1].data.files[0].url).toBe(`/api/guests/files/${fileId}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${fileId}` })).statusCode).toBe(200);

    const members = (await api.call('GET', exhibitor.cookie, `/my-content/${page.id}`)).json();
    expect(members.sections[1].data.files[0].url).toBe(`/api/events/${eventId}/files/${fileId}`);

    const privatePage = await api.createPage(admin, { title: 'Private', isPublished: true });
    const refused = await t.app.inject({ method: 'GET', url: `/api/guests/content/${privatePage.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Private');
    await api.call('PUT', admin, `/content/${page.id}`, {
      title: 'Venue & travel',
      isPublished: false,
      isPublic: true,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/content/${page.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/guests/content/not-a-uuid' })).statusCode).toBe(
      400,
    );
  });

  it('asks members to sign in for the member reader', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/my-content` });
    expect(res.statusCode).toBe(401);
  });
});
