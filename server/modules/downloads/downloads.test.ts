import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { captionJpeg } from '../files/samples';
import { portalKit } from '../portal/portalTestKit';
import { downloads } from './tables';

/** A multipart upload as the browser sends it (field `file`). */
function upload(t: TestApp, eventId: string, cookie: string, purpose: string, name: string, body: Buffer) {
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/files?purpose=${purpose}`,
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
    },
    payload,
  });
}

const pdf = (kb: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n%portal test\n'),
    Buffer.alloc(kb * 1000, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

describe('downloads', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof portalKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof portalKit>['cookiesByLevel']>>;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = portalKit(t, eventId);
    cookies = await kit.cookiesByLevel();
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const uploaded = async (
    name = 'Exhibitor manual.pdf',
    kb = 1500,
    cookie = cookies.moderator,
    event = eventId,
  ) => {
    const res = await upload(t, event, cookie, 'download', name, pdf(kb));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; size: number };
  };
  const create = async (body: object, cookie = cookies.moderator) => {
    const res = await kit.call('POST', cookie, '/downloads', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; fileId: string; data: string };
  };
  const stored = async () =>
    (await t.ctx.db.select().from(downloads).where(eq(downloads.eventId, eventId))).length;

  it('lets moderators and admins manage downloads, and fills in the file name, size, type and URL', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await kit.call('GET', cookies[level], '/downloads')).statusCode).toBe(403);
      expect(
        (await kit.call('POST', cookies[level], '/downloads', { name: 'X', fileId: crypto.randomUUID() }))
          .statusCode,
      ).toBe(403);
    }
    const file = await uploaded();
    const created = await create({
      name: '  Exhibitor manual ',
      description: 'Rules and deadlines',
      fileId: file.id,
    });
    expect(created).toMatchObject({
      name: 'Exhibitor manual',
      fileName: 'Exhibitor manual.pdf',
      fileType: 'PDF',
      fileSize: file.size,
      showDownload: true,
      showToChildTeams: false,
      data: `/api/events/${eventId}/files/${file.id}`,
    });
    const admin = await create(
      { name: 'Floor plan', fileId: (await uploaded('Floor plan.pdf', 20)).id },
      cookies.admin,
    );
    const list = (await kit.call('GET', cookies.moderator, '/downloads')).json();
    expect(list.items.map((d: { name: string }) => d.name)).toEqual(['Exhibitor manual', 'Floor plan']);
    const searched = (await kit.call('GET', cookies.moderator, '/downloads?search=floor')).json();
    expect(searched.items.map((d: { id: string }) => d.id)).toEqual([admin.id]);
    const bySize = (await kit.call('GET', cookies.moderator, '/downloads?sort=fileSize&order=asc')).json();
    expect(bySize.items[0].name).toBe('Floor plan');
  });

  it('filters by file type (spec: images, videos, documents, files, other) and refuses another filter', async () => {
    const image = await captionJpeg('Stand', ['#0a5', '#fff'], { width: 320, height: 200 });
    const res = await upload(t, eventId, cookies.moderator, 'download', 'Stand photo.jpg', image);
    expect(res.statusCode, res.body).toBe(201);
    await create({ name: 'Filter photo', fileId: (res.json() as { id: string }).id });
    await create({ name: 'Filter manual', fileId: (await uploaded('Filter manual.pdf', 10)).id });
    const names = async (filter: string) =>
      (await kit.call('GET', cookies.moderator, `/downloads?search=filter&fileFilter=${filter}`))
        .json()
        .items.map((d: { name: string }) => d.name);
    expect(await names('images')).toEqual(['Filter photo']);
    expect(await names('documents')).toEqual(['Filter manual']);
    expect(await names('videos')).toEqual([]);
    expect(await names('other')).toEqual([]);
    const bad = await kit.call('GET', cookies.moderator, '/downloads?fileFilter=pdf');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await stored();
    const file = await uploaded('Logo pack.pdf', 2);
    const foreignType = await portalKit(t, otherEventId).teamType(otherAdmin, 'Elsewhere');
    const type = await kit.teamType(cookies.admin, 'Caterer');
    for (const body of [
      { name: '', fileId: file.id },
      { name: 'No file' },
      { name: 'Bad file id', fileId: 'nope' },
      { name: 'Extra', fileId: file.id, surprise: 1 },
      { name: 'Foreign type', fileId: file.id, showToTeamTypeIds: [foreignType] },
      { name: 'Both', fileId: file.id, showToTeamTypeIds: [type], hideFromTeamTypeIds: [type] },
    ]) {
      const res = await kit.call('POST', cookies.moderator, '/downloads', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid download values');
    }
    // Files that are not this download's to claim: another event's, another purpose's, unknown.
    const foreignFile = await uploaded('Theirs.pdf', 1, otherAdmin, otherEventId);
    const branding = await upload(t, eventId, cookies.admin, 'branding', 'logo.pdf', pdf(1));
    for (const fileId of [
      foreignFile.id,
      crypto.randomUUID(),
      ...(branding.statusCode === 201 ? [branding.json().id] : []),
    ]) {
      const res = await kit.call('POST', cookies.moderator, '/downloads', { name: 'Claim', fileId });
      expect(res.statusCode).toBe(400);
    }
    expect(await stored()).toBe(before);
  });

  it('shows members only what their team type and stand-share role may see, files too', async () => {
    const exhibitor = await kit.teamType(cookies.admin, 'Exhibitor');
    const sponsor = await kit.teamType(cookies.admin, 'Sponsor');
    const make = async (name: string, extra: object = {}) =>
      create({ name, fileId: (await uploaded(`${name}.pdf`, 1)).id, ...extra });
    const everyone = await make('A everyone');
    const exhibitorsOnly = await make('B exhibitors only', { showToTeamTypeIds: [exhibitor] });
    const notExhibitors = await make('C not exhibitors', { hideFromTeamTypeIds: [exhibitor] });
    const hidden = await make('D hidden', { showDownload: false });
    const standShares = await make('E stand shares too', { showToChildTeams: true });

    const exhibitorTeam = await kit.teamMember(cookies.admin, 'Acme Foods', exhibitor);
    const sponsorTeam = await kit.teamMember(cookies.admin, 'Big Bank', sponsor);
    const child = await kit.teamMember(exhibitorTeam.cookie, 'Acme Partner', exhibitor, exhibitorTeam.teamId);
    const names = async (cookie: string) =>
      (await kit.call('GET', cookie, '/my-downloads'))
        .json()
        .items.map((d: { name: string }) => d.name)
        .filter((n: string) => /^[A-E] /.test(n));

    expect(await names(exhibitorTeam.cookie)).toEqual([
      'A everyone',
      'B exhibitors only',
      'E stand shares too',
    ]);
    expect(await names(sponsorTeam.cookie)).toEqual(['A everyone', 'C not exhibitors', 'E stand shares too']);
    expect(await names(child.cookie)).toEqual(['E stand shares too']);
    expect(await names(cookies.user)).toEqual(['A everyone', 'C not exhibitors', 'E stand shares too']);

    const read = (cookie: string, d: { data: string }) =>
      t.app.inject({ method: 'GET', url: d.data, headers: { cookie } });
    expect((await read(exhibitorTeam.cookie, exhibitorsOnly)).statusCode).toBe(200);
    expect((await read(sponsorTeam.cookie, exhibitorsOnly)).statusCode).toBe(404);
    expect((await read(exhibitorTeam.cookie, notExhibitors)).statusCode).toBe(404);
    expect((await read(sponsorTeam.cookie, hidden)).statusCode).toBe(404);
    expect((await read(child.cookie, everyone)).statusCode).toBe(404);
    expect((await read(child.cookie, standShares)).statusCode).toBe(200);
    expect((await read(cookies.moderator, hidden)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/guests/files/${everyone.fileId}` })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another event's downloads and keeps them apart", async () => {
    const mine = await create({ name: 'Mine', fileId: (await uploaded('Mine.pdf', 1)).id });
    const other = portalKit(t, otherEventId);
    expect((await other.call('GET', otherAdmin, `/downloads/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.call('PUT', otherAdmin, `/downloads/${mine.id}`, { name: 'X', fileId: mine.fileId }))
        .statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', otherAdmin, `/downloads/${mine.id}`)).statusCode).toBe(404);
    expect((await other.call('GET', otherAdmin, '/downloads')).json().items).toEqual([]);
    expect((await kit.call('GET', cookies.moderator, `/downloads/${mine.id}`)).statusCode).toBe(200);
  });

  it('replaces the file on update and deletes it with the download', async () => {
    const first = await uploaded('Price list.pdf', 3);
    const created = await create({ name: 'Price list', fileId: first.id });
    const second = await uploaded('Price list 2027.pdf', 5);
    const updated = await kit.call('PUT', cookies.moderator, `/downloads/${created.id}`, {
      name: 'Price list 2027',
      fileId: second.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      fileName: 'Price list 2027.pdf',
      fileSize: second.size,
      fileId: second.id,
    });
    const readAs = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: cookies.moderator } });
    expect((await readAs(`/api/events/${eventId}/files/${first.id}`)).statusCode).toBe(404);
    expect((await readAs(updated.json().data)).statusCode).toBe(200);
    expect((await kit.call('DELETE', cookies.moderator, `/downloads/${created.id}`)).statusCode).toBe(204);
    expect((await readAs(updated.json().data)).statusCode).toBe(404);
    expect((await kit.call('GET', cookies.moderator, `/downloads/${created.id}`)).statusCode).toBe(404);
  });
});
