import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useEventDates, useSession } from '../../../lib/session';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryState } from '../../../ui/QueryState';
import { formsCrumbs } from '../parts';
import { submissionPdfUrl, teamUploadUrl, useEditSubmission, useSubmission } from './fillApi';
import { SubmissionEditor } from './SubmissionParts';

/** /admin/forms/:formId/submissions/:submissionId/edit: the organiser corrects a submission. */
export function EditSubmissionScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const navigate = useNavigate();
  const { formId = '', submissionId = '' } = useParams();
  const view = useSubmission(eventId, formId, submissionId);
  const edit = useEditSubmission(eventId, formId, submissionId);
  const title = view.data?.definition.form.title ?? 'Form';
  const back = `/admin/forms/${formId}/submissions`;
  return (
    <PageHeader
      title={`${title}: edit submission`}
      breadcrumbs={formsCrumbs({ label: title, to: back }, { label: 'Edit submission' })}
    >
      <QueryState query={view} loading="Loading the submission" failed="The submission could not be loaded">
        {(data) => (
          <Stack gap="md">
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Badge variant="light" color={data.submission.isDraft ? 'yellow' : 'green'} c="dark.9">
                  {data.submission.isDraft ? 'Draft' : 'Submitted'}
                </Badge>
                <Text size="sm" c="dimmed">
                  {data.submission.isGuest ? 'Guest' : data.submission.teamName} · last saved{' '}
                  {formatDateTime(data.submission.updatedAt, dates)} by {data.submission.updatedByName}
                </Text>
              </Group>
              <Button
                component="a"
                variant="default"
                href={submissionPdfUrl(eventId, formId, submissionId)}
                download
              >
                Download PDF
              </Button>
            </Group>
            <SubmissionEditor
              view={data}
              save={(body, handlers) => edit.mutate(body, handlers)}
              saving={edit.isPending}
              onSaved={() => navigate(back)}
              uploadUrl={teamUploadUrl(eventId, formId)}
            />
          </Stack>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { EditSubmissionScreen as Component };
