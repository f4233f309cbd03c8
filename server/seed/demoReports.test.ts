import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOverview } from '../../shared/reports/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoReports } from './demoReports';
import { seedDemoSettings } from './demoSettings';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';

describe('demo reports', () => {
  let t: TestApp;
  let eventId: string;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    viewer = await signIn(t, (await makeUser(t, eventId, 'reportViewer')).email);
    await seedDemoSettings(t.ctx.db, eventId);
    await t.ctx.db.transaction(async (tx) => {
      await seedDemoTeams(tx, eventId, 'demo.example');
      await seedDemoTasks(tx, eventId);
      await seedDemoReports(tx, eventId);
    });
  });
  afterAll(() => t.close());

  it('spreads the teams over every risk level and login state', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports/overview`,
      headers: { cookie: viewer },
    });
    const overview = res.json() as ReportOverview;
    for (const level of ['low', 'medium', 'high', 'critical'] as const) {
      expect(overview.byRiskLevel[level], level).toBeGreaterThan(0);
    }
    for (const activity of ['active', 'idle', 'inactive'] as const) {
      expect(overview.byLoginActivity[activity], activity).toBeGreaterThan(0);
    }
    expect(overview.neverLoggedIn).toBeGreaterThan(0);
    expect(overview.launchDate).not.toBeNull();
  });
});
