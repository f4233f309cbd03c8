import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';
import { registeredTeamTypeReferences } from './teamTypes/references/service';

describe('deleting a team type (spec: "removes it from everything that references it")', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await teamTaskWorld(t, await makeEvent(t));
  });
  afterAll(() => t.close());

  it('takes it out of tasks, suppliers and content, keeping the other types, in one request', async () => {
    const both = [w.exhibitorType, w.sponsorType];
    const task = await w.newTask({ title: 'Book power', teamTypeIds: both });
    const supplier = (
      await w.api.call('POST', w.admin, '/suppliers', { company: 'Apex Stands', showToTeamTypeIds: both })
    ).json() as { id: string };
    const page = (
      await w.api.call('POST', w.admin, '/content', { title: 'Exhibitor manual', allowedTeamTypeIds: both })
    ).json() as { id: string };

    expect((await w.api.call('DELETE', w.admin, `/team-types/${w.exhibitorType}`)).statusCode).toBe(204);

    const read = async (path: string) => (await w.api.call('GET', w.admin, path)).json();
    expect((await read(`/tasks/${task.id}`)).teamTypeIds).toEqual([w.sponsorType]);
    expect((await read(`/suppliers/${supplier.id}`)).showToTeamTypeIds).toEqual([w.sponsorType]);
    expect((await read(`/content/${page.id}`)).allowedTeamTypeIds).toEqual([w.sponsorType]);
    // The teams of that type lose it through their foreign key.
    expect((await read(`/teams/${w.exhibitor.id}`)).teamTypeId).toBeNull();
    expect(registeredTeamTypeReferences()).toEqual(
      expect.arrayContaining(['content', 'downloads', 'suppliers', 'tasks']),
    );
  });
});
