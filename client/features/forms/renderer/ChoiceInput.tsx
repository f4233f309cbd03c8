import { Checkbox, MultiSelect, Select, Stack } from '@mantine/core';
import type { PartProps } from './answer-parts';
import { asList } from './answer-parts';

/** Checkbox and dropdown answers: the ids of the chosen options, in the order chosen. */
export function ChoiceInput({ field, value, onChange, common }: PartProps<'checkbox' | 'dropdown'>) {
  const options = field.options.map((option) => ({
    value: option.id ?? option.value,
    label: option.label,
    disabled: option.isDisabled ?? false,
  }));
  const chosen = asList(value).filter((id): id is string => typeof id === 'string');
  if (field.type === 'dropdown') {
    return field.isMulti ? (
      <MultiSelect {...common} data={options} value={chosen} onChange={onChange} />
    ) : (
      <Select
        {...common}
        data={options}
        value={chosen[0] ?? null}
        onChange={(id) => onChange(id ? [id] : [])}
      />
    );
  }
  if (field.isMulti) {
    return (
      <Checkbox.Group {...common} value={chosen} onChange={onChange}>
        <Stack gap={6} mt={6}>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              value={option.value}
              label={option.label}
              disabled={option.disabled}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  // A single-choice checkbox field behaves as a set of radio-like ticks: one at most.
  return (
    <Checkbox.Group
      {...common}
      value={chosen}
      onChange={(ids) => onChange(ids.filter((id) => !chosen.includes(id)))}
    >
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} disabled={option.disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
