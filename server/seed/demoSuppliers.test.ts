import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { initialsLogo, seedDemoSuppliers } from './demoSuppliers';
import { seedDemoTeams } from './demoTeams';

describe('demo suppliers', () => {
  let t: TestApp;
  let eventId: string;
  let moderator: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    await t.ctx.db.transaction((tx) => seedDemoTeams(tx, eventId, 'demo.example'));
    expect(await seedDemoSuppliers(t.ctx, eventId)).toBe(25);
  });
  afterAll(() => t.close());

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: moderator } });

  it('adds 25 suppliers in 5 types, some featured, most with contacts, some limited by team type', async () => {
    const types = (await get('/supplier-groups')).json();
    expect(types.items.map((g: { title: string }) => g.title)).toEqual([
      'AV & lighting',
      'Catering',
      'Furniture hire',
      'Logistics',
      'Stand builders',
    ]);
    expect(types.items.every((g: { suppliersCount: number }) => g.suppliersCount === 5)).toBe(true);
    expect(types.unassignedCount).toBe(0);
    const list = (await get('/suppliers')).json();
    expect(list.total).toBe(25);
    const items = list.items as {
      isFeatured: boolean;
      contactsCount: number;
      hideFromTeamTypeIds: string[];
    }[];
    expect(items.filter((s) => s.isFeatured)).toHaveLength(5);
    expect(items.filter((s) => s.contactsCount > 0).length).toBeGreaterThanOrEqual(20);
    expect(items.filter((s) => s.hideFromTeamTypeIds.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('gives most suppliers a stored logo that members can read', async () => {
    const items = (await get('/suppliers')).json().items as { logo: string }[];
    const withLogo = items.filter((s) => s.logo !== '');
    expect(withLogo).toHaveLength(20);
    const read = await t.app.inject({ method: 'GET', url: withLogo[0].logo, headers: { cookie: moderator } });
    expect(read.statusCode).toBe(200);
    expect((await sharp(read.rawPayload).metadata()).width).toBe(256);
  });

  it('makes a 256x256 PNG logo of the initials', async () => {
    const png = await initialsLogo('Bright Sparks AV', '#3b3f99');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });
});
