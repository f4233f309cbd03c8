import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { LogicProblem } from '../../../../shared/forms/check-logic';
import type { Field } from '../../../../shared/forms/schema/field';
import type { LogicEntry, LogicMap } from '../../../../shared/forms/schema/logic';
import { describeLogic, fieldTitle, newEntry, problemsOf } from './logicRules';
import { type RuleScope, RulesEditor } from './RulesEditor';

/**
 * The logic on one field (docs/decisions/0002-form-logic.md): while the field is shown, its rules
 * choose between two branches, "then show" and "otherwise show". Sections and page breaks are
 * offered as branches, since they show or hide a whole block or page. The engine's problems with
 * the map (a circle, an option that is gone, ...) are shown as it words them.
 */
export function LogicEditor(props: {
  owner: Field;
  logicMap: LogicMap;
  scope: RuleScope;
  /** checkLogicMap's answer for the whole draft. */
  problems: readonly LogicProblem[];
  readOnly: boolean;
  onChange: (logicMap: LogicMap) => void;
}) {
  const { owner, logicMap, scope, readOnly, onChange } = props;
  const entry = logicMap[owner.id];
  const byId = useMemo(() => {
    const all = new Map(scope.fields.map((field) => [field.id, field]));
    for (const field of scope.fields) {
      if (field.type !== 'template') continue;
      for (const nested of scope.groupFieldsOf(field.fieldGroupId)) all.set(nested.id, nested);
    }
    return all;
  }, [scope]);
  const problems = problemsOf(props.problems, owner.id);
  const set = (next: LogicEntry | null) => {
    const { [owner.id]: _dropped, ...others } = logicMap;
    onChange(next ? { ...others, [owner.id]: next } : others);
  };
  const first = newEntry(owner, scope.fields);
  const targets = scope.fields
    .filter((field) => field.id !== owner.id)
    .map((field) => ({ value: field.id, label: fieldTitle(field) }));

  return (
    <Stack gap="xs" component="section" aria-label="Logic">
      <Title order={3} size="h5">
        Logic
      </Title>
      {!entry ? (
        <>
          <Text size="sm" c="dimmed">
            Show one field or another depending on the answers.
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={readOnly || first === null}
            onClick={() => first && set(first)}
          >
            Add logic
          </Button>
        </>
      ) : (
        <>
          <Text size="sm" fw={600} role="status" aria-label="What this logic does">
            {describeLogic(entry, byId)}
          </Text>
          <RulesEditor
            operator={entry.operator}
            rules={entry.rules}
            scope={scope}
            disabled={readOnly}
            onChange={(operator, rules) => set({ ...entry, operator, rules })}
          />
          <Select
            label="Then show"
            data={targets}
            value={entry.thenFieldId || null}
            placeholder="Nothing"
            clearable
            searchable
            disabled={readOnly}
            onChange={(next) => set({ ...entry, thenFieldId: next ?? '' })}
          />
          <Select
            label="Otherwise show"
            data={targets}
            value={entry.elseFieldId || null}
            placeholder="Nothing"
            clearable
            searchable
            disabled={readOnly}
            onChange={(next) => set({ ...entry, elseFieldId: next ?? '' })}
          />
          <Group>
            <Button variant="default" color="red" size="xs" disabled={readOnly} onClick={() => set(null)}>
              Remove logic
            </Button>
          </Group>
        </>
      )}
      {problems.length > 0 && (
        <Alert color="red" variant="light" title="This logic cannot be saved yet" role="alert">
          <Stack gap={4}>
            {problems.map((problem) => (
              <Text key={`${problem.code}:${problem.fieldId}:${problem.message}`} size="sm">
                {problem.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
