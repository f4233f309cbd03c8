import { MultiSelect, Text } from '@mantine/core';
import { mentionName } from '../../../../shared/tasks/commentRules';
import type { TeamWork } from '../../../../shared/tasks/teamWork';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { type Thread, useChangeAssignees } from '../teamTasksApi';

/** Who of the team is on the task; each change sends only what was added or removed (spec). */
export function Assignees({ thread, work }: { thread: Thread; work: TeamWork }) {
  const change = useChangeAssignees(thread);
  const feedback = useFeedback();
  const known = new Set(work.members.map((m) => m.id));
  // Someone assigned who has since left the team still shows, so they can be taken off.
  const data = [
    ...work.members.map((m) => ({ value: m.id, label: mentionName(m) })),
    ...work.assignedTo.filter((id) => !known.has(id)).map((id) => ({ value: id, label: 'Former member' })),
  ];
  if (!work.can.assign) {
    const names = data.filter((d) => work.assignedTo.includes(d.value)).map((d) => d.label);
    return <Text size="sm">Assigned to: {names.length ? names.join(', ') : 'nobody yet'}</Text>;
  }
  return (
    <MultiSelect
      label="Assigned to"
      placeholder={work.assignedTo.length ? undefined : 'Choose members of the team'}
      data={data}
      value={work.assignedTo}
      searchable
      clearable
      disabled={change.isPending}
      onChange={(next) => {
        const add = next.filter((id) => !work.assignedTo.includes(id));
        const remove = work.assignedTo.filter((id) => !next.includes(id));
        if (add.length + remove.length === 0) return;
        change.mutate({ add, remove }, { onError: (error) => feedback.error(error) });
      }}
    />
  );
}
