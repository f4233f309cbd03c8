import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { ListEmptyState } from '../../../ui/ListEmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import {
  mySubmissionPdfUrl,
  teamUploadUrl,
  useEditMySubmission,
  useFillForm,
  useMySubmission,
} from './fillApi';
import { SubmissionAnswers, SubmissionEditor } from './SubmissionParts';

const useFormsTitle = () => useSession().shell?.terminology.forms ?? 'Forms';

/** /forms/:formId/submissions: what the team has submitted on this form. */
export function MySubmissionsScreen() {
  const { event } = useSession();
  const dates = useEventDates();
  const forms = useFormsTitle();
  const formId = useParams().formId ?? '';
  const form = useFillForm(event?.id ?? '', formId);
  const title = form.data?.definition.form.title ?? 'Form';
  return (
    <PageHeader
      title={`${title}: submissions`}
      breadcrumbs={[
        { label: forms, to: '/forms' },
        { label: title, to: `/forms/${formId}` },
        { label: 'Submissions' },
      ]}
    >
      <QueryState query={form} loading="Loading the submissions" failed="The submissions could not be loaded">
        {(data) =>
          data.submissions.length === 0 ? (
            <ListEmptyState filtered={false} onClearFilters={() => {}} noun="submissions of this form" />
          ) : (
            <Paper withBorder radius="md">
              <Table aria-label="Submissions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Submitted</Table.Th>
                    <Table.Th>By</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.submissions.map((submission) => (
                    <Table.Tr key={submission.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/forms/${formId}/submissions/${submission.id}`}>
                          {formatDateTime(submission.updatedAt, dates)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{submission.updatedByName}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
    </PageHeader>
  );
}

/** /forms/:formId/submissions/:submissionId: one submission; changed here when the form allows it. */
export function MySubmissionScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const forms = useFormsTitle();
  const { formId = '', submissionId = '' } = useParams();
  const view = useMySubmission(eventId, formId, submissionId);
  const edit = useEditMySubmission(eventId, formId, submissionId);
  const [editing, setEditing] = useState(false);
  const title = view.data?.definition.form.title ?? 'Submission';
  return (
    <PageHeader
      title={title}
      breadcrumbs={[
        { label: forms, to: '/forms' },
        { label: title, to: `/forms/${formId}/submissions` },
        { label: 'Submission' },
      ]}
    >
      <QueryState query={view} loading="Loading the submission" failed="The submission could not be loaded">
        {(data) => (
          <Stack gap="md" maw={760}>
            <Group justify="space-between">
              <Group gap="xs">
                <Badge color="green" c="dark.9" variant="light">
                  Submitted
                </Badge>
                <Text size="sm" c="dimmed">
                  {formatDateTime(data.submission.updatedAt, dates)} by {data.submission.updatedByName}
                </Text>
              </Group>
              <Group gap="xs">
                <Button
                  component="a"
                  variant="default"
                  href={mySubmissionPdfUrl(eventId, formId, submissionId)}
                  download
                >
                  Download PDF
                </Button>
                {data.canEdit && !editing && <Button onClick={() => setEditing(true)}>Edit answers</Button>}
              </Group>
            </Group>
            {editing ? (
              <SubmissionEditor
                view={data}
                save={(body, handlers) => edit.mutate(body, handlers)}
                saving={edit.isPending}
                onSaved={() => setEditing(false)}
                uploadUrl={teamUploadUrl(eventId, formId)}
              />
            ) : (
              <SubmissionAnswers view={data} />
            )}
          </Stack>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { MySubmissionsScreen as Component };
