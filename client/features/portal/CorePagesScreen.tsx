import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CORE_PAGE_ERRORS,
  type CorePage,
  corePageBodySchema,
  PORTAL_ICONS,
  type PortalIcon,
} from '../../../shared/portal/corePages';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { type ChosenImage, PageImageField } from '../content/PageImageField';
import { useCorePages, useSaveCorePage } from './api';
import { PORTAL_ICON_LABELS, PortalIconView } from './icons';

const crumbs = [{ label: 'Admin', to: '/admin' }, { label: 'Core pages' }];
const ICON_OPTIONS = PORTAL_ICONS.map((value) => ({ value, label: PORTAL_ICON_LABELS[value] }));

/** /admin/core-pages (admin): title, icon and published flag of each built-in page. */
export function CorePagesScreen() {
  const { event, shell } = useSession();
  const eventId = event?.id ?? '';
  const pages = useCorePages(eventId);

  return (
    <PageHeader
      title="Core pages"
      breadcrumbs={crumbs}
      description="The built-in pages of the portal. An unpublished page disappears from the sidebar and cannot be opened."
      quickLinks={[
        { label: 'Sidebar', to: '/admin/sidebar' },
        { label: 'Variables', to: '/admin/variables' },
      ]}
      tips="Leave a title empty to use the event's terminology (Variables), so renaming an area renames its page too."
    >
      {pages.isError ? (
        <LoadFailed title="The core pages could not be loaded" error={pages.error} retry={pages.refetch} />
      ) : !pages.data ? (
        <Loading label="Loading the core pages" />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {pages.data.items.map((page) => (
            <CorePageForm
              key={page.id}
              eventId={eventId}
              page={page}
              terminologyLabel={shell?.terminology[page.id] ?? page.title}
            />
          ))}
        </SimpleGrid>
      )}
    </PageHeader>
  );
}

function CorePageForm({
  eventId,
  page,
  terminologyLabel,
}: {
  eventId: string;
  page: CorePage;
  terminologyLabel: string;
}) {
  const save = useSaveCorePage(eventId);
  const feedback = useFeedback();
  const initialValues: { title: string; icon: PortalIcon; isPublished: boolean; image: ChosenImage | null } =
    { title: page.customTitle, icon: page.icon, isPublished: page.isPublished, image: page.image };
  const form = useSchemaForm(corePageBodySchema, {
    initialValues,
    // The form holds the chosen image's preview; the request carries only its asset id.
    toInput: ({ image, ...rest }) => ({ ...rest, assetId: image?.assetId ?? null }),
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const headingId = `core-page-${page.id}`;

  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: page.id, body },
        {
          onSuccess: () => feedback.success(),
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    () => feedback.error(CORE_PAGE_ERRORS.invalid),
  );

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <PortalIconView icon={values.icon} size={22} />
          <Title order={2} size="h4" id={headingId}>
            {page.title}
          </Title>
          <Text size="sm" c="dimmed">
            {page.path}
          </Text>
        </Group>
        <TextInput
          label="Title"
          placeholder={terminologyLabel}
          description="Empty: the terminology label"
          value={values.title}
          onChange={(e) => form.setFieldValue('title', e.currentTarget.value)}
          maxLength={60}
          error={errors.title}
        />
        <Select
          label="Icon"
          data={ICON_OPTIONS}
          value={values.icon}
          onChange={(v) => v && form.setFieldValue('icon', v as PortalIcon)}
          allowDeselect={false}
          error={errors.icon}
        />
        <PageImageField
          value={values.image}
          onChange={(image) => form.setFieldValue('image', image)}
          error={errors.assetId}
          description="Shown at the top of the page."
        />
        <Switch
          label="Published"
          checked={values.isPublished}
          onChange={(e) => form.setFieldValue('isPublished', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} aria-label={`Save ${page.title}`}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export { CorePagesScreen as Component };
