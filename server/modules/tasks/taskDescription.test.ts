import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TASK_GROUPS } from '../../seed/demoTaskList';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { sanitizeRichText } from '../content/sanitize';
import { teamApi } from '../people/teamTestKit';
import { tasks } from './tables';

type MyTasks = { sections: { tasks: { id: string; description: string }[] }[] };

describe('the rich description of a task', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  let team: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    team = await api.ownedTeam(admin, 'Harbour Bakery');
  });
  afterAll(() => t.close());

  const stored = async (taskId: string) => {
    const [row] = await t.ctx.db
      .select({ description: tasks.description })
      .from(tasks)
      .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
    return row.description;
  };

  it('is stored sanitised on create and on update, keeping the formatting the editor makes', async () => {
    const created = await api.call('POST', admin, '/tasks', {
      title: 'Send your logo',
      dueDate: '2099-01-01',
      description:
        '<p>A <strong>PNG</strong> please<script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
        '<p><a href="javascript:alert(3)" onclick="alert(4)">manual</a></p>',
    });
    expect(created.statusCode).toBe(201);
    const { id, description } = created.json() as { id: string; description: string };
    for (const html of [description, await stored(id)]) {
      expect(html).toContain('<strong>PNG</strong>');
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    }

    const updated = await api.call('PUT', admin, `/tasks/${id}`, {
      title: 'Send your logo',
      dueDate: '2099-01-01',
      description:
        '<h2>Format</h2><ul><li><p>SVG</p></li></ul><iframe src="https://evil.example"></iframe>' +
        '<p style="position:fixed" onmouseover="alert(5)"><a href="https://example.com/guide">guide</a></p>',
    });
    expect(updated.statusCode).toBe(200);
    const html = await stored(id);
    expect(html).toContain('<h2>Format</h2><ul><li><p>SVG</p></li></ul>');
    expect(html).toContain(
      '<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(html).not.toMatch(/iframe|onmouseover|position:fixed/i);
    expect(updated.json().description).toBe(html);

    // Teams read the same sanitised HTML.
    const mine = (await api.call('GET', team.cookie, '/my-tasks')).json() as MyTasks;
    const seen = mine.sections.flatMap((s) => s.tasks).find((task) => task.id === id);
    expect(seen?.description).toBe(html);
  });

  it('stores an empty description for an editor left empty or holding only what is removed', async () => {
    const res = await api.call('POST', admin, '/tasks', {
      title: 'Nothing to say',
      dueDate: '2099-01-01',
      description: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json().id)).toBe('');
  });

  it('seeds demo descriptions as HTML the sanitiser keeps as it is', async () => {
    for (const [, list] of DEMO_TASK_GROUPS) {
      for (const task of list) {
        expect(task.description, task.title).toMatch(/^<(p|ul|h2)>/);
        expect(await sanitizeRichText(task.description), task.title).toBe(task.description);
      }
    }
  });
});
