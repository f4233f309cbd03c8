import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeUser, signIn, type TestApp } from '../../test/harness';
import { outboxEmails } from '../emails/tables';
import { portalKit } from '../portal/portalTestKit';
import { notifications } from './tables';

/** Test helpers for notifications: members of typed teams who sign in, and the emails sent. */
export function notificationsKit(t: TestApp, eventId: string) {
  const kit = portalKit(t, eventId);

  /** A team of the type whose owner signs in; their address too, to follow their emails. */
  async function reader(adminCookie: string, name: string, teamTypeId: string | null) {
    const owner = await makeUser(t, eventId, 'user', { firstName: name });
    const res = await kit.call('POST', adminCookie, '/teams', {
      name,
      owner: { firstName: name, surname: 'Owner', email: owner.email },
      teamTypeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      teamId: (res.json() as { id: string }).id,
      email: owner.email,
      cookie: await signIn(t, owner.email),
    };
  }

  async function create(cookie: string, body: object) {
    const res = await kit.call('POST', cookie, '/notifications', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; providerResponse: string | null };
  }

  async function mine(cookie: string) {
    const res = await kit.call('GET', cookie, '/my-notifications');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { id: string; title: string; isRead: boolean; href: string | null }[];
      unreadCount: number;
    };
  }

  /** The addresses the 'admin notification' email went to. */
  async function emailedTo(): Promise<string[]> {
    const rows = await t.ctx.db
      .select({ to: outboxEmails.to })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.eventId, eventId), eq(outboxEmails.kind, 'adminNotification')));
    return rows.map((r) => r.to).sort();
  }

  async function stored(): Promise<number> {
    return (await t.ctx.db.select().from(notifications).where(eq(notifications.eventId, eventId))).length;
  }

  return { ...kit, reader, create, mine, emailedTo, stored };
}
