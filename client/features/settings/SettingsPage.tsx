import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { type EditableSettingsName, SETTINGS_INPUT_SCHEMAS } from '../../../shared/events/settingsApi';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { useSaveSettings } from './api';

const ADMIN_CRUMB = { label: 'Admin', to: '/admin' };

/** The frame of every settings screen: header, then loading, error or the form with its document. */
export function SettingsPage<T>(props: {
  title: string;
  description?: ReactNode;
  tips?: ReactNode;
  query: UseQueryResult<T>;
  children: (doc: T) => ReactNode;
}) {
  const { title, description, tips, query, children } = props;
  return (
    <PageHeader
      title={title}
      description={description}
      tips={tips}
      breadcrumbs={[ADMIN_CRUMB, { label: title }]}
      quickLinks={[{ label: 'Admin', to: '/admin' }]}
    >
      <QueryState
        query={query}
        loading={`Loading ${title.toLowerCase()}`}
        failed="These settings could not be loaded"
      >
        {(doc) => <Stack maw={880}>{children(doc)}</Stack>}
      </QueryState>
    </PageHeader>
  );
}

/** A titled group of fields inside a settings form. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** The form around a document's sections, with its one Save button. */
export function SettingsForm(props: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="lg">
        {props.children}
        <Group>
          <Button type="submit" loading={props.saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * One document's form (see useSchemaForm): checked by the same input schema as the server before
 * it is sent, server issues shown next to their fields, the outcome in the feedback banner. The
 * screens read `values` and `errors` and write with `set(key)`, the shape they all share.
 */
export function useSettingsForm<V extends Record<string, unknown>>(name: EditableSettingsName, initial: V) {
  const schema: z.ZodType<Record<string, unknown>> = SETTINGS_INPUT_SCHEMAS[name];
  const form = useSchemaForm(schema, {
    initialValues: initial,
    // The documents' value types are the screens' own; the schema holds them to its rules.
    toInput: (values) => values,
  });
  const save = useSaveSettings(name);
  const feedback = useFeedback();

  const set =
    <K extends keyof V & string>(key: K) =>
    (value: V[K]) =>
      form.setFieldValue(key, value as never);

  const submit = form.onSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => feedback.success(),
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return { values: form.values, set, errors: errorTexts(form.errors), submit, saving: save.isPending };
}
