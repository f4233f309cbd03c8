import { describe, expect, it } from 'vitest';
import { confirmationSchema } from '../../../../shared/forms/schema/confirmation';
import { rulesSummary } from './ConfirmationsScreen';

const confirmation = (input: Record<string, unknown>) => confirmationSchema.parse({ id: 'c1', ...input });
const rule = { sourceId: 'room', sourceType: 'dropdown', sourceValue: 'double' };

describe('confirmation rules in the list', () => {
  it('says when each confirmation is shown, as pickConfirmation chooses', () => {
    expect(rulesSummary(confirmation({ isDefault: true, rules: [rule] }))).toBe(
      'Shown when no other matches',
    );
    expect(rulesSummary(confirmation({}))).toBe('No rules: never chosen');
    expect(rulesSummary(confirmation({ rules: [rule] }))).toBe('1 rule (ANY)');
    expect(rulesSummary(confirmation({ operator: 'ALL', rules: [rule, rule] }))).toBe('2 rules (ALL)');
  });
});
