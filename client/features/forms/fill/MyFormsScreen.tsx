import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { SUBMISSION_STATE_LABELS, type SubmissionState } from '../../../../shared/forms/submissionStates';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { EventDate } from '../../../ui/EventDate';
import { ListEmptyState } from '../../../ui/ListEmptyState';
import { ListSearch } from '../../../ui/ListSearch';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed, Loading } from '../../../ui/QueryState';
import { StatusChip } from '../../tasks/taskParts';
import { useMyForms } from './fillApi';

const STATE_COLOURS: Record<SubmissionState, string> = {
  notStarted: 'gray',
  draft: 'yellow',
  submitted: 'green',
};

/** /forms: the forms the team is asked to fill in, each with where the team stands on it. */
export function MyFormsScreen() {
  const { event, shell } = useSession();
  const dates = useEventDates();
  const title = shell?.terminology.forms ?? 'Forms';
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const list = useMyForms(event?.id ?? '', search);
  const setSearch = (text: string) => setParams(text ? { search: text } : {}, { replace: true });

  return (
    <PageHeader title={title} breadcrumbs={[{ label: title }]}>
      <Stack gap="md">
        <ListSearch value={search} onSearch={setSearch} label="Search forms" />
        {list.isError ? (
          <LoadFailed title="The forms could not be loaded" error={list.error} retry={list.refetch} />
        ) : !list.data ? (
          <Loading label="Loading the forms" />
        ) : list.data.items.length === 0 ? (
          <ListEmptyState filtered={search !== ''} onClearFilters={() => setSearch('')} noun="forms" />
        ) : (
          <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
            {list.data.items.map((form) => (
              <Paper key={form.id} withBorder radius="md" p="md" component="li">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Anchor component={Link} to={`/forms/${form.id}`} fw={600}>
                      {form.title}
                    </Anchor>
                    {form.description && (
                      <Text size="sm" c="dimmed">
                        {form.description}
                      </Text>
                    )}
                    {form.submittedCount > 0 && (
                      <Anchor component={Link} to={`/forms/${form.id}/submissions`} size="sm">
                        {form.submittedCount === 1 ? '1 submission' : `${form.submittedCount} submissions`}
                      </Anchor>
                    )}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Badge color={STATE_COLOURS[form.state]} c="dark.9" variant="light">
                      {SUBMISSION_STATE_LABELS[form.state]}
                    </Badge>
                    {form.task && (
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          Task due <EventDate value={form.task.dueDate} />
                        </Text>
                        <StatusChip status={form.task.status} />
                      </Group>
                    )}
                    {form.updatedAt && (
                      <Text size="xs" c="dimmed">
                        Saved {formatDateTime(form.updatedAt, dates)}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </PageHeader>
  );
}

export { MyFormsScreen as Component };
