import { Button, Checkbox, Group, MultiSelect, Paper, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { SupplierDetail } from '../../../shared/suppliers/api';
import { SUPPLIER_ERRORS, supplierBodySchema } from '../../../shared/suppliers/schema';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { WithHistory } from '../audit/RecordHistory';
import { useTeamTypes } from '../people/teamsApi';
import {
  useArchiveSupplier,
  useDeleteSupplier,
  useSaveSupplier,
  useSupplier,
  useSupplierGroups,
} from './api';
import { type ContactRow, ContactsEditor } from './ContactsEditor';
import { LogoField, type LogoValue } from './LogoField';
import { useSupplierTerms } from './parts';

const RichTextField = lazy(() => import('../../ui/RichTextField'));

type Values = {
  company: string;
  description: string;
  website: string;
  logo: LogoValue;
  isFeatured: boolean;
  contacts: ContactRow[];
  showToTeamTypeIds: string[];
  hideFromTeamTypeIds: string[];
  groupIds: string[];
};

const EMPTY: Values = {
  company: '',
  description: '',
  website: '',
  logo: { logoUrl: '', logoFileId: null, preview: '' },
  isFeatured: false,
  contacts: [],
  showToTeamTypeIds: [],
  hideFromTeamTypeIds: [],
  groupIds: [],
};

function valuesOf(s: SupplierDetail): Values {
  return {
    company: s.company,
    description: s.description,
    website: s.website,
    logo: { logoUrl: s.logoUrl, logoFileId: s.logoFileId, preview: s.logo },
    isFeatured: s.isFeatured,
    contacts: s.contacts,
    showToTeamTypeIds: s.showToTeamTypeIds,
    hideFromTeamTypeIds: s.hideFromTeamTypeIds,
    groupIds: s.groupIds,
  };
}

function useCrumbs() {
  const terms = useSupplierTerms();
  return (last: string) => [
    { label: 'Admin', to: '/admin' },
    { label: terms.suppliers, to: '/admin/suppliers' },
    { label: last },
  ];
}

/** The supplier form (spec fields); text is trimmed and checked by the shared schema before sending. */
function SupplierForm({ eventId, supplier }: { eventId: string; supplier: SupplierDetail | null }) {
  const form = useSchemaForm(supplierBodySchema, {
    initialValues: supplier ? valuesOf(supplier) : EMPTY,
    // The logo picker holds its preview too; the body carries only its URL or file.
    toInput: ({ logo, ...rest }) => ({ ...rest, logoUrl: logo.logoUrl, logoFileId: logo.logoFileId }),
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const save = useSaveSupplier(eventId, supplier?.id ?? null);
  const teamTypes = useTeamTypes(eventId);
  const groups = useSupplierGroups(eventId);
  const terms = useSupplierTerms();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const typeOptions = (teamTypes.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));
  // A supplier may sit in an archived type; keep it selectable so saving does not drop it silently.
  const groupOptions = [
    ...(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.title })),
    ...(supplier?.groups ?? [])
      .filter((g) => !groups.data?.items.some((active) => active.id === g.id))
      .map((g) => ({ value: g.id, label: `${g.title} (archived)` })),
  ];

  const submit = form.onSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () => {
          feedback.success(supplier ? 'The supplier has been saved' : 'The supplier has been added');
          navigate('/admin/suppliers');
        },
        onError: (error) => {
          if (errorMessage(error) === SUPPLIER_ERRORS.logoUpload)
            form.setErrors({ logoFileId: SUPPLIER_ERRORS.logoUpload });
          else form.setServerErrors(error);
          feedback.error(error);
        },
      }),
    () => feedback.error('Invalid supplier'),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={820}>
      <Stack gap="md">
        <LogoField
          company={values.company}
          value={values.logo}
          onChange={(logo) => set('logo', logo)}
          error={errors.logoUrl ?? errors.logoFileId}
        />
        <TextInput
          label="Company"
          required
          value={values.company}
          error={errors.company}
          onChange={(e) => set('company', e.currentTarget.value)}
        />
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField
            label="Description"
            value={values.description}
            error={errors.description}
            onChange={(html) => set('description', html)}
          />
        </Suspense>
        <TextInput
          label="Website"
          placeholder="https://"
          value={values.website}
          error={errors.website}
          onChange={(e) => set('website', e.currentTarget.value)}
        />
        <Checkbox
          label="Featured"
          description={`Featured ${terms.suppliers.toLowerCase()} come first in their group`}
          checked={values.isFeatured}
          onChange={(e) => set('isFeatured', e.currentTarget.checked)}
        />
        <MultiSelect
          label={terms.types}
          placeholder={values.groupIds.length ? undefined : 'Unassigned'}
          data={groupOptions}
          value={values.groupIds}
          error={
            errors.groupIds ?? (groups.isError ? `The ${terms.typesLower} could not be loaded` : undefined)
          }
          onChange={(ids) => set('groupIds', ids)}
          searchable
          clearable
        />
        <ContactsEditor contacts={values.contacts} onChange={(c) => set('contacts', c)} errors={errors} />
        <MultiSelect
          label="Show to team types"
          description="Leave empty to show to every team type"
          data={typeOptions.filter((o) => !values.hideFromTeamTypeIds.includes(o.value))}
          value={values.showToTeamTypeIds}
          error={
            errors.showToTeamTypeIds ?? (teamTypes.isError ? 'The team types could not be loaded' : undefined)
          }
          onChange={(ids) => set('showToTeamTypeIds', ids)}
          searchable
          clearable
        />
        <MultiSelect
          label="Hide from team types"
          data={typeOptions.filter((o) => !values.showToTeamTypeIds.includes(o.value))}
          value={values.hideFromTeamTypeIds}
          error={errors.hideFromTeamTypeIds}
          onChange={(ids) => set('hideFromTeamTypeIds', ids)}
          searchable
          clearable
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {supplier ? 'Save' : 'Add supplier'}
          </Button>
          <Button variant="default" onClick={() => navigate('/admin/suppliers')}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/suppliers/add */
export function AddSupplierScreen() {
  const { event } = useSession();
  const crumbs = useCrumbs();
  return (
    <PageHeader title="Add supplier" breadcrumbs={crumbs('Add supplier')}>
      <SupplierForm eventId={event?.id ?? ''} supplier={null} />
    </PageHeader>
  );
}

/** /admin/suppliers/:supplierId: edit, archive or restore, or delete a supplier. */
export function EditSupplierScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { supplierId = '' } = useParams();
  const supplier = useSupplier(eventId, supplierId);
  const archive = useArchiveSupplier(eventId);
  const remove = useDeleteSupplier(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const crumbs = useCrumbs();
  const current = supplier.data;

  const askArchive = (s: SupplierDetail) =>
    confirm({
      title: s.isArchived ? 'Unarchive supplier' : 'Archive supplier',
      message: s.isArchived
        ? `${s.company} will be listed again for the teams it is shown to.`
        : `${s.company} will be hidden from every team and listed under archived suppliers.`,
      confirmLabel: s.isArchived ? 'Unarchive' : 'Archive',
      onConfirm: () =>
        archive.mutate(
          { supplierId: s.id, archive: !s.isArchived },
          {
            onSuccess: () =>
              feedback.success(
                s.isArchived ? 'The supplier has been restored' : 'The supplier has been archived',
              ),
            onError: (error) => feedback.error(error),
          },
        ),
    });
  const askDelete = (s: SupplierDetail) =>
    confirm({
      title: 'Delete supplier',
      message: `${s.company} will be deleted with its logo and contacts. This cannot be undone.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => {
            feedback.success('The supplier has been deleted');
            navigate('/admin/suppliers');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title={current?.company ?? 'Supplier'}
      breadcrumbs={crumbs(current?.company ?? 'Supplier')}
      actions={
        current && (
          <>
            <Button variant="default" loading={archive.isPending} onClick={() => askArchive(current)}>
              {current.isArchived ? 'Unarchive' : 'Archive'}
            </Button>
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() => askDelete(current)}
            >
              Delete
            </Button>
          </>
        )
      }
    >
      {supplier.isPending ? (
        <Loading label="Loading the supplier" />
      ) : supplier.isError ? (
        <LoadFailed
          title="The supplier could not be loaded"
          error={supplier.error}
          retry={supplier.refetch}
        />
      ) : (
        <WithHistory
          eventId={eventId}
          entityType="suppliers"
          entityId={supplier.data.id}
          detailsLabel="Supplier details"
        >
          <SupplierForm key={supplier.data.id} eventId={eventId} supplier={supplier.data} />
        </WithHistory>
      )}
    </PageHeader>
  );
}

export { AddSupplierScreen as Component };
