import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamTaskWorld } from '../modules/tasks/teamTaskTestKit';
import { taskComments } from '../modules/tasks/threads/tables';
import { createTestApp, makeEvent, type TestApp } from '../test/harness';
import { seedDemoComments } from './demoTaskComments';

describe('demo comments', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
    await w.member(w.exhibitor.id, 'Nadia', 'Okafor');
  });
  afterAll(() => t.close());

  it('writes threads of teams with people, with mentions, replies, likes and pins, readable through the API', async () => {
    const tasks = [await w.newTask({ title: 'One' }), await w.newTask({ title: 'Two' })];
    const written = await t.ctx.db.transaction((tx) =>
      seedDemoComments(
        tx,
        eventId,
        tasks.map((task) => task.id),
        { threads: 4 },
      ),
    );
    expect(written).toBe(8);
    const rows = await t.ctx.db.select().from(taskComments).where(eq(taskComments.eventId, eventId));
    // Only the exhibitor has an owner and a member; the sponsor (owner alone) gets none.
    expect(new Set(rows.map((r) => r.teamId))).toEqual(new Set([w.exhibitor.id]));
    expect(rows.some((r) => r.isPinned)).toBe(true);
    const thread = (
      await w.api.call('GET', w.exhibitor.cookie, `/tasks/${rows[0].taskId}/teams/${w.exhibitor.id}/comments`)
    ).json();
    expect(thread.items.length).toBeGreaterThan(0);
    expect(thread.items[0].replies).toHaveLength(1);
    expect(thread.items.some((c: { text: string }) => c.text.includes('@Nadia Okafor'))).toBe(true);
  });
});
