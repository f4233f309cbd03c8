import { Select } from '@mantine/core';
import type { UrgencyFilter } from '../../../shared/tasks/urgency';
import { URGENCY_OPTIONS } from './taskParts';

// Its own file, not taskParts.tsx: the team's /tasks uses a native select and would otherwise load
// Mantine's Select with taskParts (decision 0041).

/** The admin task list's urgency filter (spec filter "urgency"); cleared, every task. */
export function UrgencySelect({
  value,
  onChange,
}: {
  value: UrgencyFilter | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      label="Urgency"
      placeholder="Any urgency"
      data={URGENCY_OPTIONS}
      value={value}
      onChange={onChange}
      clearable
      w={190}
    />
  );
}
