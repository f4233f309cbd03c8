import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { events } from '../events/tables';
import { uploadAs } from '../files/fileTestKit';
import { captionJpeg, captionSvg } from '../files/samples';
import { claimFiles } from '../files/service';
import { files } from '../files/tables';

describe('branding images and the public branding of the sign-in screens', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies: Record<string, string> = {};
  let logo: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example.test/' });
    eventId = await makeEvent(t, 'Harbourside Expo');
    otherEventId = await makeEvent(t, 'Northern Show');
    // The second event lives at its own address, so this server's address names one event.
    await t.ctx.db
      .update(events)
      .set({ appUrl: 'https://northern.example.test' })
      .where(eq(events.id, otherEventId));
    for (const level of ['moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    logo = await captionJpeg('Harbourside', ['#004466', '#0088aa'], { width: 800, height: 200 });
  });
  afterAll(() => t.close());

  const setImage = (cookie: string, slot: string, fileId: string | null, event = eventId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/events/${event}/branding/images/${slot}`,
      headers: { cookie },
      payload: { fileId },
    });
  const uploadBranding = async (name = 'logo.jpg', bytes = logo, cookie = cookies.admin, event = eventId) =>
    (await uploadAs(t, cookie, event, 'branding', name, bytes)).json().id as string;

  it('sets an uploaded logo that guests can load, and replacing it deletes the old file', async () => {
    const first = await uploadBranding();
    const res = await setImage(cookies.admin, 'logo', first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toBe(`/api/guests/files/${first}?size=small`);
    const guest = await t.app.inject({ method: 'GET', url: res.json().logo });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-type']).toBe('image/webp');

    const svg = await uploadBranding('logo.svg', Buffer.from(captionSvg('H', ['#000000', '#ffffff'])));
    const replaced = await setImage(cookies.admin, 'logo', svg);
    expect(replaced.json().logo).toBe(`/api/guests/files/${svg}?size=small`);
    expect((await t.app.inject({ method: 'GET', url: replaced.json().logo })).headers['content-type']).toBe(
      'image/svg+xml',
    );
    expect(await t.ctx.db.select().from(files).where(eq(files.id, first))).toEqual([]);

    const shell = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/shell`,
      headers: { cookie: cookies.moderator },
    });
    expect(shell.json().branding.logo).toBe(replaced.json().logo);
  });

  it('shows the one event at this address on the sign-in screens, with public fields only', async () => {
    const background = await uploadBranding('hall.jpg');
    await setImage(cookies.admin, 'loginImage', background);
    const res = await t.app.inject({ method: 'GET', url: '/api/public/branding' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.event).sort()).toEqual(['loginImage', 'logo', 'name', 'navBgColor', 'navTheme']);
    expect(body.event).toMatchObject({
      name: 'Harbourside Expo',
      loginImage: `/api/guests/files/${background}?size=large`,
    });
    expect((await t.app.inject({ method: 'GET', url: body.event.loginImage })).statusCode).toBe(200);
    // Removing the background deletes its file.
    expect((await setImage(cookies.admin, 'loginImage', null)).json().loginImage).toBe('');
    expect(await t.ctx.db.select().from(files).where(eq(files.id, background))).toEqual([]);
  });

  it('names no event when several share the address', async () => {
    await t.ctx.db
      .update(events)
      .set({ appUrl: 'https://PORTAL.example.test' })
      .where(eq(events.id, otherEventId));
    expect((await t.app.inject({ method: 'GET', url: '/api/public/branding' })).json()).toEqual({
      event: null,
    });
    await t.ctx.db
      .update(events)
      .set({ appUrl: 'https://northern.example.test' })
      .where(eq(events.id, otherEventId));
  });

  it('is admin work; refuses another event’s file, non-branding files and unknown slots', async () => {
    const file = await uploadBranding();
    expect((await setImage(cookies.moderator, 'logo', file)).statusCode).toBe(403);
    expect((await setImage(cookies.otherAdmin, 'logo', file, otherEventId)).statusCode).toBe(400);
    expect((await setImage(cookies.otherAdmin, 'logo', file)).statusCode).toBe(404);
    expect((await setImage(cookies.admin, 'favicon', file)).statusCode).toBe(400);
    const asset = (await uploadAs(t, cookies.admin, eventId, 'asset', 'a.jpg', logo)).json().id;
    const wrong = await setImage(cookies.admin, 'iconLogo', asset);
    expect(wrong.statusCode).toBe(400);
    // An unclaimed branding file is not public yet; a claimed one that is not a branding image
    // (the dashboard header) is for the event's members only.
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${file}` })).statusCode).toBe(404);
    await t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, [file], 'branding', file));
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${file}` })).statusCode).toBe(404);
    const member = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/files/${file}`,
      headers: { cookie: cookies.moderator },
    });
    expect(member.statusCode).toBe(200);
  });

  it('deletes an uploaded image the settings form replaces with an address, and only then', async () => {
    const uploaded = await uploadBranding('login.jpg');
    expect((await setImage(cookies.admin, 'loginImage', uploaded)).statusCode).toBe(200);
    const save = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/events/${eventId}/settings/branding`,
        headers: { cookie: cookies.admin },
        payload,
      });
    // A change to another field keeps the upload.
    expect((await save({ navBgColor: '#123456' })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, uploaded))).toHaveLength(1);
    const replaced = await save({ loginImage: 'https://images.example.test/hall.jpg' });
    expect(replaced.json().settings.loginImage).toBe('https://images.example.test/hall.jpg');
    expect(await t.ctx.db.select().from(files).where(eq(files.id, uploaded))).toEqual([]);
  });

  it('keeps accepting outside addresses for the images through the settings', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/settings/branding`,
      headers: { cookie: cookies.admin },
      payload: { loginImage: 'https://images.example.test/hall.jpg' },
    });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/settings/branding`,
      headers: { cookie: cookies.admin },
      payload: { logo: '/api/events/x/files/y' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
