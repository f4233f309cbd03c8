import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { EMBED_GUIDANCE, mapEmbedUrl, vimeoId, youTubeShortcode } from '../../../shared/content/embeds';
import {
  CALLOUT_VARIANT_LABELS,
  CALLOUT_VARIANTS,
  MAX_TABLE_COLUMNS,
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

function TableEditor({ data, onData, error, label }: EditorProps<'table'>) {
  const table = {
    isFixedWidth: data.isFixedWidth ?? true,
    isFirstRowHeader: data.isFirstRowHeader ?? true,
    columnCount: data.columnCount ?? 0,
    rows: data.rows,
  };
  const columns = table.columnCount ?? 0;
  const resize = (count: number) =>
    onData({
      ...table,
      columnCount: count,
      rows: table.rows.map((row) => ({
        cells: Array.from({ length: count }, (_, i) => row.cells[i] ?? ''),
      })),
    });
  const setCell = (r: number, c: number, value: string) =>
    onData({
      ...table,
      rows: table.rows.map((row, i) =>
        i === r ? { cells: row.cells.map((cell, j) => (j === c ? value : cell)) } : row,
      ),
    });
  return (
    <Stack gap="sm">
      <Group gap="lg" align="flex-end">
        <NumberInput
          label="Columns"
          min={0}
          max={MAX_TABLE_COLUMNS}
          value={columns}
          onChange={(value) => resize(Math.max(0, Math.min(MAX_TABLE_COLUMNS, Number(value) || 0)))}
          w={120}
        />
        <Switch
          label="Fixed width"
          checked={table.isFixedWidth}
          onChange={(e) => onData({ ...table, isFixedWidth: e.currentTarget.checked })}
        />
        <Switch
          label="First row is the header"
          checked={table.isFirstRowHeader}
          onChange={(e) => onData({ ...table, isFirstRowHeader: e.currentTarget.checked })}
        />
      </Group>
      {table.rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <Group key={r} gap={6} wrap="nowrap" align="flex-end">
          {row.cells.map((cell, c) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              key={c}
              aria-label={`${label}: row ${r + 1}, column ${c + 1}`}
              value={cell}
              onChange={(e) => setCell(r, c, e.currentTarget.value)}
              style={{ flex: 1 }}
              fw={r === 0 && table.isFirstRowHeader ? 700 : undefined}
            />
          ))}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove row ${r + 1}`}
            onClick={() => onData({ ...table, rows: table.rows.filter((_, i) => i !== r) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        disabled={columns === 0}
        onClick={() =>
          onData({ ...table, rows: [...table.rows, { cells: Array.from({ length: columns }, () => '') }] })
        }
      >
        Add row
      </Button>
      {columns === 0 && (
        <Text size="xs" c="dimmed">
          Set the number of columns first.
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

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
      return <TableEditor data={section.data} onData={onData} error={error} label={label} />;
  }
}
