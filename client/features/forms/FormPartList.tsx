import { Anchor, Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Mutation } from '../../lib/mutation';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useForm } from './formsApi';
import { formsCrumbs } from './parts';

const NO_SORTS = ['name'] as const;

type Named = { id: string; name: string };

/**
 * The list of one kind of part of a form (its confirmations, notifications, webhooks): the form's title in
 * the heading, the parts in the order added with their name linking to them, and Edit and Delete
 * on every row, Delete asking first. Each screen brings its own middle columns and words.
 */
export function FormPartList<T extends Named>(props: {
  /** Singular and plural in the spec's words: 'notification', 'Notifications'. */
  noun: string;
  plural: string;
  /** The list's path segment under the form: 'notifications'. */
  segment: string;
  useList: (eventId: string, formId: string) => UseQueryResult<{ items: T[] }>;
  useDelete: (eventId: string, formId: string) => Mutation<unknown, Error, string, unknown>;
  nameOf: (record: T) => string;
  /** Where a row's name leads and where its Edit leads (relative to the list). */
  viewPath: (record: T) => string;
  editPath: (record: T) => string;
  /** What deleting takes away, after '<name> will be deleted for good'. */
  deleteConsequence: (record: T) => string;
  /** Rows that offer no Delete (a form's default confirmation: the server refuses too). */
  canDelete?: (record: T) => boolean;
  columns: DataTableColumn<T, 'name'>[];
  quickLinks: { label: string; to: string }[];
  tips: string;
}) {
  const { noun, nameOf } = props;
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { formId = '' } = useParams();
  const form = useForm(eventId, formId);
  const list = props.useList(eventId, formId);
  const remove = props.useDelete(eventId, formId);
  const params = useListParams('name', NO_SORTS);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const title = form.data?.form.title ?? 'Form';
  const at = `/admin/forms/${formId}/${props.segment}`;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  const askDelete = (record: T) =>
    confirm({
      title: `Delete ${nameOf(record)}`,
      message: `${nameOf(record)} will be deleted for good${props.deleteConsequence(record)}`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(record.id, {
          onSuccess: () => feedback.success(`${Noun} deleted successfully`),
          onError: (error) => feedback.error(error),
        }),
    });

  const columns: DataTableColumn<T, 'name'>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <Anchor component={Link} to={`${at}/${props.viewPath(r)}`} fw={600}>
          {nameOf(r)}
        </Anchor>
      ),
    },
    ...props.columns,
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`${at}/${props.editPath(r)}`}
            aria-label={`Edit ${nameOf(r)}`}
          >
            Edit
          </Button>
          {(props.canDelete?.(r) ?? true) && (
            <Button
              size="xs"
              variant="default"
              color="red"
              onClick={() => askDelete(r)}
              aria-label={`Delete ${nameOf(r)}`}
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
      title={`${title}: ${props.plural.toLowerCase()}`}
      breadcrumbs={formsCrumbs({ label: title, to: `/admin/forms/${formId}` }, { label: props.plural })}
      actions={
        <Button component={Link} to={`${at}/add`}>
          Add {noun}
        </Button>
      }
      quickLinks={props.quickLinks.map((link) => ({ ...link, to: `/admin/forms/${formId}${link.to}` }))}
      tips={props.tips}
    >
      {list.isError ? (
        <LoadFailed
          title={`The ${props.plural.toLowerCase()} could not be loaded`}
          error={list.error}
          retry={list.refetch}
        />
      ) : (
        <DataTable
          label={props.plural}
          rows={list.data?.items ?? []}
          total={list.data?.items.length ?? 0}
          columns={columns}
          getRowId={(r) => r.id}
          params={params}
          isLoading={list.isPending}
        />
      )}
    </PageHeader>
  );
}
