import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../../platform/paths';

type Row = Record<string, unknown>;

/**
 * Migration 0022 (decision 0065) on a database filled at 0021: the uuid[] lists move to the join
 * tables in their order, without repeats or ids that are no team type of the row's event, and the
 * arrays go. Run on PGlite with the same SQL files both engines apply.
 */
describe('migration 0022: team type arrays into join tables', () => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-0021-'));
  const client = new PGlite();
  const db = drizzle(client);
  const ids = {
    event: crypto.randomUUID(),
    other: crypto.randomUUID(),
    a: crypto.randomUUID(),
    b: crypto.randomUUID(),
    foreign: crypto.randomUUID(),
    task: crypto.randomUUID(),
    page: crypto.randomUUID(),
    download: crypto.randomUUID(),
    supplier: crypto.randomUUID(),
    notification: crypto.randomUUID(),
    session: crypto.randomUUID(),
  };
  const rows = async (statement: ReturnType<typeof sql>) =>
    ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  const list = async (table: string, owner: string, id: string) =>
    (
      await rows(
        sql`select team_type_id from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${id} order by position`,
      )
    ).map((r) => r.team_type_id);

  beforeAll(async () => {
    // The migrations as they were at 0021: the same files, the journal cut after 0021.
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 21) }),
    );
    await migrate(db, { migrationsFolder: folder });

    const { event, other, a, b, foreign } = ids;
    await db.execute(sql`insert into events (id, name, version, app_url)
      values (${event}, 'Expo', '1', ''), (${other}, 'Other', '1', '')`);
    await db.execute(sql`insert into team_types (event_id, id, name)
      values (${event}, ${a}, 'Exhibitor'), (${event}, ${b}, 'Sponsor'), (${other}, ${foreign}, 'Elsewhere')`);
    // b before a, a repeat, and another event's type: the order is kept, the rest dropped.
    const list = sql`array[${b}, ${a}, ${b}, ${foreign}]::uuid[]`;
    await db.execute(sql`insert into tasks (event_id, id, title, due_date, team_type_ids)
      values (${event}, ${ids.task}, 'Book power', '2099-01-01', ${list})`);
    await db.execute(sql`insert into content_pages (event_id, id, title, allowed_team_type_ids)
      values (${event}, ${ids.page}, 'Manual', ${list})`);
    await db.execute(sql`insert into downloads (event_id, id, name, file_id, file_name, file_size, file_type,
        show_to_team_type_ids, hide_from_team_type_ids)
      values (${event}, ${ids.download}, 'Plan', ${crypto.randomUUID()}, 'plan.pdf', 1, 'PDF', ${list}, array[${a}]::uuid[])`);
    await db.execute(sql`insert into suppliers (event_id, id, company, show_to_team_type_ids, hide_from_team_type_ids)
      values (${event}, ${ids.supplier}, 'Apex', array[]::uuid[], ${list})`);
    await db.execute(sql`insert into notifications (event_id, id, title, audience, team_type_ids)
      values (${event}, ${ids.notification}, 'Build-up', 'teamTypes', ${list})`);
    await db.execute(sql`insert into timetable_sessions (event_id, id, title, starts_at, ends_at, team_type_ids)
      values (${event}, ${ids.session}, 'Briefing', '2027-05-10T09:00', '2027-05-10T10:00', ${list})`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  });

  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads the same lists, in order, from the join tables', async () => {
    const { a, b } = ids;
    expect(await list('task_team_types', 'task_id', ids.task)).toEqual([b, a]);
    expect(await list('content_page_team_types', 'page_id', ids.page)).toEqual([b, a]);
    expect(await list('download_show_team_types', 'download_id', ids.download)).toEqual([b, a]);
    expect(await list('download_hide_team_types', 'download_id', ids.download)).toEqual([a]);
    expect(await list('supplier_show_team_types', 'supplier_id', ids.supplier)).toEqual([]);
    expect(await list('supplier_hide_team_types', 'supplier_id', ids.supplier)).toEqual([b, a]);
    expect(await list('notification_team_types', 'notification_id', ids.notification)).toEqual([b, a]);
    expect(await list('timetable_session_team_types', 'session_id', ids.session)).toEqual([b, a]);
  });

  it('drops the arrays, and a deleted team type leaves every list by its foreign key', async () => {
    const arrays = await rows(sql`select table_name from information_schema.columns
      where table_schema = 'public' and column_name like '%team_type_ids'`);
    expect(arrays).toEqual([]);
    await db.execute(sql`delete from team_types where id = ${ids.b}`);
    expect(await list('task_team_types', 'task_id', ids.task)).toEqual([ids.a]);
    expect(await list('supplier_hide_team_types', 'supplier_id', ids.supplier)).toEqual([ids.a]);
    // Deleting the owner takes its list with it.
    await db.execute(sql`delete from tasks where id = ${ids.task}`);
    expect(await list('task_team_types', 'task_id', ids.task)).toEqual([]);
  });
});
