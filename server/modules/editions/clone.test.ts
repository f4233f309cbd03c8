import { readdirSync } from 'node:fs';
import { and, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLONE_ERRORS, type CloneStatus, shiftDate } from '../../../shared/editions/clone';
import type { FormDetail, FormListResponse } from '../../../shared/forms/api';
import { makeDefinition } from '../../../shared/forms/definition';
import { evaluateVisibility } from '../../../shared/forms/logic';
import { rowsOf as rowsOfSql } from '../../platform/db/rows';
import { withTransaction } from '../../platform/db/transaction';
import * as schema from '../../schema';
import { seedDemo } from '../../seed/demo';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { settings } from '../events/tables';
import { files } from '../files/tables';
import { formFields, forms } from '../forms/tables';
import { memberships } from '../people/tables';
import { formSubmissions } from '../submissions/tables';
import { tasks } from '../tasks/tables';
import { timetableSessions } from '../timetable/tables';
import { CLONE_PLAN, NOT_CLONED } from './clone/plan';
import { cloneEvent, editionEventId } from './clone/service';
import { runClone } from './jobs';
import { eventClones } from './tables';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SHIFT = 364;

describe('next edition: cloning the demo event', () => {
  let t: TestApp;
  let source: string;
  let other: string;
  let admin: { id: string; email: string };
  let adminCookie: string;
  let clone: CloneStatus;

  const call = (cookie: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/events/${source}${path}`, headers: { cookie }, payload });
  const rowsOf = async (table: PgTable, eventId: string, where?: () => SQL) => {
    const col = getTableColumns(table).eventId as PgColumn;
    const rows = await t.ctx.db
      .select()
      .from(table as PgTable)
      .where(and(eq(col, eventId), where?.() as SQL | undefined));
    return rows as Record<string, unknown>[];
  };
  const eventCount = async () =>
    (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.events))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    ({ eventId: source } = await seedDemo(t.ctx));
    other = await makeEvent(t, 'Other Show');
    admin = await makeUser(t, source, 'admin');
    adminCookie = await signIn(t, admin.email, undefined, source);
    const res = await call(adminCookie, 'POST', '/clones', {
      name: 'Harbourside Expo 2028',
      shiftDays: SHIFT,
    });
    expect(res.statusCode, res.body).toBe(202);
    // Inline jobs in tests: the clone has run by the time the answer is read again.
    clone = (await call(adminCookie, 'GET', `/clones/${res.json().id}`)).json();
  }, 120_000);
  afterAll(() => t.close());

  it('finishes, and the runner is the one admin of the new event, which is in their events', async () => {
    expect(clone).toMatchObject({ state: 'done', error: null, name: 'Harbourside Expo 2028' });
    expect(clone.doneSteps).toBe(clone.totalSteps);
    const newId = clone.newEventId as string;
    expect(await rowsOf(memberships, newId)).toMatchObject([
      { accountId: admin.id, permissions: 'admin', teamId: null },
    ]);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } })).json();
    expect(me.events.map((e: { id: string }) => e.id)).toContain(newId);
    expect((await call(adminCookie, 'GET', '/clones/latest')).json().clone.id).toBe(clone.id);
  });

  /** Every table of the database with an event_id column, read from the catalogue, not the schema. */
  const eventTables = async () =>
    (
      await rowsOfSql<{ name: string }>(
        t.ctx.db,
        sql`select table_name as name from information_schema.columns
            where table_schema = 'public' and column_name = 'event_id' order by 1`,
      )
    ).map((r) => r.name);
  const rawRows = async (table: string, eventId: string) =>
    rowsOfSql<Record<string, unknown>>(
      t.ctx.db,
      sql`select * from ${sql.identifier(table)} where event_id = ${eventId}`,
    );

  it('leaves no id of the first edition in any row of the new one (every table with an event_id)', async () => {
    const newId = clone.newEventId as string;
    const tables = await eventTables();
    expect(tables.length).toBeGreaterThan(40);
    const oldIds = new Set<string>([source]);
    for (const table of tables)
      for (const row of await rawRows(table, source)) if (typeof row.id === 'string') oldIds.add(row.id);
    expect(oldIds.size).toBeGreaterThan(500);
    const leaks: string[] = [];
    for (const table of tables)
      for (const row of await rawRows(table, newId))
        for (const id of JSON.stringify(row).match(UUID) ?? [])
          if (oldIds.has(id.toLowerCase())) leaks.push(`${table}: ${id}`);
    expect(leaks).toEqual([]);
  });

  it('copies every row of the set-up tables and none of the others', async () => {
    const newId = clone.newEventId as string;
    for (const step of CLONE_PLAN) {
      const before = (await rowsOf(step.table, source, step.where)).length;
      const after = (await rowsOf(step.table, newId)).length;
      expect(after, getTableName(step.table)).toBe(before);
    }
    // The demo has something in each table it is meant to show copied.
    for (const name of [
      'tasks',
      'forms',
      'form_fields',
      'content_pages',
      'assets',
      'files',
      'suppliers',
      'timetable_sessions',
      'email_templates',
      'form_webhooks',
    ])
      expect(
        (await rowsOf(CLONE_PLAN.find((s) => getTableName(s.table) === name)!.table, newId)).length,
        name,
      ).toBeGreaterThan(0);
    // Every other table of the database (the declared NOT_CLONED and derived ones such as the
    // report counts) has nothing of the new event but the runner's membership.
    const copiedNames = new Set(CLONE_PLAN.map((step) => getTableName(step.table)));
    for (const table of await eventTables()) {
      if (copiedNames.has(table)) continue;
      expect((await rawRows(table, newId)).length, table).toBe(table === 'memberships' ? 1 : 0);
    }
    expect(NOT_CLONED.length).toBeGreaterThan(20);
    // Webhooks arrive switched off.
    const hooks = await rowsOf(schema.formWebhooks, newId);
    expect(hooks.every((h) => h.isActive === false)).toBe(true);
  });

  it('moves the dates by the days asked: tasks, sessions and the event', async () => {
    const newId = clone.newEventId as string;
    const dues = async (id: string) =>
      (await t.ctx.db.select({ d: tasks.dueDate }).from(tasks).where(eq(tasks.eventId, id)))
        .map((r) => r.d)
        .sort();
    expect(await dues(newId)).toEqual((await dues(source)).map((d) => shiftDate(d, SHIFT)).sort());
    const starts = async (id: string) =>
      (
        await t.ctx.db
          .select({ s: timetableSessions.startsAt })
          .from(timetableSessions)
          .where(eq(timetableSessions.eventId, id))
      )
        .map((r) => r.s)
        .sort();
    expect(await starts(newId)).toEqual((await starts(source)).map((s) => shiftDate(s, SHIFT)).sort());
    const eventDoc = async (id: string) =>
      (
        await t.ctx.db
          .select()
          .from(settings)
          .where(and(eq(settings.eventId, id), eq(settings.name, 'event')))
      )[0].data as Record<string, string>;
    const [before, after] = [await eventDoc(source), await eventDoc(newId)];
    expect(after.startDate).toBe(shiftDate(before.startDate, SHIFT));
    expect(after.endDate).toBe(shiftDate(before.endDate, SHIFT));
    expect(after.eventName).toBe('Harbourside Expo 2028');
  });

  it("keeps each form's logic: the engine shows the same fields for the same answers", async () => {
    const newId = clone.newEventId as string;
    const newCookie = await signIn(t, admin.email, undefined, newId);
    const detailsOf = async (eventId: string, cookie: string) => {
      const list = (
        await t.app.inject({ url: `/api/events/${eventId}/forms`, headers: { cookie } })
      ).json() as FormListResponse;
      const details: Record<string, FormDetail> = {};
      for (const row of list.items)
        details[row.title] = (
          await t.app.inject({ url: `/api/events/${eventId}/forms/${row.id}`, headers: { cookie } })
        ).json();
      return details;
    };
    const [before, after] = [await detailsOf(source, adminCookie), await detailsOf(newId, newCookie)];
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // Old field id to new, paired by form (or group) and position.
    const fieldsOf = async (eventId: string) =>
      t.ctx.db
        .select({
          id: formFields.id,
          formId: formFields.formId,
          groupId: formFields.groupId,
          position: formFields.position,
          title: forms.title,
        })
        .from(formFields)
        .leftJoin(forms, eq(forms.id, formFields.formId))
        .where(eq(formFields.eventId, eventId));
    const key = (
      f: { title: string | null; groupId: string | null; position: number },
      groups: Map<string, string>,
    ) => `${f.title ?? groups.get(f.groupId ?? '')}#${f.position}`;
    const groupTitles = async (eventId: string) =>
      new Map(
        (await t.ctx.db.select().from(schema.fieldGroups).where(eq(schema.fieldGroups.eventId, eventId))).map(
          (g) => [g.id, g.title],
        ),
      );
    const [oldGroups, newGroups] = [await groupTitles(source), await groupTitles(newId)];
    const newByKey = new Map((await fieldsOf(newId)).map((f) => [key(f, newGroups), f.id]));
    const fieldMap = new Map(
      (await fieldsOf(source)).map((f) => [f.id, newByKey.get(key(f, oldGroups)) as string]),
    );
    const remap = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v).replace(UUID, (id) => fieldMap.get(id) ?? id));

    const answers = await t.ctx.db.select().from(formSubmissions).where(eq(formSubmissions.eventId, source));
    let compared = 0;
    for (const [title, old] of Object.entries(before)) {
      const copy = after[title];
      const oldDef = makeDefinition(old.form, old.fields, old.fieldGroups);
      const newDef = makeDefinition(copy.form, copy.fields, copy.fieldGroups);
      for (const answer of answers.filter((a) => a.formId === old.form.id)) {
        expect(remap(evaluateVisibility(oldDef, answer.values))).toEqual(
          evaluateVisibility(newDef, remap(answer.values)),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(3);
  });

  it('lets admins only, of this event only, with good input only', async () => {
    const events = await eventCount();
    const clones = (await rowsOf(eventClones, source)).length;
    for (const level of ['moderator', 'reportViewer', 'user'] as const) {
      const cookie = await signIn(t, (await makeUser(t, source, level)).email, undefined, source);
      expect((await call(cookie, 'POST', '/clones', { name: 'X', shiftDays: 1 })).statusCode, level).toBe(
        403,
      );
      expect((await call(cookie, 'GET', `/clones/${clone.id}`)).statusCode, level).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${source}/clones`,
          payload: { name: 'X', shiftDays: 1 },
        })
      ).statusCode,
    ).toBe(401);
    // An admin of another event: this event is not theirs, nor is its clone.
    const otherAdmin = await signIn(t, (await makeUser(t, other, 'admin')).email, undefined, other);
    expect((await call(otherAdmin, 'POST', '/clones', { name: 'X', shiftDays: 1 })).statusCode).toBe(404);
    const foreign = await t.app.inject({
      url: `/api/events/${other}/clones/${clone.id}`,
      headers: { cookie: otherAdmin },
    });
    expect(foreign.statusCode).toBe(404);
    for (const [body, message] of [
      [{ name: '  ', shiftDays: 364 }, CLONE_ERRORS.name],
      [{ name: 'Next', shiftDays: 2.5 }, CLONE_ERRORS.shiftDays],
      [{ name: 'Next', shiftDays: 99_999 }, CLONE_ERRORS.shiftDays],
    ] as const) {
      const res = await call(adminCookie, 'POST', '/clones', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect(
      (await call(adminCookie, 'POST', '/clones', { name: 'Next', shiftDays: 1, extra: 1 })).statusCode,
    ).toBe(400);
    expect(await eventCount()).toBe(events);
    expect((await rowsOf(eventClones, source)).length).toBe(clones);
  });

  it('leaves no event and no stored file when it fails half-way, and says so', async () => {
    const events = await eventCount();
    const storedFiles = () =>
      readdirSync(t.filesDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;
    const filesBefore = storedFiles();
    const [row] = await t.ctx.db
      .insert(eventClones)
      .values({ eventId: source, name: 'Doomed', shiftDays: 7 })
      .returning();
    let reached = 0;
    await runClone(
      t.ctx,
      { v: 1, eventId: source, cloneId: row.id, actorId: admin.id },
      {
        afterStep: (done, total, table) => {
          reached = done;
          if (done === Math.floor(total / 2)) throw new Error(`stopped after ${table}`);
        },
      },
    );
    expect(reached).toBeGreaterThan(5);
    expect(await eventCount()).toBe(events);
    expect(storedFiles()).toBe(filesBefore);
    const status = (await call(adminCookie, 'GET', `/clones/${row.id}`)).json();
    expect(status).toMatchObject({ state: 'failed', newEventId: null, error: CLONE_ERRORS.failed });
  });

  it('leaves no stored file of an attempt killed half-way: its job, run again, removes them first', async () => {
    const events = await eventCount();
    const [row] = await t.ctx.db
      .insert(eventClones)
      .values({ eventId: source, name: 'Killed', shiftDays: 7, state: 'running' })
      .returning();
    const job = { v: 1 as const, eventId: source, cloneId: row.id, actorId: admin.id };
    const folder = `${editionEventId(row.id)}/`;
    const stored = async () => {
      const keys: string[] = [];
      for await (const object of t.ctx.storage.list(folder)) keys.push(object.key);
      return keys.sort();
    };
    /**
     * What a process killed between copying the files and committing leaves: its transaction never
     * commits (here it rolls back) and nothing of it runs afterwards, so the copied files stay.
     */
    const killedAttempt = async () => {
      await expect(
        withTransaction(t.ctx.db, (tx) =>
          cloneEvent(
            tx,
            t.ctx.storage,
            {
              sourceEventId: source,
              name: 'Killed',
              shiftDays: 7,
              actorId: admin.id,
              adminIds: [admin.id],
              newEventId: editionEventId(row.id),
            },
            {
              afterStep: (_done, _total, table) => {
                if (table === 'assets') throw new Error('killed');
              },
            },
          ),
        ),
      ).rejects.toThrow('killed');
      await t.ctx.db.update(eventClones).set({ state: 'running' }).where(eq(eventClones.id, row.id));
      const left = await stored();
      expect(left.length).toBeGreaterThan(0);
      expect(await eventCount()).toBe(events);
      return left;
    };

    // Killed, then the retry fails too: storage holds nothing of either attempt.
    await killedAttempt();
    await runClone(t.ctx, job, {
      afterStep: (done) => {
        if (done === 1) throw new Error('failed again');
      },
    });
    expect(await stored()).toEqual([]);
    expect(await eventCount()).toBe(events);

    // Killed, then the retry finishes: only the files its committed rows name are in the folder.
    const left = await killedAttempt();
    await runClone(t.ctx, job);
    const status = (await call(adminCookie, 'GET', `/clones/${row.id}`)).json();
    expect(status).toMatchObject({ state: 'done', newEventId: editionEventId(row.id) });
    const named = new Set<string>();
    for (const file of await rowsOf(files, status.newEventId)) {
      named.add(file.storageKey as string);
      for (const key of Object.values((file.variants ?? {}) as Record<string, string>)) named.add(key);
    }
    const now = await stored();
    expect(now.length).toBeGreaterThan(0);
    expect(now).toEqual([...named].sort());
    for (const key of left) expect(now).not.toContain(key);
  });
});
