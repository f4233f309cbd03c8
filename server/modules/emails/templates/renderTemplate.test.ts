import { describe, expect, it } from 'vitest';
import { renderEmail, renderTemplate, SafeHtml } from './email';

describe('renderTemplate', () => {
  it('escapes merge values in the HTML, keeps the subject as text, and adds a plain-text part', () => {
    const content = renderTemplate(
      'commentMention',
      {
        firstName: '<script>x</script>',
        eventName: 'Expo & Co',
        authorName: 'Sam "O" <b>',
        taskTitle: 'Stand plan',
        excerpt: 'Hi',
        link: 'https://portal.example.test/tasks/1',
      },
      { colour: '#ffeb3b', logoUrl: 'https://portal.example.test/logo.png' },
    );
    expect(content.subject).toBe('Sam "O" <b> mentioned you on Stand plan');
    expect(content.html).toContain('Hello &lt;script&gt;x&lt;/script&gt;,');
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain('<img src="https://portal.example.test/logo.png" alt="Expo &amp; Co"');
    // A light colour gets dark text on the button.
    expect(content.html).toContain('color:#1a1a1a;text-decoration:none');
    expect(content.text).toContain('Hello <script>x</script>,');
    expect(content.text).toContain('Open the task: https://portal.example.test/tasks/1');
    expect(content.links).toEqual(['https://portal.example.test/tasks/1']);
  });

  it('puts HTML the server built safely in as it is', () => {
    const content = renderTemplate('taskReminders', {
      firstName: 'Alex',
      eventName: 'Expo',
      teamName: 'Acme',
      taskCount: 2,
      taskList: new SafeHtml('<ul><li>One</li><li>Two</li></ul>'),
    });
    expect(content.html).toContain('<ul><li>One</li><li>Two</li></ul>');
    expect(content.subject).toBe('You have 2 tasks due');
  });

  it('uses the organiser template over the default, and no subject line break survives', () => {
    const content = renderEmail(
      'welcomeChaser',
      {
        eventName: 'Expo\r\nBcc: x@evil.test',
        firstName: 'Alex',
        link: 'https://p.test/auth/login',
        signIn: true,
      },
      { template: { subject: 'Come back to {{eventName}}', body: '<p>{{nextStep}}</p>' } },
    );
    expect(content.subject).toBe('Come back to Expo Bcc: x@evil.test');
    expect(content.html).toContain('Sign in with the email address and password you already use.');
  });

  it('leaves out a welcome paragraph the organiser switched off', () => {
    const content = renderEmail(
      'setPassword',
      { eventName: 'Expo', firstName: 'Alex', link: 'https://p.test/auth/set-password?token=t' },
      { welcome: { paragraph1: 'First', paragraph2: 'Second', showParagraph1: false, showParagraph2: true } },
    );
    expect(content.html).not.toContain('First');
    expect(content.html).toContain('<p>Second</p>');
    expect(content.html).not.toContain('<p></p>');
  });
});
