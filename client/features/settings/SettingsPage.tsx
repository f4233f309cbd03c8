import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type EditableSettingsName, SETTINGS_INPUT_SCHEMAS } from '../../../shared/events/settingsApi';
import { errorMessage, fieldErrors, issuesByPath } from '../../lib/errors';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
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
      {query.isPending ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label={`Loading ${title.toLowerCase()}`} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="These settings could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            {errorMessage(query.error)}
            <Button variant="default" onClick={() => query.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack maw={880}>{children(query.data)}</Stack>
      )}
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
  onSubmit: (event: FormEvent) => void;
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
 * Local state for one document's form: checked by the same input schema as the server before it
 * is sent, server issues shown next to their fields, the outcome in the feedback banner.
 */
export function useSettingsForm<V extends Record<string, unknown>>(name: EditableSettingsName, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings(name);
  const feedback = useFeedback();

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = SETTINGS_INPUT_SCHEMAS[name].safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => feedback.success(),
      onError: (error) => {
        setErrors(fieldErrors(error));
        feedback.error(error);
      },
    });
  }

  return { values, set, setValues, errors, submit, saving: save.isPending };
}
