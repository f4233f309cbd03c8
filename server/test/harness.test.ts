import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../platform/db/client';
import { createTestApp, makeEvent, makeUser, signIn } from './harness';

// The route under test writes as a careless service would: a plain autocommit update, outside
// any transaction, so its audit entry cannot commit with it (decision 0045).
vi.mock('../modules/membership/service', async (importOriginal) => {
  const { memberships } = await import('../modules/people/tables');
  return {
    ...(await importOriginal<typeof import('../modules/membership/service')>()),
    markOnboarded: async (db: DbOrTx, eventId: string, accountId: string) => {
      await db
        .update(memberships)
        .set({ isOnboarded: true })
        .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
    },
  };
});

describe('the test harness (decisions 0045, 0048)', () => {
  it('fails the test file whose route wrote outside a transaction, naming the route and the write', async () => {
    const t = await createTestApp();
    const eventId = await makeEvent(t);
    const member = await makeUser(t, eventId);
    const cookie = await signIn(t, member.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/me/onboarded`,
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await expect(t.close()).rejects.toThrow(
      /routes wrote outside a transaction[\s\S]*PUT \/api\/events\/:eventId\/me\/onboarded \(update\)/,
    );
  });
});
