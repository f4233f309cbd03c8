import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../platform/http/actor';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { dispatchStuckEmails } from './jobs';
import { queueEmails } from './service';
import { outboxEmails } from './tables';

/**
 * Issue 15: an email queued in a transaction that committed just before the process died never
 * reached the job queue, and a listener's retry queues nothing again (its claim is made). The
 * minute sweep hands such emails to the queue once they are two minutes old, and leaves younger
 * ones (their own dispatch is still on its way).
 */
describe('emails whose dispatch a crash lost are sent by the sweep', () => {
  let t: TestApp;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const queue = (to: string) =>
    t.ctx.db.transaction((tx) =>
      queueEmails(tx, systemActor(eventId), [
        {
          kind: 'adminNotification',
          to,
          content: { subject: 'Hello', text: 'Hi\n', html: '<p>Hi</p>', links: [] },
        },
      ]),
    );
  const statusOf = async (ids: string[]) =>
    new Map(
      (
        await t.ctx.db
          .select({ id: outboxEmails.id, status: outboxEmails.status })
          .from(outboxEmails)
          .where(inArray(outboxEmails.id, ids))
      ).map((row) => [row.id, row.status]),
    );

  it('sends a queued email older than two minutes, once, and leaves a fresh one to its own dispatch', async () => {
    const [lost] = await queue('lost@example.com');
    const [fresh] = await queue('fresh@example.com');
    await t.ctx.db
      .update(outboxEmails)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(outboxEmails.id, lost));

    await dispatchStuckEmails(t.ctx);
    const after = await statusOf([lost, fresh]);
    // No SMTP server in tests: a delivered email is kept in the outbox ('stored').
    expect(after.get(lost)).toBe('stored');
    expect(after.get(fresh)).toBe('queued');

    await dispatchStuckEmails(t.ctx);
    expect((await statusOf([lost])).get(lost)).toBe('stored');
  });
});
