import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useForm } from '../forms/formsApi';
import { formsCrumbs } from '../forms/parts';
import { useDeleteWebhook, useWebhooks } from './webhooksApi';

const NO_SORTS = ['name'] as const;
export const webhookName = (webhook: Pick<Webhook, 'name'>) => webhook.name || 'Untitled webhook';

/** /admin/forms/:formId/webhooks (admin only): the form's webhooks in the order added. */
export function WebhooksScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const form = useForm(eventId, formId);
  const list = useWebhooks(eventId, formId);
  const remove = useDeleteWebhook(eventId, formId);
  const params = useListParams('name', NO_SORTS);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const title = form.data?.form.title ?? 'Form';
  const at = `/admin/forms/${formId}/webhooks`;

  const askDelete = (webhook: Webhook) =>
    confirm({
      title: `Delete ${webhookName(webhook)}`,
      message: `${webhookName(webhook)} will be deleted for good, with its delivery log. Submissions will no longer be sent to ${webhook.requestURL}.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(webhook.id, {
          onSuccess: () => feedback.success('Webhook deleted successfully'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<Webhook, 'name'>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (w) => (
        <Anchor component={Link} to={`${at}/${w.id}`} fw={600}>
          {webhookName(w)}
        </Anchor>
      ),
    },
    {
      key: 'request',
      header: 'Request',
      render: (w) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {w.requestMethod} {w.requestURL} ({w.requestFormat})
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (w) => (
        <Badge variant={w.isActive ? 'filled' : 'light'} color={w.isActive ? 'portal' : 'gray'}>
          {w.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'rules',
      header: 'Rules',
      render: (w) => (w.rules.length === 0 ? 'Every submission' : `${w.rules.length} (all must match)`),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (w) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`${at}/${w.id}/edit`}
            aria-label={`Edit ${webhookName(w)}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => askDelete(w)}
            aria-label={`Delete ${webhookName(w)}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageHeader
      title={`${title}: webhooks`}
      breadcrumbs={formsCrumbs({ label: title, to: `/admin/forms/${formId}` }, { label: 'Webhooks' })}
      actions={
        <Button component={Link} to={`${at}/add`}>
          Add webhook
        </Button>
      }
      quickLinks={[
        { label: 'Builder', to: `/admin/forms/${formId}` },
        { label: 'Confirmations', to: `/admin/forms/${formId}/confirmations` },
      ]}
      tips="When a submission is made or changed, each active webhook whose rules all match sends the mapped answers to its URL, signed with its secret."
    >
      {list.isError ? (
        <LoadFailed title="The webhooks could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label="Webhooks"
          rows={list.data?.items ?? []}
          total={list.data?.items.length ?? 0}
          columns={columns}
          getRowId={(w) => w.id}
          params={params}
          isLoading={list.isPending}
        />
      )}
    </PageHeader>
  );
}

export { WebhooksScreen as Component };
