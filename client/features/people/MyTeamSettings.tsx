import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { TeamDetail } from '../../../shared/people/schema';
import { errorMessage } from '../../lib/errors';
import { useFeedback } from '../../ui/FeedbackBanner';
import { CustomFieldInputs, type FieldValues, requiredErrors } from './CustomFieldInputs';
import { useUpdateMyTeam } from './teamsApi';

const valuesOf = (team: TeamDetail): FieldValues =>
  Object.fromEntries(team.fields.map((f) => [f.id, f.value ?? (f.type === 'boolean' ? false : '')]));

/**
 * /my-team team settings: the owner edits the custom field values the team sees (a child team
 * only those shown to stand shares). Members see the same values read-only in the team summary.
 */
export function MyTeamSettings({ team, eventId }: { team: TeamDetail; eventId: string }) {
  const [values, setValues] = useState<FieldValues>(() => valuesOf(team));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateMyTeam(eventId);
  const feedback = useFeedback();
  if (team.fields.length === 0) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server checks the same rule; checking here puts the message under the empty field.
    const required = requiredErrors(team.fields, values);
    setErrors(required);
    setError(null);
    if (Object.keys(required).length > 0) return;
    save.mutate(
      { customFields: values },
      {
        onSuccess: () => feedback.success('Your updates have been successfully saved'),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="team-settings">
      <Title order={2} size="h4" id="team-settings">
        Team settings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        As the team owner you keep these details up to date for the organisers.
      </Text>
      <form onSubmit={submit} noValidate>
        <CustomFieldInputs
          fields={team.fields}
          values={values}
          onChange={setValues}
          heading={null}
          errors={errors}
        />
        {error && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            Save team settings
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
