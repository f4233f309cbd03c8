import type { FormDefinition } from './definition';
import { makeDefinition } from './definition';
import type { Field, FieldInput } from './schema/field';
import { parseField } from './schema/field';
import type { FieldGroupScope } from './schema/field-group';
import { parseForm } from './schema/form';
import type { LogicEntryInput } from './schema/logic';
import { logicMapSchema } from './schema/logic';

// Small builders for tests of the engine and of the screens that use it: a form from a list of
// fields and a logic map, parsed through the real schemas.

export interface TestGroup {
  id: string;
  title?: string;
  fields: FieldInput[];
  logicMap?: Record<string, LogicEntryInput>;
}

export function testField(input: FieldInput): Field {
  return parseField(input);
}

export function testForm(
  fields: FieldInput[],
  logicMap: Record<string, LogicEntryInput> = {},
  groups: TestGroup[] = [],
  title = 'Test form',
): FormDefinition {
  const form = parseForm({ id: 'form-test', title, fieldIds: fields.map((field) => field.id), logicMap });
  const scopes: FieldGroupScope[] = groups.map((group) => ({
    id: group.id,
    title: group.title ?? 'Group',
    fieldIds: group.fields.map((field) => field.id),
    logicMap: logicMapSchema.parse(group.logicMap ?? {}),
  }));
  const allFields = [...fields, ...groups.flatMap((group) => group.fields)].map((field) => parseField(field));
  return makeDefinition(form, allFields, scopes);
}
