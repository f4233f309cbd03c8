import { describe, expect, it } from 'vitest';
import { TEMPLATE_ERRORS, TEMPLATE_KIND_IDS, TEMPLATE_KINDS, templateProblem } from './templatesApi';

describe('templateProblem', () => {
  it("accepts the kind's own variables and sections over them", () => {
    expect(templateProblem('Hello {{firstName}} of {{ teamName }}', 'existingWelcome')).toBeNull();
    expect(
      templateProblem('{{#teamName}}as a member of {{teamName}}{{/teamName}}', 'existingWelcome'),
    ).toBeNull();
    expect(templateProblem('plain text', 'taskStatus')).toBeNull();
  });

  it('names a variable the kind does not have', () => {
    expect(templateProblem('{{taskTitle}}', 'setPassword')).toBe(
      TEMPLATE_ERRORS.unknownVariable('taskTitle'),
    );
    expect(templateProblem('{{#link}}{{excerpt}}{{/link}}', 'setPassword')).toBe(
      TEMPLATE_ERRORS.unknownVariable('excerpt'),
    );
  });

  it('refuses raw values, partials and delimiter changes, and says when a tag is not closed', () => {
    for (const template of ['{{{firstName}}}', '{{&firstName}}', '{{> footer}}', '{{=<% %>=}}']) {
      expect(templateProblem(template, 'setPassword'), template).toBe(TEMPLATE_ERRORS.unsupported);
    }
    expect(templateProblem('{{firstName', 'setPassword')).toBe(TEMPLATE_ERRORS.unclosed);
    expect(templateProblem('{{#link}}open', 'setPassword')).toBe(TEMPLATE_ERRORS.unclosed);
  });

  it('gives every kind of email the spec lists, each with the event name and, sent to a person, the first name', () => {
    expect(TEMPLATE_KIND_IDS).toHaveLength(16);
    const toAddresses = ['formNotification', 'formUpdate'];
    for (const kind of TEMPLATE_KIND_IDS) {
      const variables: readonly string[] = TEMPLATE_KINDS[kind].variables;
      expect(variables).toContain('eventName');
      if (toAddresses.includes(kind)) expect(variables).not.toContain('firstName');
      else expect(variables).toContain('firstName');
    }
  });

  it('lets a form notification template use the notification, the answers and the team details', () => {
    const body = '{{message}}{{#submission}}{{submission}}{{/submission}}{{customFields}}';
    expect(templateProblem(body, 'formUpdate')).toBeNull();
    expect(templateProblem('Updated: {{subjectLine}} ({{teamName}})', 'formUpdate')).toBeNull();
    expect(templateProblem('Hello {{firstName}}', 'formNotification')).toBe(
      TEMPLATE_ERRORS.unknownVariable('firstName'),
    );
  });
});
