import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { openStream, type StreamReader } from '../modules/live/streamClient';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from './harness';

/**
 * The set-up of the event-stream tests: a test app listening on a loopback port (inject() cannot
 * read an answer that never ends), an event and another event, people signed in by level, and the
 * streams they open, all closed with the app.
 */
export type LiveWorld = {
  t: TestApp;
  base: string;
  eventId: string;
  otherEventId: string;
  /** Signs in a new member of `event` (this one by default) at `level`; answers the cookie. */
  member(level: Parameters<typeof makeUser>[2], event?: string): Promise<string>;
  /** Opens the event stream of `event` (this one by default) as `cookie`; it must answer 200. */
  listen(cookie: string, event?: string): Promise<StreamReader>;
  close(): Promise<void>;
};

export async function liveWorld(): Promise<LiveWorld> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const eventId = await makeEvent(t);
  const otherEventId = await makeEvent(t, 'Other Expo');
  const open: StreamReader[] = [];
  return {
    t,
    base,
    eventId,
    otherEventId,
    member: async (level, event = eventId) => signIn(t, (await makeUser(t, event, level)).email),
    async listen(cookie, event = eventId) {
      const reader = await openStream(base, `/api/events/${event}/stream`, cookie);
      expect(reader.status).toBe(200);
      open.push(reader);
      return reader;
    },
    async close() {
      for (const reader of open) reader.close();
      await t.close();
    },
  };
}

/** After the signal that reaches everyone has arrived, one that was not sent would have too. */
export const settle = () => new Promise((done) => setTimeout(done, 150));
