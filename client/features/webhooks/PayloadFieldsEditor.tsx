import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { isReported, reportName } from '../../../shared/forms/labels';
import type { Field } from '../../../shared/forms/schema/field';
import { CLIENT_SOURCES } from '../../../shared/forms/schema/logic';
import { ADDRESS_EXTRAS, NAME_EXTRAS, type PayloadField } from '../../../shared/forms/schema/webhook';

/** Where a payload field reads from: the form's sources, as the engine names them. */
export type PayloadScope = {
  fields: readonly Field[];
  groupFieldsOf: (fieldGroupId: string) => Field[];
  customFields: readonly { id: string; label: string }[];
};

const CATEGORIES = [
  { value: 'field', label: 'Form field' },
  { value: 'customField', label: 'Team custom field' },
  { value: 'client', label: 'Person and team' },
];
const CLIENT_LABELS: Record<(typeof CLIENT_SOURCES)[number], string> = {
  userId: 'User id',
  firstName: 'First name',
  surname: 'Surname',
  fullName: 'Full name',
  email: 'Email',
  teamId: 'Team id',
  teamName: 'Team name',
};
const ADDRESS_PARTS = ['addressLine1', 'addressLine2', 'city', 'county', 'country', 'postcode'];
const NAME_PARTS = ['prefix', 'firstName', 'middleName', 'surname', 'postNominals'];

/** A key from a label: 'Company name' -> 'company_name'. */
export const keyFrom = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'value';

const payloadSources = (fields: readonly Field[]) =>
  fields.filter((field) => field.type === 'template' || isReported(field));

/** The parts or nested fields a source offers; none for a plain field. */
function nestedChoices(field: Field | undefined, scope: PayloadScope) {
  if (!field) return [];
  if (field.type === 'address')
    return [
      { value: '', label: 'Every part' },
      ...[...ADDRESS_PARTS, ...ADDRESS_EXTRAS].map((k) => ({ value: k, label: k })),
    ];
  if (field.type === 'fullName')
    return [
      { value: '', label: 'Every part' },
      ...[...NAME_PARTS, ...NAME_EXTRAS].map((k) => ({ value: k, label: k })),
    ];
  if (field.type === 'template')
    return [
      { value: '', label: 'Every field of each loop' },
      ...payloadSources(scope.groupFieldsOf(field.fieldGroupId)).map((f) => ({
        value: f.id,
        label: reportName(f),
      })),
    ];
  return [];
}

function newRow(category: PayloadField['category'], scope: PayloadScope): PayloadField | null {
  if (category === 'client')
    return { category, sourceId: 'email', targetId: 'email', sourceType: '', nestedKey: '' };
  if (category === 'customField') {
    const first = scope.customFields[0];
    return first
      ? { category, sourceId: first.id, targetId: keyFrom(first.label), sourceType: '', nestedKey: '' }
      : null;
  }
  const first = payloadSources(scope.fields)[0];
  return first
    ? {
        category,
        sourceId: first.id,
        targetId: keyFrom(reportName(first)),
        sourceType: first.type,
        nestedKey: '',
      }
    : null;
}

function Row(props: {
  row: PayloadField;
  n: number;
  scope: PayloadScope;
  onChange: (row: PayloadField) => void;
  onRemove: () => void;
}) {
  const { row, n, scope, onChange, onRemove } = props;
  const sources =
    row.category === 'client'
      ? CLIENT_SOURCES.map((s) => ({ value: s, label: CLIENT_LABELS[s] }))
      : row.category === 'customField'
        ? scope.customFields.map((f) => ({ value: f.id, label: f.label }))
        : payloadSources(scope.fields).map((f) => ({ value: f.id, label: reportName(f) }));
  const field = row.category === 'field' ? scope.fields.find((f) => f.id === row.sourceId) : undefined;
  const nested = nestedChoices(field, scope);
  return (
    <Group align="end" gap="xs" wrap="wrap">
      <Select
        label={`Category ${n}`}
        data={CATEGORIES}
        value={row.category}
        allowDeselect={false}
        w={170}
        onChange={(value) => {
          const next = newRow((value ?? 'field') as PayloadField['category'], scope);
          if (next) onChange(next);
        }}
      />
      <Select
        label={`Source ${n}`}
        data={sources}
        value={row.sourceId}
        allowDeselect={false}
        searchable
        w={220}
        onChange={(value) => {
          if (!value) return;
          const picked = row.category === 'field' ? scope.fields.find((f) => f.id === value) : undefined;
          onChange({
            ...row,
            sourceId: value,
            sourceType: picked?.type ?? '',
            nestedKey: '',
          } as PayloadField);
        }}
      />
      {nested.length > 0 && (
        <Select
          label={`Part ${n}`}
          data={nested}
          value={row.nestedKey}
          allowDeselect={false}
          w={200}
          onChange={(value) => onChange({ ...row, nestedKey: value ?? '' } as PayloadField)}
        />
      )}
      <TextInput
        label={`Key ${n}`}
        value={row.targetId}
        required
        w={180}
        error={row.targetId.trim() === '' ? 'Required' : undefined}
        onChange={(e) => onChange({ ...row, targetId: e.currentTarget.value })}
      />
      <ActionIcon variant="default" size="lg" aria-label={`Remove payload field ${n}`} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Rows of (category, source, part, key): what the payload sends, and under which key. */
export function PayloadFieldsEditor(props: {
  rows: readonly PayloadField[];
  scope: PayloadScope;
  onChange: (rows: PayloadField[]) => void;
}) {
  const { rows, scope, onChange } = props;
  const firstRow = newRow('field', scope) ?? newRow('client', scope);
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No payload fields yet: the body will be empty.
        </Text>
      )}
      {rows.map((row, index) => (
        <Row
          // Payload fields have no ids; their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          row={row}
          n={index + 1}
          scope={scope}
          onChange={(next) => onChange(rows.map((r, i) => (i === index ? next : r)))}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => firstRow && onChange([...rows, firstRow])}>
          Add payload field
        </Button>
      </Group>
    </Stack>
  );
}
