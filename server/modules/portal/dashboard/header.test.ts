import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { portalKit } from '../portalTestKit';

async function uploadImage(t: TestApp, eventId: string, cookie: string, purpose = 'branding') {
  const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#1b5e20' } })
    .png()
    .toBuffer();
  const boundary = `----portal${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="header.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/files?purpose=${purpose}`,
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('dashboard header', () => {
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

  it('lets an admin set, replace and remove the header; members see it on their dashboard', async () => {
    expect((await kit.call('GET', cookies.admin, '/dashboard-header')).json()).toEqual({ image: null });
    const first = await uploadImage(t, eventId, cookies.admin);
    const set = await kit.call('PUT', cookies.admin, '/dashboard-header', { fileId: first.id });
    expect(set.statusCode, set.body).toBe(200);
    const image = set.json().image as string;
    expect(image).toContain(first.id);
    const dashboard = (await kit.call('GET', cookies.user, '/dashboard')).json();
    expect(dashboard.headerImage).toBe(image);
    const read = await t.app.inject({ method: 'GET', url: image, headers: { cookie: cookies.user } });
    expect(read.statusCode).toBe(200);
    expect(String(read.headers['content-type'])).toMatch(/^image\//);

    // A new image replaces the old one, whose file goes.
    const second = await uploadImage(t, eventId, cookies.admin);
    expect(
      (await kit.call('PUT', cookies.admin, '/dashboard-header', { fileId: second.id })).statusCode,
    ).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: image, headers: { cookie: cookies.admin } });
    expect(old.statusCode).toBe(404);

    const removed = await kit.call('DELETE', cookies.admin, '/dashboard-header');
    expect(removed.json()).toEqual({ image: null });
    expect((await kit.call('GET', cookies.user, '/dashboard')).json().headerImage).toBeNull();
  });

  it('refuses lower levels, bad bodies and files that are not the event’s branding uploads', async () => {
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      expect(
        (await kit.call('PUT', cookies[level], '/dashboard-header', { fileId: crypto.randomUUID() }))
          .statusCode,
      ).toBe(403);
      expect((await kit.call('DELETE', cookies[level], '/dashboard-header')).statusCode).toBe(403);
    }
    expect((await kit.call('PUT', cookies.admin, '/dashboard-header', { fileId: 'nope' })).statusCode).toBe(
      400,
    );
    expect((await kit.call('PUT', cookies.admin, '/dashboard-header', {})).statusCode).toBe(400);
    const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    const foreign = await uploadImage(t, otherEventId, otherAdmin);
    expect(
      (await kit.call('PUT', cookies.admin, '/dashboard-header', { fileId: foreign.id })).statusCode,
    ).toBe(400);
    const asset = await uploadImage(t, eventId, cookies.admin, 'asset');
    expect((await kit.call('PUT', cookies.admin, '/dashboard-header', { fileId: asset.id })).statusCode).toBe(
      400,
    );
    expect((await kit.call('GET', cookies.admin, '/dashboard-header')).json()).toEqual({ image: null });
  });
});
