import { Badge, Stack, Title } from '@mantine/core';
import type { EmailResponse } from '../../../shared/emails/responsesApi';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useResendEmails, useUserEmails } from './emailsApi';

const NO_SORTS = ['createdAt'] as const;
const TYPE_COLORS: Record<EmailResponse['type'], string> = {
  pending: 'gray',
  delivery: 'portal',
  bounce: 'red',
  spamComplaint: 'red',
  open: 'blue',
  click: 'blue',
  subscriptionChange: 'yellow',
};

/**
 * A user's emails in this event (spec: Email response), newest first: what was sent, to which
 * address, and what became of it. Organisers select some and resend them; failures come back
 * in the spec's words.
 */
export function UserEmails({ eventId, userId }: { eventId: string; userId: string }) {
  const params = useListParams('createdAt', NO_SORTS);
  const list = useUserEmails(eventId, userId, params.page);
  const resend = useResendEmails(eventId, userId);
  const feedback = useFeedback();

  const send = (ids: string[]) =>
    resend.mutate(
      { ids },
      {
        onSuccess: (result) =>
          result.message
            ? feedback.error(result.message)
            : feedback.success(
                `${result.sentIds.length} ${result.sentIds.length === 1 ? 'email' : 'emails'} sent again`,
              ),
        onError: (error) => feedback.error(error),
      },
    );

  const columns: DataTableColumn<EmailResponse, 'createdAt'>[] = [
    { key: 'createdAt', header: 'Time', render: (r) => new Date(r.createdAt).toLocaleString() },
    { key: 'subject', header: 'Email', render: (r) => r.subject },
    { key: 'recipient', header: 'To', render: (r) => r.recipient },
    {
      key: 'type',
      header: 'Status',
      render: (r) => (
        <Badge variant="light" color={TYPE_COLORS[r.type]}>
          {r.type}
        </Badge>
      ),
    },
    { key: 'details', header: 'Details', render: (r) => r.details },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="user-emails-title" mt="xl" maw={960}>
      <Title order={2} size="h4" id="user-emails-title">
        Emails
      </Title>
      {list.isError ? (
        <LoadFailed title="The emails could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label="Emails"
          rows={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(r) => r.id}
          params={params}
          isLoading={list.isPending}
          selection="multi"
          bulkActions={[{ label: resend.isPending ? 'Resending…' : 'Resend', onClick: send }]}
          emptyState={<span>No emails have been sent to this person in this event.</span>}
        />
      )}
    </Stack>
  );
}
