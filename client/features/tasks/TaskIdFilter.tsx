import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isTaskId, TASK_ID_ERROR } from '../../../shared/tasks/listFilters';

/**
 * The admin task list's "Task id" filter (spec filter "task id"): a pasted id is applied on Enter or
 * when the box is left; text that is not a whole id stays in the box with a message and is not sent,
 * so the list never answers a 400 for a half-pasted id. Emptied, every task.
 */
export function TaskIdFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(value ?? '');
    setError(null);
  }, [value]);

  const apply = () => {
    const id = draft.trim();
    if (id === '') {
      setError(null);
      if (value !== null) onChange(null);
    } else if (!isTaskId(id)) setError(TASK_ID_ERROR);
    else if (id !== value) onChange(id);
  };

  return (
    <TextInput
      label="Task id"
      placeholder="Paste a task id"
      value={draft}
      error={error}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      w={220}
    />
  );
}
