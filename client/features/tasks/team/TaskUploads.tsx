import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatFileSize } from '../../../../shared/ui/constants';
import { type DateContext, formatDateTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/confirm';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { FileUpload } from '../../../ui/FileUpload';
import { LoadFailed, Loading } from '../../../ui/QueryState';

import { type Thread, useAddUpload, useRemoveUpload, useTaskUploads } from '../teamTasksApi';

/** An upload task: the team hands in files (the first completes the task) and can take them back. */
export function TaskUploads(props: {
  thread: Thread;
  canUpload: boolean;
  dates: DateContext;
  title?: string;
}) {
  const uploads = useTaskUploads(props.thread);
  const add = useAddUpload(props.thread);
  const remove = useRemoveUpload(props.thread);
  const feedback = useFeedback();
  const confirm = useConfirm();
  const headingId = `uploads-${props.thread.taskId}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {props.title ?? 'Your uploads'}
      </Title>
      {uploads.isPending ? (
        <Loading label="Loading your uploads" />
      ) : uploads.isError ? (
        <LoadFailed title="Your uploads could not be loaded" error={uploads.error} retry={uploads.refetch} />
      ) : uploads.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing uploaded yet.
        </Text>
      ) : (
        uploads.data.items.map((upload) => (
          <Paper key={upload.id} withBorder p="xs" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Anchor href={upload.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                  {upload.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(upload.size)} · {upload.uploadedByName} ·{' '}
                  {formatDateTime(upload.createdAt, props.dates)}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${upload.name}`}
                onClick={() =>
                  confirm({
                    title: 'Remove this upload?',
                    message: `${upload.name} is deleted. The last upload removed sets the task back to incomplete.`,
                    confirmLabel: 'Remove',
                    onConfirm: () =>
                      remove.mutateAsync(upload.id, {
                        onSuccess: () => feedback.success(),
                        onError: (error) => feedback.error(error),
                      }),
                  })
                }
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))
      )}
      {props.canUpload && (
        <FileUpload
          purpose="taskUpload"
          label="Upload a file for this task"
          disabled={add.isPending}
          onUploaded={(file) =>
            add.mutate(file.id, {
              onSuccess: () => feedback.success(`${file.name} uploaded`),
              onError: (error) => feedback.error(error),
            })
          }
        />
      )}
    </Stack>
  );
}
