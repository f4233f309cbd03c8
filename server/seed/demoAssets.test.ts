import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoAssets } from './demoAssets';

describe('demo assets', () => {
  let t: TestApp;
  let eventId: string;
  let moderator: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    await seedDemoAssets(t.ctx, eventId);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: moderator } });

  it('adds captioned pictures with four readable sizes and two PDF documents', async () => {
    const list = (await get(`/api/events/${eventId}/assets`)).json();
    const byType = (type: string) => list.items.filter((a: { type: string }) => a.type === type);
    expect(byType('image').map((a: { name: string }) => a.name)).toContain('Main hall floor plan');
    expect(byType('image')).toHaveLength(4);
    expect(byType('document')).toHaveLength(2);
    const plan = byType('image').find((a: { name: string }) => a.name === 'Main hall floor plan');
    const large = await get(plan.data.large);
    expect(large.statusCode).toBe(200);
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1920,
      height: 1280,
    });
    const manual = byType('document')[0];
    const pdf = await get(manual.url);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sets an uploaded logo that the sign-in screens can load', async () => {
    const shell = (await get(`/api/events/${eventId}/shell`)).json();
    expect(shell.branding.logo).toMatch(/^\/api\/guests\/files\/[0-9a-f-]{36}\?size=small$/);
    const logo = await t.app.inject({ method: 'GET', url: shell.branding.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
  });
});
