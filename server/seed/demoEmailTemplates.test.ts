import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateProblem } from '../../shared/emails/templatesApi';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoEmailTemplates } from './demoEmailTemplates';

describe('demo email templates', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    await seedDemoEmailTemplates(t.ctx.db, eventId);
  });
  afterAll(() => t.close());

  it('customises one template, with only the variables its kind has', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/email-templates`,
      headers: { cookie: admin },
    });
    const items = res.json().items as {
      kind: 'existingWelcome';
      subject: string;
      body: string;
      isCustomised: boolean;
    }[];
    const customised = items.filter((item) => item.isCustomised);
    expect(customised.map((item) => item.kind)).toEqual(['existingWelcome']);
    expect(templateProblem(customised[0].subject, 'existingWelcome')).toBeNull();
    expect(templateProblem(customised[0].body, 'existingWelcome')).toBeNull();
  });
});
