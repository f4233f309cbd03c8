import { Button, Group, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type FilterField =
  | { name: string; label: string; options: { value: string; label: string }[] }
  /** A typed filter (the spec's "task id"): applied only when `invalid` finds nothing wrong. */
  | { name: string; label: string; placeholder: string; invalid: (value: string) => string | null };

/**
 * The filter bar of a report (spec: 'Generate Report' sits on filter bars): choices are made first
 * and applied together by the button, so a large report is not re-run at every change. What is applied
 * lives in the URL, so a report can be linked to, and the export takes the same filters.
 */
export function ReportFilterBar({ fields, searchLabel }: { fields: FilterField[]; searchLabel?: string }) {
  const [params, setParams] = useSearchParams();
  const applied = params.toString();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const current = new URLSearchParams(applied);
    setDraft(Object.fromEntries([...current.entries()].filter(([key]) => key !== 'page')));
    setErrors({});
  }, [applied]);

  const generate = () => {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = draft[field.name]?.trim();
      const error = value && 'invalid' in field ? field.invalid(value) : null;
      if (error) found[field.name] = error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('page');
      for (const key of [...fields.map((f) => f.name), 'search']) {
        const value = draft[key]?.trim();
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  };

  return (
    <Group
      component="form"
      align="flex-end"
      gap="md"
      mb="md"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        generate();
      }}
    >
      {searchLabel && (
        <TextInput
          label="Search"
          placeholder={searchLabel}
          value={draft.search ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((d) => ({ ...d, search: value }));
          }}
          w={220}
        />
      )}
      {fields.map((field) =>
        'invalid' in field ? (
          <TextInput
            key={field.name}
            label={field.label}
            placeholder={field.placeholder}
            value={draft[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, [field.name]: value }));
            }}
            w={200}
          />
        ) : (
          <Select
            key={field.name}
            label={field.label}
            placeholder="All"
            data={field.options}
            value={draft[field.name] ?? null}
            onChange={(value) => setDraft((d) => ({ ...d, [field.name]: value ?? '' }))}
            clearable
            w={200}
          />
        ),
      )}
      <Button type="submit">Generate Report</Button>
    </Group>
  );
}
