import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { uploadAs } from '../../files/fileTestKit';
import { captionJpeg, captionSvg } from '../../files/samples';
import { PDF_LOGO_BOX, pdfLogo } from './queries';
import { drawSubmissionPdf } from './service';

describe("the event's logo in a submission PDF", () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Harbourside Expo');
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
  });
  afterAll(() => t.close());

  async function setLogo(name: string, bytes: Buffer) {
    const fileId = (await uploadAs(t, admin, eventId, 'branding', name, bytes)).json().id as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/branding/images/logo`,
      headers: { cookie: admin },
      payload: { fileId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const pdfOf = (logo: Buffer | null) =>
    drawSubmissionPdf({
      title: 'Stand build',
      facts: [],
      lines: [],
      totals: [],
      logo,
      fileDate: '2027-05-10',
    });

  it('has no logo to draw until one is uploaded, and never fetches an outside address', async () => {
    expect(await pdfLogo(t.ctx, t.ctx.db, { eventId })).toBeNull();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/settings/branding`,
      headers: { cookie: admin },
      payload: { logo: 'https://logos.example.test/expo.png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pdfLogo(t.ctx, t.ctx.db, { eventId })).toBeNull();
    expect((await pdfOf(null)).includes('/Subtype /Image')).toBe(false);
  });

  it('draws an uploaded JPEG or SVG logo as a PNG that fits the box', async () => {
    await setLogo(
      'logo.jpg',
      await captionJpeg('Harbourside', ['#004466', '#0088aa'], { width: 1600, height: 400 }),
    );
    const fromJpeg = await pdfLogo(t.ctx, t.ctx.db, { eventId });
    if (!fromJpeg) throw new Error('no logo');
    const meta = await sharp(fromJpeg).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(PDF_LOGO_BOX.width * 2);
    expect(meta.height).toBeLessThanOrEqual(PDF_LOGO_BOX.height * 2);
    expect((await pdfOf(fromJpeg)).includes('/Subtype /Image')).toBe(true);

    await setLogo(
      'logo.svg',
      Buffer.from(captionSvg('H', ['#000000', '#ffffff'], { width: 300, height: 300 })),
    );
    const fromSvg = await pdfLogo(t.ctx, t.ctx.db, { eventId });
    if (!fromSvg) throw new Error('no logo');
    expect((await sharp(fromSvg).metadata()).format).toBe('png');
  });
});
