import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TemplateKindId, templateProblem } from '../../shared/emails/templatesApi';
import { sanitizeRichText } from '../modules/content/sanitize';
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

  it("customises a welcome, the task status and the form notification, with only each kind's variables", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/email-templates`,
      headers: { cookie: admin },
    });
    const items = res.json().items as {
      kind: TemplateKindId;
      subject: string;
      body: string;
      isCustomised: boolean;
    }[];
    const customised = items.filter((item) => item.isCustomised);
    expect(customised.map((item) => item.kind).sort()).toEqual(
      ['existingWelcome', 'formNotification', 'taskStatus'].sort(),
    );
    for (const item of customised) {
      expect(templateProblem(item.subject, item.kind), item.kind).toBeNull();
      expect(templateProblem(item.body, item.kind), item.kind).toBeNull();
      // As the editor would save it: the sanitiser leaves the demo's body as it is.
      expect(await sanitizeRichText(item.body), item.kind).toBe(item.body);
    }
  });
});
