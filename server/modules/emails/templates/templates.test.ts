import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastEmailTo, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { teamApi } from '../../people/teamTestKit';

describe('email templates', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  let adminEmail: string;
  let moderator: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    api = teamApi(t, eventId);
    adminEmail = (await makeUser(t, eventId, 'admin')).email;
    admin = await signIn(t, adminEmail);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
  });
  afterAll(() => t.close());

  const welcome = { subject: 'Welcome to {{eventName}}', body: '<p>Hi {{firstName}}, welcome aboard.</p>' };

  it('lists every kind of email with its default wording, admins only', async () => {
    const res = await api.call('GET', admin, '/email-templates');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      kind: string;
      label: string;
      subject: string;
      isCustomised: boolean;
    }[];
    expect(items).toHaveLength(16);
    expect(items.find((i) => i.kind === 'setPassword')).toMatchObject({
      label: 'Welcome',
      subject: 'Set your password for {{eventName}}',
      isCustomised: false,
    });
    expect(items.find((i) => i.kind === 'adminNotification')?.subject).toBe('You have a new notification');
    for (const [method, path] of [
      ['GET', '/email-templates'],
      ['PUT', '/email-templates/setPassword'],
      ['DELETE', '/email-templates/setPassword'],
      ['POST', '/email-templates/setPassword/preview'],
      ['POST', '/email-templates/setPassword/test'],
    ] as const) {
      const refused = await api.call(method, moderator, path, welcome);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("refuses another event's templates", async () => {
    const res = await api.call('PUT', admin, '/email-templates/setPassword', welcome, otherEventId);
    expect(res.statusCode).toBe(404);
  });

  it('saves a customised template, sanitised, and renders it in the welcome email', async () => {
    const res = await api.call('PUT', admin, '/email-templates/setPassword', {
      subject: 'Welcome to {{eventName}}',
      body: '<p onclick="steal()">Hi {{firstName}}, welcome aboard.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as { body: string; isCustomised: boolean };
    expect(saved.isCustomised).toBe(true);
    expect(saved.body).toBe('<p>Hi {{firstName}}, welcome aboard.</p>');

    const team = await api.createTeam(admin, 'Acme Stands');
    const email = await lastEmailTo(t, team.email);
    expect(email.kind).toBe('setPassword');
    expect(email.subject).toBe('Welcome to Expo 2027');
    expect(email.html).toContain('Hi Acme Stands Owner, welcome aboard.');
    expect(email.text).toContain('Hi Acme Stands Owner, welcome aboard.');
    expect(email.text).toContain('/auth/set-password?token=');
  });

  it('refuses an unknown merge variable, a raw one and a partial, in words the organiser reads', async () => {
    const unknown = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: 'Hi',
      body: '<p>{{taskTitle}}</p>',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown merge variable: {{taskTitle}}');
    const raw = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: '{{{firstName}}}',
      body: '<p>x</p>',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.message).toBe(
      'Only merge variables like {{firstName}} can be used in a template',
    );
    const partial = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: 'Hi',
      body: '<p>{{> footer}}</p>',
    });
    expect(partial.statusCode).toBe(400);
    const section = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: 'Hi',
      body: '<p>{{#link}}{{taskTitle}}{{/link}}</p>',
    });
    expect(section.json().error.message).toBe('Unknown merge variable: {{taskTitle}}');
    const unclosed = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: 'Hi {{firstName',
      body: '<p>x</p>',
    });
    expect(unclosed.statusCode).toBe(400);
    const empty = await api.call('PUT', admin, '/email-templates/welcomeChaser', {
      subject: '',
      body: '<p>x</p>',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('previews a draft with sample data, escaping values, with the welcome settings', async () => {
    const res = await api.call('POST', admin, '/email-templates/setPassword/preview', {
      subject: 'Hello {{firstName}}',
      body: '<p>{{welcomeParagraph1}}</p><p>{{link}}</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { subject: string; html: string; text: string };
    expect(preview.subject).toBe('Hello Alex');
    expect(preview.html).toContain('Your team has been set up on the event portal');
    expect(preview.html).toContain('Set password');
    expect(preview.text).toContain('Set password: https://portal.example.com/auth/set-password?token=sample');
    const refused = await api.call('POST', admin, '/email-templates/setPassword/preview', {
      body: '{{nope}}',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends a test to the organiser through the outbox', async () => {
    const res = await api.call('POST', admin, '/email-templates/setPassword/test', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().to).toBe(adminEmail);
    const email = await lastEmailTo(t, adminEmail);
    expect(email.kind).toBe('templateTest');
    expect(email.subject).toBe('[Test] Welcome to Expo 2027');
  });

  it('resets a template to the default', async () => {
    const res = await api.call('DELETE', admin, '/email-templates/setPassword');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isCustomised: false, subject: 'Set your password for {{eventName}}' });
    const team = await api.createTeam(admin, 'Beta Stands');
    expect((await lastEmailTo(t, team.email)).subject).toBe('Set your password for Expo 2027');
  });
});
