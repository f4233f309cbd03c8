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
import { type FormEvent, useState } from 'react';
import { type CorePage, PORTAL_ICONS, type PortalIcon } from '../../../shared/portal/corePages';
import { fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
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
  const [title, setTitle] = useState(page.customTitle);
  const [icon, setIcon] = useState<PortalIcon>(page.icon);
  const [isPublished, setPublished] = useState(page.isPublished);
  // The preview of the chosen image; the request carries only its asset id.
  const [image, setImage] = useState<ChosenImage | null>(page.image);
  const errors = fieldErrors(save.error);
  const headingId = `core-page-${page.id}`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: page.id, body: { title, icon, isPublished, assetId: image?.assetId ?? null } },
      { onSuccess: () => feedback.success(), onError: (error) => feedback.error(error) },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs">
          <PortalIconView icon={icon} size={22} />
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
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={60}
          error={errors.title}
        />
        <Select
          label="Icon"
          data={ICON_OPTIONS}
          value={icon}
          onChange={(v) => v && setIcon(v as PortalIcon)}
          allowDeselect={false}
          error={errors.icon}
        />
        <PageImageField
          value={image}
          onChange={setImage}
          error={errors.assetId}
          description="Shown at the top of the page."
        />
        <Switch
          label="Published"
          checked={isPublished}
          onChange={(e) => setPublished(e.currentTarget.checked)}
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
