import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import { useSession } from '../../../lib/session';
import { useConfirm } from '../../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed } from '../../../ui/QueryState';
import { useListParams } from '../../../ui/useListParams';
import { useConfirmations, useDeleteConfirmation } from '../confirmationsApi';
import { useForm } from '../formsApi';
import { formsCrumbs } from '../parts';

const NO_SORTS = ['name'] as const;

/** What a confirmation's rules come to, for the list. */
export const rulesSummary = (confirmation: Confirmation) =>
  confirmation.isDefault
    ? 'Shown when no other matches'
    : confirmation.rules.length === 0
      ? 'No rules: never chosen'
      : `${confirmation.rules.length} ${confirmation.rules.length === 1 ? 'rule' : 'rules'} (${confirmation.operator})`;

/** /admin/forms/:formId/confirmations (moderator and above): default first, then in the order added. */
export function ConfirmationsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const form = useForm(eventId, formId);
  const list = useConfirmations(eventId, formId);
  const remove = useDeleteConfirmation(eventId, formId);
  const params = useListParams('name', NO_SORTS);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const title = form.data?.form.title ?? 'Form';
  const at = `/admin/forms/${formId}/confirmations`;
  const nameOf = (c: Confirmation) => c.name || 'Untitled confirmation';

  const askDelete = (confirmation: Confirmation) =>
    confirm({
      title: `Delete ${nameOf(confirmation)}`,
      message: `${nameOf(confirmation)} will be deleted for good. People who submit the form will see another confirmation.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(confirmation.id, {
          onSuccess: () => feedback.success('Confirmation deleted successfully'),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<Confirmation, 'name'>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (c) => (
        <Anchor component={Link} to={`${at}/${c.id}`} fw={600}>
          {nameOf(c)}
        </Anchor>
      ),
    },
    {
      key: 'flags',
      header: 'Status',
      render: (c) => (
        <Group gap={4}>
          {c.isDefault && <Badge variant="filled">Default</Badge>}
          <Badge variant={c.isActive ? 'filled' : 'light'} color={c.isActive ? 'portal' : 'gray'}>
            {c.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
      ),
    },
    { key: 'rules', header: 'Rules', render: rulesSummary },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`${at}/${c.id}`}
            aria-label={`Edit ${nameOf(c)}`}
          >
            Edit
          </Button>
          {/* The default is what everyone falls back on: it cannot be deleted (the server refuses too). */}
          {!c.isDefault && (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => askDelete(c)}
              aria-label={`Delete ${nameOf(c)}`}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <PageHeader
      title={`${title}: confirmations`}
      breadcrumbs={formsCrumbs({ label: title, to: `/admin/forms/${formId}` }, { label: 'Confirmations' })}
      actions={
        <Button component={Link} to={`${at}/add`}>
          Add confirmation
        </Button>
      }
      quickLinks={[
        { label: 'Builder', to: `/admin/forms/${formId}` },
        { label: 'Notifications', to: `/admin/forms/${formId}/notifications` },
        { label: 'Settings', to: `/admin/forms/${formId}/settings` },
      ]}
      tips="After submitting, a person sees the first active confirmation whose rules match their answers, or else the default."
    >
      {list.isError ? (
        <LoadFailed title="The confirmations could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label="Confirmations"
          rows={list.data?.items ?? []}
          total={list.data?.items.length ?? 0}
          columns={columns}
          getRowId={(c) => c.id}
          params={params}
          isLoading={list.isPending}
        />
      )}
    </PageHeader>
  );
}

export { ConfirmationsScreen as Component };
