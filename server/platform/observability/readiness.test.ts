import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { markDraining } from './readiness';

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  it('is ready on a reachable, fully migrated database', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is not ready (503) while a migration of this build is missing; live all along', async () => {
    const [last] = (
      (await t.ctx.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not-ready', reason: '1 migration(s) not applied' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    const failing = { ...t.ctx.db, execute: async () => Promise.reject(new Error('connection refused')) };
    const { checkReadiness } = await import('./readiness');
    expect(await checkReadiness({ ...t.ctx, db: failing as never })).toEqual({
      status: 'not-ready',
      reason: 'database unreachable or not migrated',
    });
  });

  it('is not ready once the process drains (SIGTERM), still live', async () => {
    markDraining();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not-ready', reason: 'shutting down' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
