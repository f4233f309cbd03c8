import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_TYPES } from '../../shared/content/sections';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoContent } from './demoContent';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';

describe('demo content', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;
  let ids: Map<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    await t.ctx.db.transaction(async (tx) => {
      await seedDemoTeams(tx, eventId, 'demo.example');
      await seedDemoTasks(tx, eventId);
    });
    ids = await seedDemoContent(t.ctx, eventId);
  });
  afterAll(() => t.close());

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: admin } });

  it('makes a dozen pages that together use every section type', async () => {
    const list = (await get('/content')).json();
    expect(list.total).toBe(12);
    expect(list.items.map((p: { title: string }) => p.title)).toEqual(
      expect.arrayContaining([
        'Exhibitor manual',
        'Venue & travel',
        'Stand build rules',
        'Health & safety',
        'Catering',
      ]),
    );
    const used = new Set<string>();
    for (const id of ids.values()) {
      for (const section of (await get(`/content/${id}`)).json().sections) used.add(section.type);
    }
    expect([...used].sort()).toEqual([...SECTION_TYPES].sort());
  });

  it('serves its public page to guests, with its image readable signed out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/guests/content/${ids.get('Venue & travel')}`,
    });
    expect(res.statusCode).toBe(200);
    const image = res.json().sections.find((s: { type: string }) => s.type === 'image');
    expect(image.data.src).toMatch(/^\/api\/guests\/files\//);
    expect((await t.app.inject({ method: 'GET', url: image.data.src })).statusCode).toBe(200);
  });

  it("serves a page's PDF to members and, on a private page, not to guests", async () => {
    const page = (await get(`/my-content/${ids.get('Exhibitor manual')}`)).json();
    const pdf = page.sections.find((s: { type: string }) => s.type === 'pdf');
    const file = await t.app.inject({
      method: 'GET',
      url: pdf.data.files[0].url,
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const id = pdf.data.fileIds[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/guests/files/${id}` })).statusCode).toBe(404);
  });
});
