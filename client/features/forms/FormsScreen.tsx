import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FormRow } from '../../../shared/forms/api';
import { FORM_SORTS } from '../../../shared/forms/sorts';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { EventDate } from '../../ui/EventDate';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ListSearch } from '../../ui/ListSearch';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { type FormSort, useBulkForms, useDuplicateForm, useForms } from './formsApi';
import { formsCrumbs } from './parts';
import { FormsShortcuts } from './Shortcuts';

/** The form tasks that send teams to this form; an organiser opens one from here. */
function LinkedTasks({ form }: { form: FormRow }) {
  if (form.linkedTasks.length === 0) return <Text c="dimmed">None</Text>;
  return (
    <Stack gap={2}>
      {form.linkedTasks.map((task) => (
        <Anchor key={task.id} component={Link} to={`/admin/tasks/${task.id}`} size="sm">
          {task.title}
        </Anchor>
      ))}
    </Stack>
  );
}

/** The longest flag may take two lines, so the status column does not push Actions out of view. */
const WRAPPING_BADGE = { root: { height: 'auto' }, label: { whiteSpace: 'normal' } } as const;

function Flags({ form }: { form: FormRow }) {
  return (
    <Group gap={4}>
      {/* Light green fails contrast (axe); the portal's filled green passes. */}
      <Badge variant={form.isPublished ? 'filled' : 'light'} color={form.isPublished ? 'portal' : 'gray'}>
        {form.isPublished ? 'Published' : 'Draft'}
      </Badge>
      {form.isPublic && <Badge variant="outline">Public</Badge>}
      {form.isEditable && (
        <Badge variant="outline" radius="sm" styles={WRAPPING_BADGE}>
          Editable after submit
        </Badge>
      )}
    </Group>
  );
}

function FormsList({ archived }: { archived: boolean }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const params = useListParams<FormSort>('title', FORM_SORTS);
  const { page, sort, order, search } = params;
  const list = useForms(eventId, { page, sort, order, search, archived });
  const archive = useBulkForms(eventId, archived ? 'unarchive' : 'archive');
  const remove = useBulkForms(eventId, 'delete');
  const duplicate = useDuplicateForm(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const titles = (ids: string[]) =>
    (list.data?.items ?? [])
      .filter((f) => ids.includes(f.id))
      .map((f) => f.title)
      .join(', ');
  const plural = (ids: string[]) => (ids.length === 1 ? '1 form' : `${ids.length} forms`);

  const askArchive = (ids: string[]) =>
    confirm({
      title: archived ? `Restore ${plural(ids)}` : `Archive ${plural(ids)}`,
      message: archived
        ? `${titles(ids)} will be listed with the forms again. Publish a form again to show it to teams.`
        : `${titles(ids)} will be archived: teams no longer see them; their submissions are kept.`,
      confirmLabel: archived ? 'Restore' : 'Archive',
      onConfirm: () =>
        archive.mutateAsync(ids, {
          onSuccess: () =>
            feedback.success(archived ? 'Forms restored successfully' : 'Forms archived successfully'),
          onError: (error) => feedback.error(error),
        }),
    });
  const askDelete = (ids: string[]) =>
    confirm({
      title: `Delete ${plural(ids)}`,
      message: `${titles(ids)} will be deleted for good, with their fields, confirmations and notifications.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(ids, {
          onSuccess: () => feedback.success('Forms deleted successfully'),
          onError: (error) => feedback.error(error),
        }),
    });
  const copy = (form: FormRow) =>
    duplicate.mutate(form.id, {
      onSuccess: () => feedback.success(`${form.title} (Copy) has been added, unpublished`),
      onError: (error) => feedback.error(error),
    });

  const columns: DataTableColumn<FormRow, FormSort>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (form) => (
        <Anchor component={Link} to={`/admin/forms/${form.id}`} fw={600}>
          {form.title}
        </Anchor>
      ),
    },
    { key: 'fields', header: 'Fields', sortKey: 'fieldsCount', render: (form) => form.fieldsCount },
    { key: 'flags', header: 'Status', render: (form) => <Flags form={form} /> },
    { key: 'linkedTasks', header: 'Linked tasks', render: (form) => <LinkedTasks form={form} /> },
    {
      key: 'updatedAt',
      header: 'Updated',
      sortKey: 'updatedAt',
      render: (form) => <EventDate value={form.updatedAt} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (form) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/admin/forms/${form.id}/settings`}
            aria-label={`Settings of ${form.title}`}
          >
            Settings
          </Button>
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/admin/forms/${form.id}/submissions`}
            aria-label={`Submissions of ${form.title}`}
          >
            Submissions
          </Button>
          {!archived && (
            <Button
              size="xs"
              variant="default"
              onClick={() => copy(form)}
              loading={duplicate.isPending && duplicate.variables === form.id}
              aria-label={`Duplicate ${form.title}`}
            >
              Duplicate
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => askArchive([form.id])}
            aria-label={`${archived ? 'Restore' : 'Archive'} ${form.title}`}
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => askDelete([form.id])}
            aria-label={`Delete ${form.title}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  const title = archived ? 'Archived forms' : 'Forms';
  return (
    <PageHeader
      title={title}
      breadcrumbs={archived ? formsCrumbs({ label: 'Archived' }) : formsCrumbs()}
      actions={
        <Button component={Link} to="/admin/forms/add">
          Add form
        </Button>
      }
      tips="Forms are sorted by title. A form shows to teams once published; a public form can also be filled in by guests, without signing in."
    >
      <FormsShortcuts counts={list.data?.counts} current={archived ? 'archivedForms' : 'forms'} />
      {list.isError ? (
        <LoadFailed title="The forms could not be loaded" error={list.error} retry={list.refetch} />
      ) : (
        <DataTable
          label={title}
          rows={list.data?.items ?? []}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(form) => form.id}
          params={params}
          isLoading={list.isPending}
          isFetching={list.isPlaceholderData}
          selection="multi"
          bulkActions={[
            { label: archived ? 'Restore' : 'Archive', onClick: askArchive },
            { label: 'Delete', color: 'red', onClick: askDelete },
          ]}
          toolbar={
            <Group mb="md">
              <ListSearch value={params.search} onSearch={params.setSearch} placeholder="Form title" />
            </Group>
          }
          emptyState={
            <ListEmptyState
              filtered={params.hasFilters}
              onClearFilters={params.clearFilters}
              noun={archived ? 'archived forms' : 'forms'}
              add={archived ? undefined : { label: 'Add form', to: '/admin/forms/add' }}
            />
          }
        />
      )}
    </PageHeader>
  );
}

/** /admin/forms (moderator and above): forms by title, with search, shortcuts and bulk actions. */
export function FormsScreen() {
  return <FormsList archived={false} />;
}

/** /admin/forms/archived */
export function ArchivedFormsScreen() {
  return <FormsList archived />;
}

export { FormsScreen as Component };
