import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, typeNotAllowedMessage } from '../../../shared/files/types';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { uploadAs } from './fileTestKit';
import { captionJpeg, captionSvg, makePdf } from './samples';
import { CLAIM_ERROR, claimFiles, registerFileAccess, releaseFiles } from './service';
import { files } from './tables';

describe('files: upload, claim, release and serving', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies: Record<string, string> = {};
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    for (const level of ['user', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherModerator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    cookies.otherEvent = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    photo = await captionJpeg('Main hall', ['#123456', '#abcdef'], { width: 3000, height: 1000 });
    // The test's own holder kind, readable by members of the event only.
    registerFileAccess('taskAttachment', async (_db, viewer, file) => viewer?.eventId === file.eventId);
  });
  afterAll(() => t.close());

  const read = (cookie: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const rowOf = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0];

  it('stores an image with four WebP sizes that fit the spec boxes, and serves them with safe headers', async () => {
    const res = await uploadAs(t, cookies.moderator, eventId, 'asset', 'Hall photo.JPG', photo);
    expect(res.statusCode).toBe(201);
    const stored = res.json();
    expect(stored).toMatchObject({ name: 'Hall photo.JPG', contentType: 'image/jpeg', size: photo.length });
    expect(stored.url).toBe(`/api/events/${eventId}/files/${stored.id}`);
    const expected = { large: [1920, 640], medium: [1440, 480], small: [960, 320], thumb: [480, 160] };
    for (const [size, [width, height]] of Object.entries(expected)) {
      expect(stored.variants[size]).toBe(`${stored.url}?size=${size}`);
      const variant = await read(cookies.moderator, stored.variants[size]);
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const meta = await sharp(variant.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    const original = await read(cookies.user, stored.url);
    // Unclaimed: only the uploader sees it, so a member gets 404 until the holder claims it.
    expect(original.statusCode).toBe(404);
    const mine = await read(cookies.moderator, stored.url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(mine.headers['content-disposition']).toMatch(/^inline; filename="Hall photo.JPG"/);
    expect(mine.rawPayload.equals(photo)).toBe(true);
  });

  it('serves documents as attachments (PDFs inline), and a repeat read with the ETag as 304', async () => {
    const pdf = makePdf(['Exhibitor manual', 'Build-up starts on Monday']);
    const res = await uploadAs(t, cookies.user, eventId, 'taskAttachment', 'Manual (v2).pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect(res.json().variants).toBeUndefined();
    await t.ctx.db.transaction((tx) =>
      claimFiles(tx, { eventId }, [res.json().id], 'taskAttachment', crypto.randomUUID()),
    );
    const got = await read(cookies.moderator, res.json().url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    // PDF sections show the file in the page: inline, not sandboxed (the viewer refuses that), and
    // framed only by the portal itself.
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="Manual \(v2\).pdf"/);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    const text = await uploadAs(
      t,
      cookies.user,
      eventId,
      'taskAttachment',
      'notes.txt',
      Buffer.from('<script>'),
    );
    await t.ctx.db.transaction((tx) =>
      claimFiles(tx, { eventId }, [text.json().id], 'taskAttachment', crypto.randomUUID()),
    );
    const document = await read(cookies.moderator, text.json().url);
    expect(document.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    expect(document.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const again = await t.app.inject({
      method: 'GET',
      url: res.json().url,
      headers: { cookie: cookies.moderator, 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a type the purpose does not take, in the spec words, and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(files)).length;
    const exe = await uploadAs(
      t,
      cookies.moderator,
      eventId,
      'asset',
      'setup.exe',
      Buffer.from('MZ\x90\x00'),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.message).toBe(typeNotAllowedMessage('asset'));
    const pdfAsLogo = await uploadAs(t, cookies.admin, eventId, 'branding', 'logo.pdf', makePdf(['Logo']));
    expect(pdfAsLogo.json().error.message).toBe('Image upload needs an image file type');
    const noName = await uploadAs(t, cookies.moderator, eventId, 'download', 'README', Buffer.from('hello'));
    expect(noName.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(files)).length).toBe(before);
  });

  it('refuses contents that do not match the extension', async () => {
    for (const [name, bytes] of [
      ['photo.jpg', Buffer.from('<html><script>alert(1)</script></html>')],
      ['manual.pdf', photo],
      ['notes.txt', Buffer.from([0x00, 0x01, 0x02, 0xff])],
      ['sheet.xlsx', makePdf(['not a spreadsheet'])],
      ['broken.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00])],
    ] as const) {
      const res = await uploadAs(t, cookies.moderator, eventId, 'download', name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(FILE_ERRORS.mismatch);
    }
  });

  it('refuses a PNG whose header is sound but whose pixels are corrupt: 400, nothing stored', async () => {
    const raw = Buffer.alloc(64 * 64 * 3, 0);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) % 251;
    const png = await sharp(raw, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    // The second half of the compressed pixels garbled; the header still reads as a 64x64 PNG.
    for (let i = Math.floor(png.length / 2); i < png.length - 20; i++) png[i] ^= 0x5a;
    expect((await sharp(png).metadata()).width).toBe(64);
    const before = (await t.ctx.db.select().from(files)).length;
    for (const [purpose, cookie] of [
      ['asset', cookies.moderator],
      ['branding', cookies.admin],
      ['supplierLogo', cookies.moderator],
    ] as const) {
      const res = await uploadAs(t, cookie, eventId, purpose, 'plan.png', png);
      expect(res.statusCode, purpose).toBe(400);
      expect(res.json().error.message).toBe('The file could not be read as an image');
    }
    expect((await t.ctx.db.select().from(files)).length).toBe(before);
  });

  it('refuses a file over the limit with 413 and says the limit', async () => {
    const res = await uploadAs(
      t,
      cookies.moderator,
      eventId,
      'download',
      'big.txt',
      Buffer.alloc(4096, 'a'),
      {
        'x-upload-limit': '1024',
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is too large. The limit is 1 KB');
    // A caller may lower the limit, never raise it past the default.
    const ok = await uploadAs(t, cookies.moderator, eventId, 'download', 'small.txt', Buffer.from('fine'), {
      'x-upload-limit': String(10 * 1024 ** 3),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses the default 50 MB limit plus one byte', async () => {
    const res = await uploadAs(
      t,
      cookies.moderator,
      eventId,
      'download',
      'huge.zip',
      Buffer.alloc(50 * 1024 * 1024 + 1),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is too large. The limit is 50 MB');
  });

  it('sanitises SVG: scripts, handlers and outside links removed, the drawing kept', async () => {
    const svg = captionSvg('Floor plan', ['#000000', '#333333'], { width: 400, height: 200 }).replace(
      '<rect',
      '<script>alert(document.cookie)</script><a href="javascript:alert(1)"><circle r="4"/></a><rect onload="alert(2)"',
    );
    const res = await uploadAs(t, cookies.moderator, eventId, 'asset', 'plan.svg', Buffer.from(svg));
    expect(res.statusCode).toBe(201);
    const row = await rowOf(res.json().id);
    const stored = (await read(cookies.moderator, res.json().url)).body;
    expect(stored).not.toMatch(/script|onload|javascript:/i);
    expect(stored).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(stored).toContain('Floor plan');
    expect(row.size).toBe(Buffer.byteLength(stored));
    // An SVG's four sizes are the one drawing.
    expect(new Set(Object.values(row.variants ?? {}))).toEqual(new Set([row.storageKey]));
    const bad = await uploadAs(
      t,
      cookies.moderator,
      eventId,
      'asset',
      'x.svg',
      Buffer.from('<svg><script>1</script>'),
    );
    expect(bad.statusCode).toBe(201);
    const empty = await uploadAs(
      t,
      cookies.moderator,
      eventId,
      'asset',
      'y.svg',
      Buffer.from('<html></html>'),
    );
    expect(empty.json().error.message).toBe(FILE_ERRORS.mismatch);
  });

  it('makes supplier logos 256x256 PNG', async () => {
    const res = await uploadAs(t, cookies.moderator, eventId, 'supplierLogo', 'acme.jpg', photo);
    expect(res.json()).toMatchObject({ name: 'acme.png', contentType: 'image/png' });
    const meta = await sharp((await read(cookies.moderator, res.json().url)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
  });

  it('lets members upload task files only, moderators the rest, admins branding', async () => {
    const txt = Buffer.from('hello');
    expect((await uploadAs(t, cookies.user, eventId, 'taskUpload', 'a.txt', txt)).statusCode).toBe(201);
    expect((await uploadAs(t, cookies.user, eventId, 'download', 'a.txt', txt)).statusCode).toBe(403);
    expect((await uploadAs(t, cookies.user, eventId, 'asset', 'a.txt', txt)).statusCode).toBe(403);
    expect((await uploadAs(t, cookies.moderator, eventId, 'branding', 'a.jpg', photo)).statusCode).toBe(403);
    expect((await uploadAs(t, cookies.admin, eventId, 'branding', 'a.jpg', photo)).statusCode).toBe(201);
    expect((await uploadAs(t, cookies.otherEvent, eventId, 'download', 'a.txt', txt)).statusCode).toBe(404);
    const bad = await uploadAs(t, cookies.moderator, eventId, 'nonsense' as 'asset', 'a.txt', txt);
    expect(bad.statusCode).toBe(400);
    const signedOut = await uploadAs(t, '', eventId, 'taskUpload', 'a.txt', txt);
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 404 for another event’s file id, unknown ids and guests of a private holder', async () => {
    const res = await uploadAs(
      t,
      cookies.user,
      eventId,
      'taskAttachment',
      'notes.txt',
      Buffer.from('private'),
    );
    const id = res.json().id;
    await t.ctx.db.transaction((tx) =>
      claimFiles(tx, { eventId }, [id], 'taskAttachment', crypto.randomUUID()),
    );
    expect((await read(cookies.user, `/api/events/${eventId}/files/${id}`)).statusCode).toBe(200);
    expect((await read(cookies.otherEvent, `/api/events/${otherEventId}/files/${id}`)).statusCode).toBe(404);
    expect((await read(cookies.otherEvent, `/api/events/${eventId}/files/${id}`)).statusCode).toBe(404);
    expect((await read(null, `/api/events/${eventId}/files/${id}`)).statusCode).toBe(401);
    expect((await read(null, `/api/guests/files/${id}`)).statusCode).toBe(404);
    expect((await read(null, `/api/guests/files/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('claims only unclaimed files of the same event and purpose; release removes rows and bytes', async () => {
    const up = async (purpose: 'download' | 'taskUpload', event = eventId, cookie = cookies.moderator) =>
      (await uploadAs(t, cookie, event, purpose, 'f.txt', Buffer.from('text'))).json().id as string;
    const owner = crypto.randomUUID();
    const [a, b, wrongPurpose, foreign] = [
      await up('download'),
      await up('download'),
      await up('taskUpload'),
      await up('download', otherEventId, cookies.otherEvent),
    ];
    for (const ids of [[wrongPurpose], [foreign], [crypto.randomUUID()], [a, foreign]]) {
      await expect(
        t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, ids, 'download', owner)),
      ).rejects.toThrow(CLAIM_ERROR);
    }
    expect((await rowOf(a)).ownerId).toBeNull();
    const claimed = await t.ctx.db.transaction((tx) =>
      claimFiles(tx, { eventId }, [b, a], 'download', owner),
    );
    expect(claimed.map((r) => r.id)).toEqual([b, a]);
    // Claiming again for the same owner is fine; another owner is refused.
    await t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, [a], 'download', owner));
    await expect(
      t.ctx.db.transaction((tx) => claimFiles(tx, { eventId }, [a], 'download', crypto.randomUUID())),
    ).rejects.toThrow(CLAIM_ERROR);
    const key = (await rowOf(a)).storageKey;
    expect(await t.ctx.storage.read(key)).not.toBeNull();
    await t.ctx.db.transaction((tx) => releaseFiles(tx, t.ctx, { eventId }, 'download', owner));
    expect(await rowOf(a)).toBeUndefined();
    expect(await rowOf(b)).toBeUndefined();
    expect(await t.ctx.storage.read(key)).toBeNull();
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/files?purpose=download`,
      headers: { cookie: cookies.moderator, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FILE_ERRORS.noFile);
  });
});
