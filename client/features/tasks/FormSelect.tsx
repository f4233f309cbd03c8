import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useForms } from '../forms/formsApi';

/** The form a task links to, as the task shows it: its id and its title. */
export type LinkedForm = { id: string; title: string };

const unpublishedLabel = (title: string) => `${title} (unpublished)`;

/**
 * The form of a form task: the event's forms that are not archived, searched on the server by title
 * (the forms list pages by 100). An unpublished form can be chosen, but says so: teams cannot fill
 * it in, so the task shows them no link until it is published.
 */
export function FormSelect(props: {
  eventId: string;
  value: LinkedForm | null;
  onChange: (form: LinkedForm | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  // While the box shows the chosen form's title, every form is offered (as Mantine's own filter does).
  const chosenLabels = props.value ? [props.value.title, unpublishedLabel(props.value.title)] : [];
  const query = chosenLabels.includes(debounced) ? '' : debounced;
  const forms = useForms(props.eventId, {
    page: 1,
    sort: 'title',
    order: 'asc',
    search: query,
    archived: false,
  });
  const rows = forms.data?.items ?? [];
  const options = rows.map((form) => ({
    value: form.id,
    label: form.isPublished ? form.title : unpublishedLabel(form.title),
  }));
  const current = props.value;
  if (current && !options.some((option) => option.value === current.id)) {
    options.unshift({ value: current.id, label: current.title });
  }
  const chosen = current ? rows.find((form) => form.id === current.id) : undefined;
  const loadError = forms.isError ? 'The forms could not be loaded' : undefined;
  return (
    <Select
      label="Form"
      required
      placeholder={forms.isPending ? 'Loading…' : 'Search the forms'}
      description={
        chosen && !chosen.isPublished
          ? 'This form is not published yet: teams see the task, but no link to the form until it is.'
          : 'Teams complete this task by submitting the form.'
      }
      data={options}
      value={current?.id ?? null}
      onChange={(value) => {
        const form = rows.find((row) => row.id === value);
        props.onChange(form ? { id: form.id, title: form.title } : value && current ? current : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={forms.isFetching ? 'Searching…' : 'No form matches'}
      error={props.error ?? loadError}
    />
  );
}
