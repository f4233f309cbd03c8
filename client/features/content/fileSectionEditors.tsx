import { ActionIcon, Anchor, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { EMBED_GUIDANCE } from '../../../shared/content/embeds';
import type { SectionInput } from '../../../shared/content/sections';
import { useSession } from '../../lib/session';
import { FileUpload } from '../../ui/FileUpload';
import { AssetPicker } from '../assets/AssetPicker';

/** Editors of the sections that hold uploaded files: PDF (purpose contentPdf) and image (an asset). */

type DataOf<T extends SectionInput['type']> = Extract<SectionInput, { type: T }>['data'];

export function PdfSectionEditor({
  data,
  onData,
  error,
}: {
  data: DataOf<'pdf'>;
  onData: (d: DataOf<'pdf'>) => void;
  error?: string;
}) {
  const { event } = useSession();
  // Names of files uploaded in this session; saved files are named after the section's file name.
  const [names, setNames] = useState<Record<string, string>>({});
  const fileIds = data.fileIds ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="PDF name"
        description={EMBED_GUIDANCE.pdf}
        required
        value={data.fileName}
        onChange={(e) => onData({ ...data, fileName: e.currentTarget.value })}
        error={error}
      />
      {fileIds.map((id, index) => (
        <Group key={id} gap="xs">
          <IconFileTypePdf size={18} aria-hidden />
          <Anchor
            href={`/api/events/${event?.id}/files/${id}`}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            {names[id] ?? `${data.fileName || 'PDF'}${fileIds.length > 1 ? ` (${index + 1})` : ''}`}
          </Anchor>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${names[id] ?? `PDF ${index + 1}`}`}
            onClick={() => onData({ ...data, fileIds: fileIds.filter((x) => x !== id) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <FileUpload
        purpose="contentPdf"
        accept={['application/pdf']}
        label="Upload a PDF"
        onUploaded={(file) => {
          setNames((current) => ({ ...current, [file.id]: file.name }));
          onData({
            fileName: data.fileName || file.name,
            fileIds: [...fileIds, file.id],
          });
        }}
      />
      {fileIds.length === 0 && (
        <Text size="xs" c="dimmed">
          Readers see the PDF inside the page, with a link to open it.
        </Text>
      )}
    </Stack>
  );
}

export function ImageSectionEditor({
  data,
  onData,
  error,
}: {
  data: DataOf<'image'>;
  onData: (d: DataOf<'image'>) => void;
  error?: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="sm">
      {data.src ? (
        <Image src={data.src} alt={data.altText ?? ''} maw={320} radius="sm" />
      ) : (
        <Text size="sm" c={error ? 'red' : 'dimmed'}>
          {error ?? 'No image chosen yet.'}
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        <Button variant="default" onClick={open}>
          {data.src ? 'Change image' : 'Choose image'}
        </Button>
        <TextInput
          label="Alternative text"
          description="Describes the image for people who cannot see it"
          value={data.altText ?? ''}
          onChange={(e) => onData({ ...data, altText: e.currentTarget.value })}
          style={{ flex: 1 }}
        />
      </Group>
      <AssetPicker
        opened={opened}
        onClose={close}
        onPick={(asset) => {
          onData({ assetId: asset.assetId, src: asset.urls.large, altText: data.altText || asset.altText });
          close();
        }}
      />
    </Stack>
  );
}
