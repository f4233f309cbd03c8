import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { getDownload } from '../downloads/service';
import { downloadHideTeamTypes, downloadShowTeamTypes, downloads } from '../downloads/tables';
import { files } from '../files/tables';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';
import { saveTeamTypeIds } from './teamTypes/links/queries';

type Row = Record<string, string>;

describe('deleting a team type (spec: "removes it from everything that references it")', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof teamTaskWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    w = await teamTaskWorld(t, eventId);
  });
  afterAll(() => t.close());

  /** A download with both lists, written as the service writes them (the API needs an upload). */
  async function download(show: string[], hide: string[]): Promise<string> {
    const [file] = await t.ctx.db
      .insert(files)
      .values({
        eventId,
        ownerKind: 'download',
        uploadedBy: 'system',
        name: 'Manual.pdf',
        size: 10,
        contentType: 'application/pdf',
        storageKey: `${eventId}/${crypto.randomUUID()}`,
      })
      .returning({ id: files.id });
    const [row] = await t.ctx.db
      .insert(downloads)
      .values({
        eventId,
        name: 'Manual',
        fileId: file.id,
        fileName: 'Manual.pdf',
        fileSize: 10,
        fileType: 'PDF',
      })
      .returning({ id: downloads.id });
    await saveTeamTypeIds(t.ctx.db, downloadShowTeamTypes, eventId, row.id, show);
    await saveTeamTypeIds(t.ctx.db, downloadHideTeamTypes, eventId, row.id, hide);
    return row.id;
  }

  it('takes it out of every list, keeping the other types and their order, in one request', async () => {
    const both = [w.exhibitorType, w.sponsorType];
    const reversed = [w.sponsorType, w.exhibitorType];
    const task = await w.newTask({ title: 'Book power', teamTypeIds: both });
    const created = async (path: string, body: object) => {
      const res = await w.api.call('POST', w.admin, path, body);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const supplier = await created('/suppliers', {
      company: 'Apex Stands',
      showToTeamTypeIds: both,
    });
    const page = await created('/content', { title: 'Exhibitor manual', allowedTeamTypeIds: reversed });
    const notification = await created('/notifications', {
      title: 'Build-up',
      audience: 'teamTypes',
      teamTypeIds: both,
    });
    const session = await created('/time-table/sessions', {
      title: 'Briefing',
      startsAt: '2027-05-10T09:00',
      endsAt: '2027-05-10T10:00',
      teamTypeIds: both,
    });
    const file = await download([w.sponsorType], [w.exhibitorType]);

    const read = async (path: string) => (await w.api.call('GET', w.admin, path)).json();
    // The lists answer in the order they were saved.
    expect((await read(`/content/${page}`)).allowedTeamTypeIds).toEqual(reversed);
    expect((await read(`/tasks/${task.id}`)).teamTypeIds).toEqual(both);

    expect((await w.api.call('DELETE', w.admin, `/team-types/${w.exhibitorType}`)).statusCode).toBe(204);

    expect((await read(`/tasks/${task.id}`)).teamTypeIds).toEqual([w.sponsorType]);
    expect(await read(`/suppliers/${supplier}`)).toMatchObject({
      showToTeamTypeIds: [w.sponsorType],
      hideFromTeamTypeIds: [],
    });
    expect((await read(`/content/${page}`)).allowedTeamTypeIds).toEqual([w.sponsorType]);
    expect((await read(`/notifications/${notification}`)).teamTypeIds).toEqual([w.sponsorType]);
    const sessions = (await read('/time-table/sessions')).items as { id: string; teamTypeIds: string[] }[];
    expect(sessions.find((s) => s.id === session)?.teamTypeIds).toEqual([w.sponsorType]);
    expect(await getDownload(t.ctx.db, eventId, file)).toMatchObject({
      showToTeamTypeIds: [w.sponsorType],
      hideFromTeamTypeIds: [],
    });
    // The teams of that type lose it through their foreign key.
    expect((await read(`/teams/${w.exhibitor.id}`)).teamTypeId).toBeNull();
  });

  it('needs no list of places: every team type reference is a column with a foreign key to team_types', async () => {
    const rows = async (statement: ReturnType<typeof sql>) =>
      ((await t.ctx.db.execute(statement)) as unknown as { rows: Row[] }).rows;
    // No array of team type ids is left anywhere for a delete to miss.
    const arrays = await rows(sql`
      select table_name || '.' || column_name as name from information_schema.columns
      where table_schema = 'public' and data_type = 'ARRAY' and column_name like '%team_type%'`);
    expect(arrays).toEqual([]);
    // Every team_type_id column is held by a foreign key to team_types that acts on delete.
    const columns = await rows(sql`
      select c.table_name as name,
        (select string_agg(k.confdeltype::text, '') from pg_constraint k
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
          where k.contype = 'f' and k.conrelid = (quote_ident(c.table_name))::regclass
            and k.confrelid = 'team_types'::regclass and a.attname = 'team_type_id') as on_delete
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'team_type_id'
      order by 1`);
    expect(columns.length).toBeGreaterThanOrEqual(10);
    for (const column of columns) expect(['c', 'n'], column.name).toContain(column.on_delete);
  });
});
