import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BadRecord, setBadRecordReporter } from '../../platform/badRecords';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { notificationsKit } from './notificationsTestKit';
import { notifications } from './tables';

/** Spec: readers drop records that fail their shape check and report them, never a 500 for the list. */
describe('stored event notifications failing their shape check', () => {
  let t: TestApp;
  let kit: ReturnType<typeof notificationsKit>;
  let admin: string;
  const reported: BadRecord[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const eventId = await makeEvent(t);
    kit = notificationsKit(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    setBadRecordReporter((record) => reported.push(record));
  });
  afterAll(async () => {
    setBadRecordReporter(null);
    await t.close();
  });

  it('leaves a bad one out of the admin list and the reader, reports it, and still reads the rest', async () => {
    const good = await kit.create(admin, { title: 'Doors open at 9:00', action: 'publish' });
    const bad = await kit.create(admin, { title: 'Hand-edited', action: 'publish' });
    // A row edited by hand: an audience the schema does not know (the column is plain text).
    await t.ctx.db
      .update(notifications)
      .set({ audience: 'martians' as never })
      .where(eq(notifications.id, bad.id));

    const list = await kit.call('GET', admin, '/notifications');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((n: { id: string }) => n.id)).toEqual([good.id]);

    const reader = (await kit.reader(admin, 'Acme Stands', null)).cookie;
    const mine = await kit.mine(reader);
    expect(mine.items.map((n) => n.id)).toEqual([good.id]);
    expect(mine.unreadCount).toBe(1);
    // Marking all read passes over it too, and the bad one cannot be marked on its own.
    expect((await kit.call('POST', reader, '/my-notifications/read', {})).statusCode).toBe(204);
    expect((await kit.call('POST', reader, `/my-notifications/${bad.id}/read`, {})).statusCode).toBe(404);

    expect(reported).toContainEqual(expect.objectContaining({ kind: 'event notification', id: bad.id }));
  });
});
