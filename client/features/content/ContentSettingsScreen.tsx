import { Button, Group, MultiSelect, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CONTENT_LABELS, type ContentDetail, contentSettingsSchema } from '../../../shared/content/api';
import { DEFAULT_PAGE_ICON } from '../../../shared/content/icons';
import { FEATURED_RULE } from '../../../shared/portal/featured';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { WithHistory } from '../audit/RecordHistory';
import { useTeamTypes } from '../people/teamsApi';
import { useContent, useSaveContentSettings } from './api';
import { type ChosenImage, PageImageField } from './PageImageField';
import { contentCrumbs } from './parts';

// The picker brings ~3,900 icon names and the icon font: only when this form is open.
const IconPicker = lazy(() => import('./IconPicker'));

type Values = {
  title: string;
  description: string;
  isPublished: boolean;
  isPublic: boolean;
  icon: string;
  allowedTeamTypeIds: string[];
  showToChildTeams: boolean;
  isFeatured: boolean;
  assetId: string | null;
};

const valuesOf = (page: ContentDetail | null): Values => ({
  title: page?.title ?? '',
  description: page?.description ?? '',
  // Spec defaults: unpublished, not public, icon new_release_outlined.
  isPublished: page?.isPublished ?? false,
  isPublic: page?.isPublic ?? false,
  icon: page?.icon ?? DEFAULT_PAGE_ICON,
  allowedTeamTypeIds: page?.allowedTeamTypeIds ?? [],
  showToChildTeams: page?.showToChildTeams ?? false,
  isFeatured: page?.isFeatured ?? false,
  assetId: page?.image?.assetId ?? null,
});

export function ContentSettingsForm({ eventId, page }: { eventId: string; page: ContentDetail | null }) {
  const form = useSchemaForm(contentSettingsSchema, { initialValues: valuesOf(page) });
  const save = useSaveContentSettings(eventId, page?.id ?? null);
  const teamTypes = useTeamTypes(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const { values } = form;
  const errors = errorTexts(form.errors);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);
  // The preview of the chosen image; the form itself holds only its asset id.
  const [image, setImage] = useState<ChosenImage | null>(page?.image ?? null);

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        feedback.success(page ? undefined : 'The page has been added: now add its sections');
        // A new page goes straight to its editor; settings of an existing page stay put, showing
        // what was stored (the server trims and may reorder the team types).
        if (!page) return navigate(`/admin/content/${saved.id}`);
        form.setValues(valuesOf(saved));
        setImage(saved.image ?? null);
      },
      onError: (error) => {
        form.setServerErrors(error);
        feedback.error(error);
      },
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={680}>
      <Stack gap="md">
        <TextInput
          label={CONTENT_LABELS.title}
          required
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label={CONTENT_LABELS.description}
          rows={3}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Switch
          label={CONTENT_LABELS.isPublished}
          checked={values.isPublished}
          onChange={(e) => set('isPublished', e.currentTarget.checked)}
        />
        <Switch
          label={CONTENT_LABELS.isPublic}
          description={CONTENT_LABELS.isPublicHint}
          checked={values.isPublic}
          onChange={(e) => set('isPublic', e.currentTarget.checked)}
        />
        <Suspense fallback={<Loading label="Loading the icons" />}>
          <IconPicker
            label={CONTENT_LABELS.icon}
            description={CONTENT_LABELS.iconHint}
            value={values.icon}
            onChange={(icon) => set('icon', icon)}
          />
        </Suspense>
        <MultiSelect
          label={CONTENT_LABELS.allowedTeamTypeIds}
          description={CONTENT_LABELS.allowedTeamTypeIdsHint}
          placeholder={values.allowedTeamTypeIds.length ? undefined : 'All team types'}
          data={(teamTypes.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={values.allowedTeamTypeIds}
          onChange={(ids) => set('allowedTeamTypeIds', ids)}
          error={
            errors.allowedTeamTypeIds ??
            (teamTypes.isError ? 'The team types could not be loaded' : undefined)
          }
          searchable
          clearable
        />
        <Switch
          label={CONTENT_LABELS.showToChildTeams}
          checked={values.showToChildTeams}
          onChange={(e) => set('showToChildTeams', e.currentTarget.checked)}
        />
        <PageImageField
          value={image}
          error={errors.assetId}
          onChange={(chosen) => {
            setImage(chosen);
            set('assetId', chosen?.assetId ?? null);
          }}
        />
        <Switch
          label={CONTENT_LABELS.isFeatured}
          description={`Adds the page at the end of the featured pages; order them on Featured pages. ${FEATURED_RULE}`}
          checked={values.isFeatured}
          disabled={page?.isArchived}
          onChange={(e) => set('isFeatured', e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {page ? 'Save' : 'Add page'}
          </Button>
          <Button
            variant="default"
            onClick={() => navigate(page ? `/admin/content/${page.id}` : '/admin/content')}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/content/add */
export function AddContentScreen() {
  const { event } = useSession();
  return (
    <PageHeader
      title="Add page"
      breadcrumbs={contentCrumbs({ label: 'Add page' })}
      tips="New pages start unpublished and private: publish them when their sections are ready."
    >
      <ContentSettingsForm eventId={event?.id ?? ''} page={null} />
    </PageHeader>
  );
}

/** /admin/content/:contentId/settings */
export function ContentSettingsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { contentId = '' } = useParams();
  const page = useContent(eventId, contentId);
  const title = page.data?.title ?? 'Page';
  return (
    <PageHeader
      title={`${title}: settings`}
      breadcrumbs={contentCrumbs({ label: title, to: `/admin/content/${contentId}` }, { label: 'Settings' })}
      quickLinks={[{ label: 'Edit sections', to: `/admin/content/${contentId}` }]}
    >
      {page.isPending ? (
        <Loading label="Loading the page" />
      ) : page.isError ? (
        <LoadFailed title="The page could not be loaded" error={page.error} retry={page.refetch} />
      ) : (
        <WithHistory
          eventId={eventId}
          entityType="content"
          entityId={page.data.id}
          detailsLabel="Page settings"
        >
          {/* Keyed by the page, not its version: a save's refetch must not remount the form it came from. */}
          <ContentSettingsForm key={page.data.id} eventId={eventId} page={page.data} />
        </WithHistory>
      )}
    </PageHeader>
  );
}

export { ContentSettingsScreen as Component };
