import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import { useSession } from '../../../lib/session';
import { useConfirm } from '../../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed } from '../../../ui/QueryState';
import { useListParams } from '../../../ui/useListParams';
import { useForm } from '../formsApi';
import { useDeleteNotification, useNotifications } from '../notificationsApi';
import { formsCrumbs } from '../parts';
import { SEND_TO_LABELS } from './RecipientFields';

const NO_SORTS = ['name'] as const;

const rulesOf = (n: FormNotification) =>
  n.rules.length === 0
    ? 'Every submission'
    : `${n.rules.length} ${n.rules.length === 1 ? 'rule' : 'rules'} (${n.operator})`;

/** /admin/forms/:formId/notifications (moderator and above): the form's emails, in the order added. */
export function NotificationsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const form = useForm(eventId, formId);
  const list = useNotifications(eventId, formId);
  const remove = useDeleteNotification(eventId, formId);
  const params = useListParams('name', NO_SORTS);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const title = form.data?.form.title ?? 'Form';
  const at = `/admin/forms/${formId}/notifications`;
  const nameOf = (n: FormNotification) => n.name || 'Untitled notification';

  const askDelete = (notification: FormNotification) =>
    confirm({
      title: `Delete ${nameOf(notification)}`,
      message: `${nameOf(notification)} will be deleted for good. Its emails stop with the next submission.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(notification.id, {
          onSuccess: () => feedback.success('Notification deleted successfully'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<FormNotification, 'name'>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (n) => (
        <Anchor component={Link} to={`${at}/${n.id}`} fw={600}>
          {nameOf(n)}
        </Anchor>
      ),
    },
    { key: 'sendTo', header: 'Send to', render: (n) => SEND_TO_LABELS[n.sendToType] },
    {
      key: 'flags',
      header: 'Status',
      render: (n) => (
        <Group gap={4}>
          {(n.isAdminDefault || n.isUserDefault) && <Badge variant="outline">Default</Badge>}
          <Badge variant={n.isActive ? 'filled' : 'light'} color={n.isActive ? 'portal' : 'gray'}>
            {n.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
      ),
    },
    { key: 'rules', header: 'Rules', render: rulesOf },
    {
      key: 'actions',
      header: 'Actions',
      render: (n) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`${at}/${n.id}`}
            aria-label={`Edit ${nameOf(n)}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => askDelete(n)}
            aria-label={`Delete ${nameOf(n)}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <PageHeader
      title={`${title}: notifications`}
      breadcrumbs={formsCrumbs({ label: title, to: `/admin/forms/${formId}` }, { label: 'Notifications' })}
      actions={
        <Button component={Link} to={`${at}/add`}>
          Add notification
        </Button>
      }
      quickLinks={[
        { label: 'Builder', to: `/admin/forms/${formId}` },
        { label: 'Confirmations', to: `/admin/forms/${formId}/confirmations` },
        { label: 'Settings', to: `/admin/forms/${formId}/settings` },
      ]}
      tips="When a form is submitted or a submission changes, every active notification whose rules match the answers sends its email."
    >
      {list.isError ? (
        <LoadFailed title="The notifications could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label="Notifications"
          rows={list.data?.items ?? []}
          total={list.data?.items.length ?? 0}
          columns={columns}
          getRowId={(n) => n.id}
          params={params}
          isLoading={list.isPending}
        />
      )}
    </PageHeader>
  );
}

export { NotificationsScreen as Component };
