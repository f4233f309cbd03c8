import { Select } from '@mantine/core';
import { useSession } from '../../lib/session';
import { useTaskGroups } from './tasksApi';

// Its own file, not taskParts.tsx: the team's /tasks imports taskParts, and Mantine's Select would
// come with it (decision 0041).

/** The event's task groups (not archived) as a select; 'unassigned' is offered by filters only. */
export function TaskGroupSelect(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  withUnassigned?: boolean;
  placeholder?: string;
  w?: number;
}) {
  const { event } = useSession();
  const groups = useTaskGroups(event?.id ?? '');
  const data = (groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.title }));
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder ?? (groups.isPending ? 'Loading…' : 'No group')}
      data={props.withUnassigned ? [{ value: 'unassigned', label: 'Unassigned' }, ...data] : data}
      value={props.value}
      onChange={props.onChange}
      clearable
      searchable
      w={props.w}
      error={groups.isError ? 'The task groups could not be loaded' : undefined}
    />
  );
}
