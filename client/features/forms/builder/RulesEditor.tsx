import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { sourceTypeOf } from '../../../../shared/forms/check-logic';
import { loopLimit } from '../../../../shared/forms/registry/template';
import type { Operator } from '../../../../shared/forms/schema/common';
import type { Field } from '../../../../shared/forms/schema/field';
import type { Rule } from '../../../../shared/forms/schema/logic';
import { fieldTitle, newRule, ruleSources } from './logicRules';

/** What rules may read: the scope's fields in order, and the fields of the groups templates repeat. */
export interface RuleScope {
  fields: readonly Field[];
  groupFieldsOf: (fieldGroupId: string) => readonly Field[];
}

const CONDITIONS = [
  { value: 'equals', label: 'is' },
  { value: 'notEquals', label: 'is not' },
];

/** The value a rule compares with: an option for choices, ticked or not for a disclaimer, else text. */
function ValueInput(props: {
  field: Field | undefined;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { field, label, value, disabled, onChange } = props;
  if (field?.type === 'checkbox' || field?.type === 'dropdown' || field?.type === 'disclaimer') {
    const data =
      field.type === 'disclaimer'
        ? [
            { value: 'true', label: 'Ticked' },
            { value: 'false', label: 'Not ticked' },
          ]
        : field.options.map((option) => ({ value: option.id, label: option.label || option.id }));
    return (
      <Select
        label={label}
        data={data}
        value={value || null}
        placeholder="Empty"
        clearable
        disabled={disabled}
        onChange={(next) => onChange(next ?? '')}
      />
    );
  }
  return (
    <TextInput
      label={label}
      value={value}
      placeholder="Empty"
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** 'any' | 'all' | 'index:N': which loops a rule on a template reads. */
const loopChoice = (rule: Rule) =>
  rule.loopOperator === 'index' || (rule.loopOperator === '' && rule.loopIndex !== null)
    ? `index:${rule.loopIndex ?? 0}`
    : rule.loopOperator || 'any';

/** A rule on a template: its loop count, or a field of its group in any, every or one entry. */
function TemplateRule(props: {
  rule: Rule;
  template: Field;
  n: number;
  scope: RuleScope;
  disabled: boolean;
  onChange: (rule: Rule) => void;
}) {
  const { rule, template, n, scope, disabled, onChange } = props;
  if (template.type !== 'template') return null;
  const nestedFields = ruleSources(scope.groupFieldsOf(template.fieldGroupId)).filter(
    (field) => field.type !== 'template',
  );
  const nested = nestedFields.find((field) => field.id === rule.nestedId);
  const loops = Array.from({ length: loopLimit(template) }, (_, i) => ({
    value: `index:${i}`,
    label: `Entry ${i + 1}`,
  }));
  return (
    <>
      <Select
        label={`Rule ${n}: reads`}
        data={[
          { value: '', label: 'Number of entries' },
          ...nestedFields.map((field) => ({ value: field.id, label: fieldTitle(field) })),
        ]}
        value={rule.nestedId}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => {
          const field = nestedFields.find((f) => f.id === next);
          onChange({
            ...rule,
            nestedId: field?.id ?? '',
            nestedType: field ? (sourceTypeOf(field) ?? '') : '',
            nestedValue: '',
          });
        }}
      />
      {nested && (
        <Select
          label={`Rule ${n}: in`}
          data={[{ value: 'any', label: 'Any entry' }, { value: 'all', label: 'Every entry' }, ...loops]}
          value={loopChoice(rule)}
          allowDeselect={false}
          disabled={disabled}
          onChange={(next) => {
            const index = next?.startsWith('index:') ? Number(next.slice(6)) : null;
            onChange({
              ...rule,
              loopOperator: index === null ? (next === 'all' ? 'all' : 'any') : 'index',
              loopIndex: index,
            });
          }}
        />
      )}
      <Select
        label={`Rule ${n}: condition`}
        data={CONDITIONS}
        value={rule.condition}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => onChange({ ...rule, condition: next === 'notEquals' ? 'notEquals' : 'equals' })}
      />
      {nested ? (
        <ValueInput
          field={nested}
          label={`Rule ${n}: value`}
          value={rule.nestedValue}
          disabled={disabled}
          onChange={(nestedValue) => onChange({ ...rule, nestedValue })}
        />
      ) : (
        <ValueInput
          field={undefined}
          label={`Rule ${n}: number of entries`}
          value={rule.sourceValue}
          disabled={disabled}
          onChange={(sourceValue) => onChange({ ...rule, sourceValue })}
        />
      )}
    </>
  );
}

function RuleRow(props: {
  rule: Rule;
  n: number;
  scope: RuleScope;
  disabled: boolean;
  onChange: (rule: Rule) => void;
  onRemove: () => void;
}) {
  const { rule, n, scope, disabled, onChange } = props;
  const sources = ruleSources(scope.fields);
  const source = sources.find((field) => field.id === rule.sourceId);
  return (
    <Paper withBorder p="xs" radius="sm" component="fieldset" aria-label={`Rule ${n}`} style={{ margin: 0 }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            Rule {n}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove rule ${n}`}
            disabled={disabled}
            onClick={props.onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Select
          label={`Rule ${n}: field`}
          data={sources.map((field) => ({ value: field.id, label: fieldTitle(field) }))}
          value={source ? rule.sourceId : null}
          placeholder={source ? undefined : 'A field that is no longer here'}
          allowDeselect={false}
          searchable
          disabled={disabled}
          onChange={(next) => {
            const field = sources.find((f) => f.id === next);
            if (field) onChange(newRule(field));
          }}
        />
        {source?.type === 'template' ? (
          <TemplateRule
            rule={rule}
            template={source}
            n={n}
            scope={scope}
            disabled={disabled}
            onChange={onChange}
          />
        ) : (
          <>
            <Select
              label={`Rule ${n}: condition`}
              data={CONDITIONS}
              value={rule.condition}
              allowDeselect={false}
              disabled={disabled}
              onChange={(next) =>
                onChange({ ...rule, condition: next === 'notEquals' ? 'notEquals' : 'equals' })
              }
            />
            <ValueInput
              field={source}
              label={`Rule ${n}: value`}
              value={rule.sourceValue}
              disabled={disabled}
              onChange={(sourceValue) => onChange({ ...rule, sourceValue })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * ANY/ALL and a list of rules: the logic on a field and a confirmation's rules are edited alike.
 * Sources are the fields the engine lets rules read (canBeRuleSource).
 */
export function RulesEditor(props: {
  operator: Operator;
  rules: readonly Rule[];
  scope: RuleScope;
  disabled: boolean;
  onChange: (operator: Operator, rules: Rule[]) => void;
  /** Webhooks have no operator (every rule must match): the Match choice is not offered. */
  hideOperator?: boolean;
}) {
  const { operator, rules, scope, disabled, onChange, hideOperator = false } = props;
  const firstSource = ruleSources(scope.fields)[0];
  return (
    <Stack gap="xs">
      {!hideOperator && (
        <Select
          label="Match"
          data={[
            { value: 'ANY', label: 'Any of these rules (ANY)' },
            { value: 'ALL', label: 'All of these rules (ALL)' },
          ]}
          value={operator}
          allowDeselect={false}
          disabled={disabled}
          onChange={(next) => onChange(next === 'ALL' ? 'ALL' : 'ANY', [...rules])}
        />
      )}
      {rules.map((rule, index) => (
        <RuleRow
          // Rules have no ids; their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          rule={rule}
          n={index + 1}
          scope={scope}
          disabled={disabled}
          onChange={(next) =>
            onChange(
              operator,
              rules.map((r, i) => (i === index ? next : r)),
            )
          }
          onRemove={() =>
            onChange(
              operator,
              rules.filter((_, i) => i !== index),
            )
          }
        />
      ))}
      {firstSource ? (
        <Button
          variant="default"
          size="xs"
          disabled={disabled}
          onClick={() => onChange(operator, [...rules, newRule(firstSource)])}
        >
          Add rule
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          No field here can be read by a rule yet: add a question first.
        </Text>
      )}
    </Stack>
  );
}
