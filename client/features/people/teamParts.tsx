import { Select } from '@mantine/core';
import { useSession } from '../../lib/session';
import { useTeamTypes } from './teamsApi';

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
