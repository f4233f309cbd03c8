import { Alert, Button, Center, Loader, Select, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useTeamTypes } from './teamsApi';

/** The failure state of a screen's main query, with a retry. */
export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => unknown }) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={() => retry()}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** The event's team types as a select; used by the team list filter and the team forms. */
export function TeamTypeSelect(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  w?: number;
  mb?: number;
}) {
  const { event } = useSession();
  const types = useTeamTypes(event?.id ?? '');
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder ?? (types.isPending ? 'Loading…' : 'No team type')}
      data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
      value={props.value}
      onChange={props.onChange}
      clearable
      searchable
      w={props.w}
      mb={props.mb}
      error={types.isError ? 'The team types could not be loaded' : undefined}
    />
  );
}
