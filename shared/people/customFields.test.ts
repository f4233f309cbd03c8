import { describe, expect, it } from 'vitest';
import {
  defaultCustomFieldValue,
  fieldsForTeam,
  updateCustomFieldBodySchema,
  valuesFitFields,
} from './customFields';

const fields = [
  { id: 'a', type: 'text' as const, showToChildTeams: true },
  { id: 'b', type: 'boolean' as const, showToChildTeams: false },
];

describe('custom field rules', () => {
  it('starts text fields empty and Yes/No fields at No', () => {
    expect(defaultCustomFieldValue('text')).toBe('');
    expect(defaultCustomFieldValue('boolean')).toBe(false);
  });

  it('accepts values only for known fields and of the right kind', () => {
    expect(valuesFitFields({ a: 'B12', b: true }, fields)).toBe(true);
    expect(valuesFitFields({}, fields)).toBe(true);
    expect(valuesFitFields({ a: true }, fields)).toBe(false);
    expect(valuesFitFields({ b: 'yes' }, fields)).toBe(false);
    expect(valuesFitFields({ c: 'x' }, fields)).toBe(false);
  });

  it('shows child teams only the fields flagged showToChildTeams', () => {
    expect(fieldsForTeam(fields, true).map((f) => f.id)).toEqual(['a']);
    expect(fieldsForTeam(fields, false).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('never lets an edit change the type', () => {
    expect(updateCustomFieldBodySchema.safeParse({ type: 'boolean' }).success).toBe(false);
    expect(updateCustomFieldBodySchema.safeParse({ label: ' Zone ' }).data).toEqual({ label: 'Zone' });
  });
});
