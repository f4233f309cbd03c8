import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { contentPages, contentSections } from '../content/tables';
import { uploadAs } from '../files/fileTestKit';
import { captionJpeg, makePdf } from '../files/samples';
import { files } from '../files/tables';
import { assets } from './tables';

describe('assets', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies: Record<string, string> = {};
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherEvent = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    photo = await captionJpeg('Main hall floor plan', ['#0b3d91', '#37a0e6'], { width: 1200, height: 800 });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    cookie: string,
    path: string,
    payload?: object,
    event = eventId,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${event}/assets${path}`,
      headers: { cookie },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });

  const upload = async (name: string, bytes: Buffer, cookie = cookies.moderator, event = eventId) => {
    const res = await uploadAs(t, cookie, event, 'asset', name, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  const newAsset = async (name: string, bytes = photo, fileName = 'hall.jpg') => {
    const fileId = await upload(fileName, bytes);
    const res = await call('POST', cookies.moderator, '', { name, altText: `${name} alt`, fileId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('creates an image asset with four sizes any member can read, and a document without', async () => {
    const image = await newAsset('Floor plan');
    expect(image).toMatchObject({
      name: 'Floor plan',
      altText: 'Floor plan alt',
      type: 'image',
      contentType: 'image/jpeg',
    });
    for (const size of ['large', 'medium', 'small', 'thumb']) {
      expect(image.data[size]).toMatch(new RegExp(`/api/events/${eventId}/files/[0-9a-f-]+\\?size=${size}$`));
      const res = await t.app.inject({
        method: 'GET',
        url: image.data[size],
        headers: { cookie: cookies.user },
      });
      expect(res.statusCode).toBe(200);
    }
    const doc = await newAsset('Exhibitor manual', makePdf(['Exhibitor manual']), 'manual.pdf');
    expect(doc).toMatchObject({ type: 'document', data: null, contentType: 'application/pdf' });
    // Another event's members cannot read it, even knowing the file id.
    const fileUrl = image.url as string;
    const foreign = await t.app.inject({
      method: 'GET',
      url: fileUrl.replace(eventId, otherEventId),
      headers: { cookie: cookies.otherEvent },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists newest first, searches by name and filters by type', async () => {
    await newAsset('Car park map');
    await newAsset('Venue guide', makePdf(['Venue guide']), 'guide.pdf');
    const all = (await call('GET', cookies.moderator, '')).json();
    const names = all.items.map((a: { name: string }) => a.name);
    expect(names.indexOf('Venue guide')).toBeLessThan(names.indexOf('Car park map'));
    expect(names.indexOf('Car park map')).toBeLessThan(names.indexOf('Floor plan'));
    const images = (await call('GET', cookies.moderator, '?type=image')).json();
    expect(images.items.every((a: { type: string }) => a.type === 'image')).toBe(true);
    const search = (await call('GET', cookies.moderator, '?search=car%20PARK')).json();
    expect(search.items.map((a: { name: string }) => a.name)).toEqual(['Car park map']);
    expect((await call('GET', cookies.moderator, '?search=100%25')).json().items).toEqual([]);
  });

  it('edits name and alt text; refuses bad input with Invalid asset and stores nothing', async () => {
    const asset = await newAsset('Old name');
    const res = await call('PUT', cookies.moderator, `/${asset.id}`, {
      name: ' New name ',
      altText: 'Hall from above',
    });
    expect(res.json()).toMatchObject({ name: 'New name', altText: 'Hall from above' });
    for (const body of [{ name: '' }, { name: 'x', surprise: 1 }, { altText: 'a'.repeat(501) }]) {
      const bad = await call('PUT', cookies.moderator, `/${asset.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Invalid asset');
    }
    const before = (await t.ctx.db.select().from(assets)).length;
    for (const body of [
      { name: 'No file' },
      { name: 'Bad id', fileId: 'nope' },
      { name: 'Unknown', fileId: crypto.randomUUID() },
    ]) {
      expect((await call('POST', cookies.moderator, '', body)).statusCode).toBe(400);
    }
    // A file uploaded for another purpose, or in another event, cannot become an asset.
    const download = (
      await uploadAs(t, cookies.moderator, eventId, 'download', 'a.pdf', makePdf(['x']))
    ).json().id;
    expect((await call('POST', cookies.moderator, '', { name: 'Wrong', fileId: download })).statusCode).toBe(
      400,
    );
    const foreign = await upload('f.jpg', photo, cookies.otherEvent, otherEventId);
    expect((await call('POST', cookies.moderator, '', { name: 'Foreign', fileId: foreign })).statusCode).toBe(
      400,
    );
    expect((await t.ctx.db.select().from(assets)).length).toBe(before);
    expect((await t.ctx.db.select().from(files).where(eq(files.id, foreign)))[0].ownerId).toBeNull();
  });

  it('deletes the asset with its file and stored sizes', async () => {
    const asset = await newAsset('Temporary');
    const [row] = await t.ctx.db.select().from(assets).where(eq(assets.id, asset.id));
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, row.fileId));
    expect(await t.ctx.storage.read(file.variants?.thumb ?? '')).not.toBeNull();
    expect((await call('DELETE', cookies.moderator, `/${asset.id}`)).statusCode).toBe(204);
    expect((await call('GET', cookies.moderator, `/${asset.id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, row.fileId))).toEqual([]);
    expect(await t.ctx.storage.read(file.variants?.thumb ?? '')).toBeNull();
    expect(await t.ctx.storage.read(file.storageKey)).toBeNull();
  });

  it('is moderator work, and another event’s ids are 404', async () => {
    const asset = await newAsset('Guarded');
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await call('GET', cookies[level], '')).statusCode).toBe(403);
      expect((await call('PUT', cookies[level], `/${asset.id}`, { name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', cookies[level], `/${asset.id}`)).statusCode).toBe(403);
    }
    expect((await call('GET', cookies.admin, `/${asset.id}`)).statusCode).toBe(200);
    expect((await call('GET', cookies.otherEvent, `/${asset.id}`, undefined, otherEventId)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', cookies.otherEvent, `/${asset.id}`, { name: 'x' }, otherEventId)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', cookies.otherEvent, `/${asset.id}`, undefined, otherEventId)).statusCode,
    ).toBe(404);
    expect((await call('GET', cookies.otherEvent, '', undefined, eventId)).statusCode).toBe(404);
  });

  it('denies guests unless the asset is on a published public page', async () => {
    const asset = await newAsset('Public hero');
    const fileId = asset.url.split('/files/')[1];
    const guest = () => t.app.inject({ method: 'GET', url: `/api/guests/files/${fileId}?size=thumb` });
    expect((await guest()).statusCode).toBe(404);
    const [page] = await t.ctx.db
      .insert(contentPages)
      .values({ eventId, title: 'Visitors', isPublished: true, isPublic: false })
      .returning();
    await t.ctx.db.insert(contentSections).values({
      eventId,
      pageId: page.id,
      position: 0,
      type: 'image',
      data: { value: { assetId: asset.id, src: asset.data.large, altText: '' } },
    });
    expect((await guest()).statusCode).toBe(404);
    await t.ctx.db.update(contentPages).set({ isPublic: true }).where(eq(contentPages.id, page.id));
    const res = await guest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });
});
