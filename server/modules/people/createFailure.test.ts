import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { accounts } from '../auth/tables';
import { teams } from './tables';
import { teamApi } from './teamTestKit';

// The set-password email is the last step of creating someone; failing it fails the creation.
const failing = vi.hoisted(() => ({ on: false }));
vi.mock('../auth/recovery/service', async (original) => {
  const real = await original<typeof import('../auth/recovery/service')>();
  return {
    ...real,
    queueTokenEmail: async (...args: Parameters<typeof real.queueTokenEmail>) => {
      if (failing.on) throw new Error('mail store unavailable');
      return real.queueTokenEmail(...args);
    },
  };
});

describe('a creation that fails part-way', () => {
  let t: TestApp;
  let api: ReturnType<typeof teamApi>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const eventId = await makeEvent(t);
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const accountOf = (email: string) => t.ctx.db.select().from(accounts).where(eq(accounts.email, email));

  it("answers 'Failed to create user in the identity service' and leaves no account behind", async () => {
    const team = await api.createTeam(admin, 'Working Team');
    failing.on = true;
    try {
      const member = await api.call('POST', admin, `/teams/${team.id}/members`, {
        firstName: 'Lost',
        surname: 'Member',
        email: 'lost.member@example.test',
      });
      expect(member.statusCode).toBe(500);
      expect(member.json().error.message).toBe('Failed to create user in the identity service');
      expect(await accountOf('lost.member@example.test')).toEqual([]);

      const owner = await api.call('POST', admin, '/teams', {
        name: 'Lost Team',
        owner: { firstName: 'Lost', surname: 'Owner', email: 'lost.owner@example.test' },
      });
      expect(owner.statusCode).toBe(500);
      expect(owner.json().error.message).toBe('Failed to create user in the identity service');
      expect(await accountOf('lost.owner@example.test')).toEqual([]);
      expect(await t.ctx.db.select().from(teams).where(eq(teams.name, 'Lost Team'))).toEqual([]);
    } finally {
      failing.on = false;
    }
  });
});
