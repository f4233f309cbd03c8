import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoContent } from './demoContent';
import { seedDemoPortal } from './demoPortal';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';

describe('demo portal', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    // As the demo seed does: the content pages link to the demo's tasks.
    await t.ctx.db.transaction(async (tx) => {
      await seedDemoTeams(tx, eventId, 'demo.example');
      await seedDemoTasks(tx, eventId);
    });
    await seedDemoContent(t.ctx, eventId);
    await seedDemoPortal(t.ctx, eventId);
  });
  afterAll(() => t.close());

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: admin } });

  it('adds downloads with real files, each readable, sized and typed', async () => {
    const list = (await get('/downloads')).json();
    expect(list.items.map((d: { name: string }) => d.name)).toEqual([
      'Exhibitor manual',
      'Floor plan',
      'Health and safety checklist',
      'Logo pack',
      'Sponsor brand guidelines',
      'Stand extras price list',
    ]);
    expect(list.items.map((d: { fileType: string }) => d.fileType).sort()).toEqual([
      'PDF',
      'PDF',
      'PDF',
      'PNG',
      'XLSX',
      'ZIP',
    ]);
    for (const download of list.items) {
      const file = await t.app.inject({ method: 'GET', url: download.data, headers: { cookie: admin } });
      expect(file.statusCode, download.name).toBe(200);
      expect(file.rawPayload.length).toBe(download.fileSize);
    }
  });

  it('arranges the sidebar in three sections with content pages, features pages and adds a sponsor layout', async () => {
    const nav = (await get('/navigation')).json();
    expect(nav.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Home',
      'Get ready',
      'At the show',
    ]);
    const contentItems = nav.sections
      .flatMap((s: { items: { kind: string }[] }) => s.items)
      .filter((i: { kind: string }) => i.kind === 'content');
    expect(contentItems.length).toBeGreaterThan(0);
    const featured = (await get('/featured-pages')).json();
    expect([4, 8]).toContain(featured.contentIds.length);
    const layouts = (await get('/card-layouts')).json().items;
    expect(layouts.map((l: { name: string }) => l.name)).toEqual(['Default', 'Sponsors']);
    expect(layouts[1].teamTypeIds).toHaveLength(1);
    const dashboard = (await get('/dashboard')).json();
    expect(dashboard.headerImage).toMatch(/\/files\//);
    expect(dashboard.featured.length).toBe(featured.contentIds.length);
  });
});
