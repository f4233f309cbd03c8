import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_ERRORS } from '../../../shared/live/messages';
import { buildApp } from '../../app';
import { openPostgres } from '../../platform/db/client';
import type { App } from '../../platform/http/types';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp, tokenFromEmail } from '../../test/harness';
import { publishDueNotifications } from '../notifications/jobs';
import { notificationsKit } from '../notifications/notificationsTestKit';
import { liveSettings } from './routes';
import { openStream, type StreamReader } from './streamClient';

const stream = (eventId: string) => `/api/events/${eventId}/stream`;
const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
/** After the signal that reaches everyone has arrived, one that was not sent would have too. */
const settle = () => new Promise((done) => setTimeout(done, 150));

/** Fails with what it waited for instead of the test's bare timeout. */
function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`waited ${ms} ms for ${what}`)), ms).unref()),
  ]);
}

/** Changes an account's password through the reset link, as its owner would; every session ends. */
async function resetPassword(t: TestApp, email: string, eventId: string, password: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email, eventId },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: await tokenFromEmail(t, email), password },
  });
  expect(changed.statusCode, changed.body).toBe(200);
}

describe('the event stream', () => {
  let t: TestApp;
  let base: string;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof notificationsKit>;
  let admin: string;
  let exhibitorType: string;
  let exhibitor: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  let sponsor: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  let untyped: Awaited<ReturnType<ReturnType<typeof notificationsKit>['reader']>>;
  const open: StreamReader[] = [];
  const listen = async (cookie: string, id = eventId) => {
    const reader = await openStream(base, stream(id), cookie);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    liveSettings.heartbeatMs = 100;
    liveSettings.maxPerAccount = 3;
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = urlOf(t.app);
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    kit = notificationsKit(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    exhibitorType = await kit.teamType(admin, 'Exhibitor');
    const sponsorType = await kit.teamType(admin, 'Sponsor');
    exhibitor = await kit.reader(admin, 'Acme Stands', exhibitorType);
    sponsor = await kit.reader(admin, 'Big Sponsor', sponsorType);
    untyped = await kit.reader(admin, 'Loose Team', null);
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

  it('refuses a caller who is signed out, not a member of the event, or sends a bad id', async () => {
    expect((await listen('')).status).toBe(401);
    expect((await listen(exhibitor.cookie, otherEventId)).status).toBe(404);
    expect((await listen(exhibitor.cookie, 'not-an-id')).status).toBe(400);
    const outsider = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    expect((await listen(outsider, eventId)).status).toBe(404);
    // Without the Accept of an EventSource the answer would never end for its caller: refused.
    const plain = await t.app.inject({
      method: 'GET',
      url: stream(eventId),
      headers: { cookie: exhibitor.cookie },
    });
    expect(plain.statusCode).toBe(406);
    expect(plain.json().error.message).toBe(LIVE_ERRORS.notEventStream);
  });

  it('opens a server-sent events stream that sends heartbeats', async () => {
    const reader = await listen(untyped.cookie);
    expect(reader.status).toBe(200);
    expect(reader.contentType).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => reader.comments.filter((c) => c === 'keep-alive').length).toBeGreaterThan(1);
    reader.close();
  });

  it('a publish for one team type reaches that type and the admins; one for a team only that team', async () => {
    const [ex, sp, un, ad] = await Promise.all(
      [exhibitor.cookie, sponsor.cookie, untyped.cookie, admin].map((c) => listen(c)),
    );
    await kit.create(admin, {
      title: 'Catering order closes Friday',
      audience: 'teamTypes',
      teamTypeIds: [exhibitorType],
      action: 'publish',
    });
    await kit.create(admin, { title: 'Just a draft', audience: 'everyone' });
    await kit.create(admin, {
      title: 'Your stand',
      audience: 'team',
      teamId: sponsor.teamId,
      action: 'publish',
    });
    await kit.create(admin, { title: 'Build-up starts at 7:00', action: 'publish' });
    await Promise.all([ex.waitFor(2), sp.waitFor(2), un.waitFor(1), ad.waitFor(3)]);
    await settle();
    expect(ex.messages).toEqual([{ type: 'notifications' }, { type: 'notifications' }]);
    expect(sp.messages).toHaveLength(2);
    expect(un.messages).toHaveLength(1);
    expect(ad.messages).toHaveLength(3);
    for (const reader of [ex, sp, un, ad]) reader.close();
  });

  it('a scheduled notification reaches its readers when the queue publishes it', async () => {
    const [ex, sp] = await Promise.all([listen(exhibitor.cookie), listen(sponsor.cookie)]);
    const { id } = await kit.create(admin, {
      title: 'Doors open',
      audience: 'teamTypes',
      teamTypeIds: [exhibitorType],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(id).toBeTruthy();
    await publishDueNotifications(t.ctx, new Date(Date.now() + 120_000));
    await ex.waitFor(1);
    await kit.create(admin, { title: 'To all', action: 'publish' });
    await Promise.all([ex.waitFor(2), sp.waitFor(1)]);
    await settle();
    expect(sp.messages).toHaveLength(1);
    ex.close();
    sp.close();
  });

  it("a read reaches the reader's other tabs only", async () => {
    const [tabA, tabB, other] = await Promise.all([
      listen(exhibitor.cookie),
      listen(exhibitor.cookie),
      listen(sponsor.cookie),
    ]);
    const res = await kit.call('POST', exhibitor.cookie, '/my-notifications/read', {});
    expect(res.statusCode).toBe(204);
    await Promise.all([tabA.waitFor(1), tabB.waitFor(1)]);
    await settle();
    expect(other.messages).toEqual([]);
    for (const reader of [tabA, tabB, other]) reader.close();
  });

  it('keeps at most the set number of streams per account and frees a place when one closes', async () => {
    const cookie = await signIn(t, exhibitor.email);
    const held = await Promise.all([listen(cookie), listen(cookie), listen(cookie)]);
    expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await listen(cookie);
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text).error.message).toBe(LIVE_ERRORS.tooManyStreams);
    held[0].close();
    await expect.poll(async () => (await listen(cookie)).status).toBe(200);
    for (const reader of held) reader.close();
  });

  it('signing out ends the streams of that session, not those of another session', async () => {
    const session = await signIn(t, untyped.email);
    const [mine, elsewhere] = await Promise.all([listen(session), listen(untyped.cookie)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session },
      payload: {},
    });
    expect(res.statusCode).toBe(204);
    await mine.ended;
    expect(mine.messages).toEqual([{ type: 'signedOut' }]);
    await kit.create(admin, { title: 'After sign-out', action: 'publish' });
    expect(await elsewhere.waitFor(1)).toHaveLength(1);
    elsewhere.close();
  });

  it("a password change closes every stream of the account at once, in every session, and no one else's", async () => {
    const person = await makeUser(t, eventId, 'user');
    const [first, second] = [await signIn(t, person.email), await signIn(t, person.email)];
    const [a, b, other] = await Promise.all([listen(first), listen(second), listen(sponsor.cookie)]);
    expect([a.status, b.status, other.status]).toEqual([200, 200, 200]);
    await resetPassword(t, person.email, eventId, 'a-new-long-passphrase-42');
    // Well before the 5-minute re-check: the change itself closes them.
    await within(Promise.all([a.ended, b.ended]), 'the streams to end');
    expect(a.messages).toEqual([{ type: 'signedOut' }]);
    expect(b.messages).toEqual([{ type: 'signedOut' }]);
    await kit.create(admin, { title: 'After the password change', action: 'publish' });
    expect(await other.waitFor(1)).toHaveLength(1);
    other.close();
  });

  it('ends every stream when the server closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherEvent = await makeEvent(other);
    const cookie = await signIn(other, (await makeUser(other, otherEvent, 'user')).email);
    const reader = await openStream(urlOf(other.app), stream(otherEvent), cookie);
    expect(reader.status).toBe(200);
    await other.close();
    await reader.ended;
  });
});

describe.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '')(
  'the event stream across two server processes on one PostgreSQL',
  () => {
    let first: TestApp;
    let second: App;
    let closeSecond: () => Promise<void>;

    beforeAll(async () => {
      liveSettings.maxPerAccount = 3;
      first = await createTestApp();
      await first.app.listen({ port: 0, host: '127.0.0.1' });
      const url = first.ctx.database.connectionString;
      if (!url) throw new Error('expected PostgreSQL');
      // A second app on the same database: its own pool and its own listening connection.
      const database = await openPostgres(url);
      second = await buildApp({ ...first.ctx, database, db: database.db });
      await second.listen({ port: 0, host: '127.0.0.1' });
      closeSecond = async () => {
        await second.close();
        await database.close();
      };
    });
    afterAll(async () => {
      await closeSecond();
      await first.close();
    });

    it('a publish in one process reaches a stream held by the other, only for its readers', async () => {
      const eventId = await makeEvent(first);
      const kit = notificationsKit(first, eventId);
      const admin = await signIn(first, (await makeUser(first, eventId, 'admin')).email);
      const growers = await kit.teamType(admin, 'Growers');
      const florists = await kit.teamType(admin, 'Florists');
      const grower = await kit.reader(admin, 'Sato Nurseries', growers);
      const florist = await kit.reader(admin, 'Bianchi Blooms', florists);
      const [g, f] = await Promise.all([
        openStream(urlOf(second), stream(eventId), grower.cookie),
        openStream(urlOf(second), stream(eventId), florist.cookie),
      ]);
      expect([g.status, f.status]).toEqual([200, 200]);
      await kit.create(admin, {
        title: 'For growers',
        audience: 'teamTypes',
        teamTypeIds: [growers],
        action: 'publish',
      });
      await kit.create(admin, { title: 'For all', action: 'publish' });
      await Promise.all([g.waitFor(2), f.waitFor(1)]);
      await settle();
      expect(f.messages).toHaveLength(1);
      // Signing out in the first process closes the stream held by the second.
      await first.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: grower.cookie },
        payload: {},
      });
      await g.ended;
      f.close();
    });

    it('one account holds at most the set number of streams across both processes', async () => {
      const eventId = await makeEvent(first);
      const person = await makeUser(first, eventId, 'user');
      const cookie = await signIn(first, person.email);
      const on = (app: App) => openStream(urlOf(app), stream(eventId), cookie);
      const held = [await on(first.app), await on(first.app), await on(second)];
      expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
      // Full in both processes: each refuses, whichever holds the account's other streams.
      const [refusedFirst, refusedSecond] = [await on(first.app), await on(second)];
      expect([refusedFirst.status, refusedSecond.status]).toEqual([429, 429]);
      await refusedSecond.ended;
      expect(JSON.parse(refusedSecond.text).error.message).toBe(LIVE_ERRORS.tooManyStreams);
      // Another account is not counted with it.
      const other = await signIn(first, (await makeUser(first, eventId, 'user')).email);
      const theirs = await openStream(urlOf(second), stream(eventId), other);
      expect(theirs.status).toBe(200);
      // A stream closed in the first process frees a place the second can take.
      held[0].close();
      await expect
        .poll(async () => {
          const next = await on(second);
          if (next.status === 200) held.push(next);
          return next.status;
        })
        .toBe(200);
      expect((await on(first.app)).status).toBe(429);
      for (const reader of [...held, theirs]) reader.close();
    });

    it('keeps the cap when a process loses its listening connection (its places go with it)', async () => {
      const eventId = await makeEvent(first);
      const cookie = await signIn(first, (await makeUser(first, eventId, 'user')).email);
      const on = (app: App) => openStream(urlOf(app), stream(eventId), cookie);
      const held = [await on(second), await on(second), await on(second)];
      expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
      // Cut every listening connection of this database (the first process holds no stream now, so
      // only the second's): the server ends them, and with them the second's advisory locks.
      await first.ctx.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'portal-live-listener' and datname = current_database()`);
      // The first process may take a freed place before the second is back and takes its places
      // again (then one of the second's streams closes), or find them all taken: either way the
      // account never holds more than three streams.
      const racer = await on(first.app);
      const ended = held.map(() => false);
      for (const [i, r] of held.entries()) {
        void r.ended.then(() => {
          ended[i] = true;
        });
      }
      // Back: each stream of the second process has its resync, or was closed for a lost place.
      await within(
        Promise.all(held.map((r) => Promise.race([r.ended, r.waitFor(1, 20_000)]))),
        'the second process to listen again',
        20_000,
      );
      await settle();
      const stillOpen = ended.filter((e) => !e).length;
      expect([racer.status, stillOpen + (racer.status === 200 ? 1 : 0)]).toEqual(
        racer.status === 200 ? [200, 3] : [429, 3],
      );
      for (const reader of [...held, racer]) reader.close();
    });

    it("a password change in one process closes the account's streams in the other at once", async () => {
      const eventId = await makeEvent(first);
      const person = await makeUser(first, eventId, 'user');
      const [a, b] = [await signIn(first, person.email), await signIn(first, person.email)];
      const streams = await Promise.all([
        openStream(urlOf(second), stream(eventId), a),
        openStream(urlOf(second), stream(eventId), b),
      ]);
      expect(streams.map((r) => r.status)).toEqual([200, 200]);
      await resetPassword(first, person.email, eventId, 'a-new-long-passphrase-42');
      await within(Promise.all(streams.map((r) => r.ended)), 'the streams to end');
      for (const reader of streams) expect(reader.messages).toEqual([{ type: 'signedOut' }]);
    });
  },
);
