import { describe, expect, it } from 'vitest';
import { type NotificationEmailInput, renderNotificationEmail } from './email';

const input = (extra: Partial<NotificationEmailInput> = {}): NotificationEmailInput => ({
  kind: 'formNotification',
  eventName: 'Harbour Expo',
  subject: 'Stand build',
  messageHtml: '<p>A new <strong>pack</strong>.</p>',
  formTitle: 'Stand build',
  teamName: 'Harbour Bakery',
  answers: [{ label: 'Notes <b>', text: '<script>alert(1)</script> Power at the back' }],
  totals: [{ label: 'Total', text: '£12.00' }],
  customFields: [{ label: 'Stand number', text: 'B42' }],
  ...extra,
});

describe('form notification email', () => {
  it('renders the default template inside the one layout, escaping every answer', () => {
    const email = renderNotificationEmail(input());
    expect(email.subject).toBe('Stand build');
    expect(email.html).toContain('class="card"');
    expect(email.html).toContain('<strong>pack</strong>');
    expect(email.html).toContain('Answers: Stand build');
    expect(email.html).toContain('Notes &lt;b&gt;');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Power at the back');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Team: Harbour Bakery');
    expect(email.text).toContain('Power at the back');
    expect(email.text).toMatch(/Total\s+£12\.00/);
    expect(email.text).toMatch(/Stand number\s+B42/);
  });

  it('leaves out the answers and the team details when the notification does not show them', () => {
    const email = renderNotificationEmail(input({ answers: null, totals: [], customFields: null }));
    expect(email.html).not.toContain('Answers:');
    expect(email.html).not.toContain('B42');
    expect(email.text).not.toContain('Power at the back');
  });

  it("says an update in the subject, and uses the event's own wording when it has one", () => {
    expect(renderNotificationEmail(input({ kind: 'formUpdate' })).subject).toBe('Updated: Stand build');
    const email = renderNotificationEmail(input(), {
      template: {
        subject: '{{eventName}}: {{subjectLine}}',
        body: '<p>From {{teamName}}</p>{{^submission}}<p>No answers</p>{{/submission}}{{message}}',
      },
    });
    expect(email.subject).toBe('Harbour Expo: Stand build');
    expect(email.html).toContain('From Harbour Bakery');
    expect(email.html).not.toContain('No answers');
    expect(email.html).not.toContain('Power at the back');
  });
});
