import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import type { Field } from '../../../../shared/forms/schema/field';
import type { ChoiceOption } from '../../../../shared/forms/schema/fields-answer';
import { fieldIssues } from './editors/fieldIssues';
import type { GroupChoices } from './editors/TemplateGroupEditor';
import { EDITED_BY_TYPE, TypeSettings } from './editors/TypeSettings';
import { typeName } from './palette';

/** Properties every field has: edited by the panel's first part, never by the generic list. */
const COMMON = new Set([
  'id',
  'type',
  'label',
  'reportLabel',
  'description',
  'isRequired',
  'fieldGroupId',
  'options',
]);
const STAMPS = new Set(['createdAt', 'createdBy', 'updatedAt', 'updatedBy']);

/** 'maxFileSizeMB' -> 'Max file size MB': the type's own property names, readable. */
export const propertyLabel = (key: string) =>
  key
    .replace(/^is([A-Z])/, '$1')
    .replace(/^has([A-Z])/, 'Has $1')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_m, c: string) => ` ${c.toLowerCase()}`);

/** The scalar properties a type adds (min, max, style, videoId, isLooping, ...), in schema order. */
export function ownProperties(field: Field): [string, string | number | boolean | null][] {
  const structured = EDITED_BY_TYPE[field.type] ?? [];
  return Object.entries(field).flatMap(([key, value]) => {
    if (COMMON.has(key) || STAMPS.has(key) || structured.includes(key)) return [];
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    return scalar ? [[key, value as string | number | boolean | null]] : [];
  });
}

function OptionsEditor({
  options,
  onChange,
  disabled,
}: {
  options: ChoiceOption[];
  onChange: (options: ChoiceOption[]) => void;
  disabled: boolean;
}) {
  const set = (index: number, patch: Partial<ChoiceOption>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Options
      </Text>
      {options.map((option, index) => (
        <Group key={option.id} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={`Option ${index + 1}`}
            value={option.label}
            disabled={disabled}
            onChange={(e) => set(index, { label: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Checkbox
            label="Disabled"
            checked={option.isDisabled ?? false}
            disabled={disabled}
            onChange={(e) => set(index, { isDisabled: e.currentTarget.checked })}
            mb={8}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove option ${option.label || index + 1}`}
            disabled={disabled}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
            mb={4}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        disabled={disabled}
        onClick={() => {
          // The option's id and value stay fixed once made, so rules that point at it keep working.
          const id = crypto.randomUUID();
          onChange([...options, { id, value: id, label: `Option ${options.length + 1}` }]);
        }}
      >
        Add option
      </Button>
    </Stack>
  );
}

/** The settings panel of the selected field: the common properties, then its type's own. */
export function FieldSettings({
  field,
  onChange,
  readOnly,
  currency,
  groups,
  children,
}: {
  field: Field;
  onChange: (field: Field) => void;
  readOnly: boolean;
  /** The event's currency (ISO 4217), for item prices: a form's or a field group's builder alike. */
  currency: string;
  /** The groups a template may embed, where templates are offered (the form builder). */
  groups?: GroupChoices;
  /** What follows the field's own properties: the builder puts its logic there. */
  children?: ReactNode;
}) {
  const patch = (values: Record<string, unknown>) => onChange({ ...field, ...values } as Field);
  const issues = useMemo(() => fieldIssues(field), [field]);
  return (
    <Stack gap="sm" component="section" aria-label="Field settings">
      <Title order={2} size="h4">
        {typeName(field.type)} settings
      </Title>
      <TextInput
        label="Label"
        value={field.label}
        disabled={readOnly}
        onChange={(e) => patch({ label: e.currentTarget.value })}
      />
      <TextInput
        label="Report label"
        description="The column name in reports; the label when empty."
        value={field.reportLabel}
        disabled={readOnly}
        onChange={(e) => patch({ reportLabel: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={field.description}
        disabled={readOnly}
        onChange={(e) => patch({ description: e.currentTarget.value })}
      />
      <Switch
        label="Required"
        checked={field.isRequired}
        disabled={readOnly}
        onChange={(e) => patch({ isRequired: e.currentTarget.checked })}
      />
      {(field.type === 'checkbox' || field.type === 'dropdown') && (
        <OptionsEditor
          options={field.options}
          disabled={readOnly}
          onChange={(options) => patch({ options })}
        />
      )}
      <TypeSettings
        field={field}
        onChange={patch}
        disabled={readOnly}
        issues={issues}
        currency={currency}
        groups={groups}
      />
      {ownProperties(field).map(([key, value]) =>
        typeof value === 'boolean' ? (
          <Switch
            key={key}
            label={propertyLabel(key)}
            checked={value}
            disabled={readOnly}
            onChange={(e) => patch({ [key]: e.currentTarget.checked })}
          />
        ) : typeof value === 'string' ? (
          <TextInput
            key={key}
            label={propertyLabel(key)}
            value={value}
            disabled={readOnly}
            error={issues[key]}
            onChange={(e) => patch({ [key]: e.currentTarget.value })}
          />
        ) : (
          <NumberInput
            key={key}
            label={propertyLabel(key)}
            value={value ?? ''}
            disabled={readOnly}
            error={issues[key]}
            onChange={(next) => patch({ [key]: typeof next === 'number' ? next : null })}
          />
        ),
      )}
      {children}
    </Stack>
  );
}
