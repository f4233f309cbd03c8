import { ActionIcon, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { EMBED_GUIDANCE, mapEmbedUrl, vimeoId, youTubeShortcode } from '../../../shared/content/embeds';
import {
  CALLOUT_VARIANT_LABELS,
  CALLOUT_VARIANTS,
  type Resource,
  type ResourceType,
  type SectionInput,
} from '../../../shared/content/sections';
import { DOWNLOAD_ROUTES } from '../../../shared/downloads/routes';
import { SUPPLIER_ROUTES } from '../../../shared/suppliers/routes';
import { TASK_ROUTES } from '../../../shared/tasks/routes';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Loading } from '../../ui/QueryState';
import { TaskGroupSelect } from '../tasks/TaskGroupSelect';
import { ImageSectionEditor, PdfSectionEditor } from './fileSectionEditors';
import { TableSectionEditor } from './TableSectionEditor';

/** The editor of each section type's data (the heading and publish flag are edited around it). */

// The rich text editor (tiptap, ProseMirror) loads only when a rich text section is on screen.
const RichTextField = lazy(() => import('../../ui/RichTextField'));

type DataOf<T extends SectionInput['type']> = Extract<SectionInput, { type: T }>['data'];
type EditorProps<T extends SectionInput['type']> = {
  data: DataOf<T>;
  onData: (data: DataOf<T>) => void;
  error?: string;
  label: string;
};

type ResourceOption = { value: string; label: string };
/** Where each kind of resource is listed (its admin list, searched), and the name it shows. */
const RESOURCE_SOURCES: Record<
  Exclude<ResourceType, 'form'>,
  { label: string; options: (eventId: string, search: string) => Promise<ResourceOption[]> }
> = {
  task: {
    label: 'Task',
    options: async (eventId, search) =>
      (await call(TASK_ROUTES.list, { params: { eventId }, query: { search } })).items.map((item) => ({
        value: item.id,
        label: item.title,
      })),
  },
  download: {
    label: 'Download',
    options: async (eventId, search) =>
      (await call(DOWNLOAD_ROUTES.list, { params: { eventId }, query: { search } })).items.map((item) => ({
        value: item.id,
        label: item.name,
      })),
  },
  supplier: {
    label: 'Supplier',
    options: async (eventId, search) =>
      (await call(SUPPLIER_ROUTES.list, { params: { eventId }, query: { search } })).items.map((item) => ({
        value: item.id,
        label: item.company,
      })),
  },
};

function ResourcesEditor({ data, onData, error, label }: EditorProps<'resources'>) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const [type, setType] = useState<Exclude<ResourceType, 'form'>>('task');
  const [search, setSearch] = useState('');
  const source = RESOURCE_SOURCES[type];
  const options = useQuery({
    queryKey: ['events', eventId, 'content', 'resource-options', type, search],
    queryFn: () => source.options(eventId, search),
    enabled: eventId !== '',
  });
  const items = options.data ?? [];
  const entries: Resource[] = data ?? [];
  return (
    <Stack gap="sm">
      {entries.map((entry, index) => (
        <Group key={`${entry.type}:${entry.id}`} gap="xs" wrap="nowrap" align="flex-end">
          <Text size="sm" w={90}>
            {RESOURCE_SOURCES[entry.type as Exclude<ResourceType, 'form'>]?.label ?? entry.type}
          </Text>
          <TextInput
            aria-label={`${label}: label of link ${index + 1}`}
            value={entry.label}
            onChange={(e) =>
              onData(entries.map((x, i) => (i === index ? { ...x, label: e.currentTarget.value } : x)))
            }
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${entry.label}`}
            onClick={() => onData(entries.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" align="flex-end">
        <Select
          label="Link to a"
          data={Object.entries(RESOURCE_SOURCES).map(([value, s]) => ({ value, label: s.label }))}
          value={type}
          onChange={(value) => value && setType(value as Exclude<ResourceType, 'form'>)}
          allowDeselect={false}
          w={140}
        />
        <Select
          label={`Add a ${source.label.toLowerCase()}`}
          placeholder={options.isPending ? 'Loading…' : 'Search by name'}
          data={items.filter((item) => !entries.some((e) => e.type === type && e.id === item.value))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          value={null}
          onChange={(id) => {
            const item = items.find((i) => i.value === id);
            if (item) onData([...entries, { type, id: item.value, label: item.label }]);
            setSearch('');
          }}
          nothingFoundMessage="Nothing found"
          style={{ flex: 1 }}
        />
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A text input for an embed, with the spec's guidance and a live check of what will be stored. */
function EmbedInput({
  value,
  onChange,
  label,
  guidance,
  valid,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  guidance: string;
  valid: boolean;
  error?: string;
}) {
  return (
    <TextInput
      label={label}
      description={guidance}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error ?? (value.trim() && !valid ? guidance : undefined)}
    />
  );
}

export function SectionDataEditor({
  section,
  onData,
  error,
}: {
  section: SectionInput;
  onData: (data: SectionInput['data']) => void;
  error?: string;
}) {
  const label = section.heading || 'Section';
  switch (section.type) {
    case 'richText':
      return (
        <Suspense fallback={<Loading label="Loading the editor" />}>
          <RichTextField label="Text" value={section.data} onChange={onData} error={error} />
        </Suspense>
      );
    case 'button':
      return (
        <Group grow align="flex-start">
          <TextInput
            label="Button text"
            value={section.data.text}
            onChange={(e) => onData({ ...section.data, text: e.currentTarget.value })}
            error={error}
          />
          <TextInput
            label="Link"
            description="A web address (https://...) or a portal path (/tasks)"
            value={section.data.link}
            onChange={(e) => onData({ ...section.data, link: e.currentTarget.value })}
          />
        </Group>
      );
    case 'callout':
      return (
        <Stack gap="sm">
          <Select
            label="Variant"
            data={CALLOUT_VARIANTS.map((value) => ({ value, label: CALLOUT_VARIANT_LABELS[value] }))}
            value={section.data.variant}
            onChange={(variant) =>
              variant && onData({ ...section.data, variant: variant as typeof section.data.variant })
            }
            allowDeselect={false}
            w={200}
          />
          <Textarea
            label="Callout text"
            rows={3}
            value={section.data.text}
            onChange={(e) => onData({ ...section.data, text: e.currentTarget.value })}
            error={error}
          />
        </Stack>
      );
    case 'image':
      return <ImageSectionEditor data={section.data} onData={onData} error={error} />;
    case 'pdf':
      return <PdfSectionEditor data={section.data} onData={onData} error={error} />;
    case 'googleMaps':
      return (
        <EmbedInput
          label="Address or map link"
          guidance={EMBED_GUIDANCE.googleMaps}
          value={section.data}
          onChange={onData}
          valid={mapEmbedUrl(section.data) !== null}
          error={error}
        />
      );
    case 'youTube':
      return (
        <EmbedInput
          label="YouTube shortcode"
          guidance={EMBED_GUIDANCE.youTube}
          value={section.data}
          onChange={onData}
          valid={youTubeShortcode(section.data) !== null}
          error={error}
        />
      );
    case 'vimeo':
      return (
        <EmbedInput
          label="Vimeo id"
          guidance={EMBED_GUIDANCE.vimeo}
          value={section.data}
          onChange={onData}
          valid={vimeoId(section.data) !== null}
          error={error}
        />
      );
    case 'taskList':
      return (
        <Stack gap={4}>
          <TaskGroupSelect
            label="Task group"
            value={section.data.id || null}
            onChange={(id) => onData({ id: id ?? '' })}
          />
          <Text size="xs" c={error ? 'red' : 'dimmed'}>
            {error ??
              "Teams see this group's tasks for their team; the section is hidden while they have none."}
          </Text>
        </Stack>
      );
    case 'resources':
      return <ResourcesEditor data={section.data} onData={onData} error={error} label={label} />;
    case 'table':
      return <TableSectionEditor data={section.data} onData={onData} error={error} label={label} />;
  }
}
