import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ContentDetail, ContentSection } from '../../../shared/content/api';
import {
  emptySectionData,
  SECTION_TYPE_LABELS,
  SECTION_TYPES,
  type SectionInput,
  type SectionType,
} from '../../../shared/content/sections';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { SortableList } from '../../ui/SortableList';
import { useContent, useSaveSections } from './api';
import { contentCrumbs } from './parts';
import { SectionDataEditor } from './sectionEditors';

/** A section being edited; `key` identifies it in the list before the server gives it an id. */
type Draft = SectionInput & { key: string };

function draftOf(section: ContentSection): Draft {
  const base = {
    key: section.id,
    id: section.id,
    heading: section.heading,
    isPublished: section.isPublished,
  };
  if (section.type === 'pdf') {
    return { ...base, type: 'pdf', data: { fileName: section.data.fileName, fileIds: section.data.fileIds } };
  }
  return { ...base, type: section.type, data: section.data } as Draft;
}

const toInput = ({ key: _key, ...section }: Draft): SectionInput => section;

const sectionName = (draft: Draft, index: number) =>
  draft.heading || `${SECTION_TYPE_LABELS[draft.type]} section ${index + 1}`;

function SectionCard({
  draft,
  index,
  handle,
  error,
  onChange,
  onDelete,
}: {
  draft: Draft;
  index: number;
  handle: ReactNode;
  error?: string;
  onChange: (next: Draft) => void;
  onDelete: () => void;
}) {
  const name = sectionName(draft, index);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {handle}
            <Badge variant="light">{SECTION_TYPE_LABELS[draft.type]}</Badge>
            {!draft.isPublished && (
              <Badge variant="outline" color="gray">
                Hidden
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Switch
              label="Published"
              checked={draft.isPublished}
              onChange={(e) => onChange({ ...draft, isPublished: e.currentTarget.checked })}
            />
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          label="Heading"
          value={draft.heading ?? ''}
          onChange={(e) => onChange({ ...draft, heading: e.currentTarget.value })}
        />
        <SectionDataEditor
          section={draft}
          error={error}
          onData={(data) => onChange({ ...draft, data } as Draft)}
        />
      </Stack>
    </Paper>
  );
}

/** The server's refusal, as one message per section (issues carry ['sections', index, ...]). */
function errorsBySection(error: unknown): Record<number, string> {
  if (!isApiError(error)) return {};
  const out: Record<number, string> = {};
  for (const issue of error.issues) {
    const [root, index] = issue.path;
    if (root === 'sections' && typeof index === 'number' && out[index] === undefined)
      out[index] = issue.message;
  }
  return out;
}

function SectionsEditor({ eventId, page }: { eventId: string; page: ContentDetail }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => page.sections.map(draftOf));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState(false);
  const save = useSaveSections(eventId, page.id);
  const confirm = useConfirm();
  const feedback = useFeedback();

  const change = (next: Draft[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const add = (type: SectionType) =>
    change([
      ...drafts,
      {
        key: crypto.randomUUID(),
        type,
        heading: '',
        isPublished: true,
        data: emptySectionData(type),
      } as Draft,
    ]);
  const askDelete = (draft: Draft, index: number) =>
    confirm({
      title: 'Delete section',
      message: `${sectionName(draft, index)} will be removed from the page when you save.`,
      confirmLabel: 'Delete',
      onConfirm: () => change(drafts.filter((d) => d.key !== draft.key)),
    });
  const submit = () =>
    save.mutate(
      { sections: drafts.map(toInput) },
      {
        onSuccess: (saved) => {
          setDrafts(saved.sections.map(draftOf));
          setErrors({});
          setDirty(false);
          feedback.success('The sections have been saved');
        },
        onError: (error) => {
          setErrors(errorsBySection(error));
          feedback.error(error);
        },
      },
    );

  const addMenu = (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Add section
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {SECTION_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => add(type)}>
            {SECTION_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="md">
      {drafts.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text>This page has no sections yet. Add the first one.</Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <SortableList
            items={drafts}
            getId={(draft) => draft.key}
            onReorder={change}
            handleLabel={(draft, index) => `Move ${sectionName(draft, index)}`}
            renderItem={(draft, handle, index) => (
              <SectionCard
                draft={draft}
                index={index}
                handle={handle}
                error={errors[index]}
                onChange={(next) => change(drafts.map((d) => (d.key === draft.key ? next : d)))}
                onDelete={() => askDelete(draft, index)}
              />
            )}
          />
        </Stack>
      )}
      <Group justify="space-between">
        {addMenu}
        <Group gap="sm">
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            Save sections
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** /admin/content/:contentId — the page editor: sections added, edited, reordered, hidden, deleted. */
export function PageEditorScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { contentId = '' } = useParams();
  const page = useContent(eventId, contentId);
  const title = page.data?.title ?? 'Page';
  return (
    <PageHeader
      title={title}
      description={page.data && (page.data.isPublished ? 'Published' : 'Draft: not shown to teams yet')}
      breadcrumbs={contentCrumbs({ label: title })}
      actions={
        <Group gap="sm">
          <Button variant="default" component={Link} to={`/admin/content/${contentId}/settings`}>
            Settings
          </Button>
          <Button variant="default" component={Link} to={`/content/${contentId}`}>
            View page
          </Button>
        </Group>
      }
      tips="Drag a section by its handle (or focus the handle, press Space, then the arrow keys) to reorder. Hidden sections stay here but teams do not see them. Save to apply."
    >
      {page.isPending ? (
        <Loading label="Loading the page" />
      ) : page.isError ? (
        <LoadFailed title="The page could not be loaded" error={page.error} retry={page.refetch} />
      ) : (
        <SectionsEditor eventId={eventId} page={page.data} />
      )}
    </PageHeader>
  );
}

export { PageEditorScreen as Component };
