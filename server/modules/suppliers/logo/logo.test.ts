import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { teamApi } from '../../people/teamTestKit';

/** Supplier logos through the files module: upload, claim, read, replace and delete. */
describe('supplier logos', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  let moderator: string;
  let member: string;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    member = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3b3f99' } })
      .png()
      .toBuffer();

  async function upload(cookie: string, purpose: string, event = eventId, body?: Buffer) {
    const boundary = '----supplierlogo';
    const bytes = body ?? (await png(800, 400));
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/files?purpose=${purpose}`,
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'fetch',
      },
      payload,
    });
  }
  const uploadedId = async (cookie = moderator, purpose = 'supplierLogo', event = eventId) => {
    const res = await upload(cookie, purpose, event);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const readFile = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('claims an uploaded logo, resized to a 256x256 PNG that any member of the event may read', async () => {
    const fileId = await uploadedId();
    const res = await api.call('POST', moderator, '/suppliers', { company: 'Logo Ltd', logoFileId: fileId });
    expect(res.statusCode, res.body).toBe(201);
    const supplier = res.json();
    expect(supplier.logo).toBe(`/api/events/${eventId}/files/${fileId}`);
    expect(supplier.logoFileId).toBe(fileId);

    const read = await readFile(member, supplier.logo);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('image/png');
    const meta = await sharp(read.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    // Another event's member cannot read it, even with its address.
    expect((await readFile(otherAdmin, supplier.logo)).statusCode).toBe(404);
  });

  it("refuses a file of another purpose, another event or another supplier with 'Failed to upload logo'", async () => {
    const asset = await uploadedId(moderator, 'asset');
    const foreign = await uploadedId(otherAdmin, 'supplierLogo', otherEventId);
    const taken = await uploadedId();
    expect(
      (await api.call('POST', moderator, '/suppliers', { company: 'First', logoFileId: taken })).statusCode,
    ).toBe(201);
    for (const logoFileId of [asset, foreign, taken, '00000000-0000-4000-8000-000000000000']) {
      const res = await api.call('POST', moderator, '/suppliers', { company: 'Bad logo', logoFileId });
      expect(res.statusCode, logoFileId).toBe(400);
      expect(res.json().error.message).toBe('Failed to upload logo');
    }
    const list = (await api.call('GET', moderator, '/suppliers?search=Bad logo')).json();
    expect(list.total).toBe(0);
  });

  it('only moderators upload logos', async () => {
    expect((await upload(member, 'supplierLogo')).statusCode).toBe(403);
  });

  it('releases the old logo when it is replaced, and every logo when the supplier is deleted', async () => {
    const first = await uploadedId();
    const created = (
      await api.call('POST', moderator, '/suppliers', { company: 'Swap Ltd', logoFileId: first })
    ).json();
    const second = await uploadedId();
    const put = await api.call('PUT', moderator, `/suppliers/${created.id}`, {
      company: 'Swap Ltd',
      logoFileId: second,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await readFile(moderator, `/api/events/${eventId}/files/${first}`)).statusCode).toBe(404);
    expect((await readFile(moderator, put.json().logo)).statusCode).toBe(200);

    // A logo by URL replaces the file too.
    const byUrl = await api.call('PUT', moderator, `/suppliers/${created.id}`, {
      company: 'Swap Ltd',
      logoUrl: 'https://swap.example/logo.png',
    });
    expect(byUrl.json()).toMatchObject({ logo: 'https://swap.example/logo.png', logoFileId: null });
    expect((await readFile(moderator, `/api/events/${eventId}/files/${second}`)).statusCode).toBe(404);

    const third = await uploadedId();
    await api.call('PUT', moderator, `/suppliers/${created.id}`, { company: 'Swap Ltd', logoFileId: third });
    expect((await api.call('DELETE', moderator, `/suppliers/${created.id}`)).statusCode).toBe(204);
    expect((await readFile(moderator, `/api/events/${eventId}/files/${third}`)).statusCode).toBe(404);
  });
});
