import {
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ACCEPT_GROUPS } from '../../../../../shared/forms/registry/files';
import type { FieldOf } from '../../../../../shared/forms/schema/field';
import { type UploadAccept, uploadAcceptSchema } from '../../../../../shared/forms/schema/fields-answer';
import { calloutStyleSchema } from '../../../../../shared/forms/schema/fields-other';
import { useSession } from '../../../../lib/session';
import { AssetPicker } from '../../../assets/AssetPicker';
import { useAsset } from '../../../assets/assetsApi';
import type { EditorProps } from './fieldIssues';

const ACCEPT_LABELS: Record<UploadAccept, string> = { images: 'Images', docs: 'Documents', videos: 'Videos' };

/** An upload field's accepted kinds of file, one or many files, and an optional size limit. */
export function UploadEditor({ field, onChange, disabled, issues }: EditorProps<FieldOf<'upload'>>) {
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label="Accepted files"
        description="None ticked accepts every kind."
        value={field.accept}
        onChange={(values) =>
          onChange({ accept: uploadAcceptSchema.options.filter((group) => values.includes(group)) })
        }
      >
        <Stack gap={6} mt={6}>
          {uploadAcceptSchema.options.map((group) => (
            <Checkbox
              key={group}
              value={group}
              disabled={disabled}
              label={ACCEPT_LABELS[group]}
              description={ACCEPT_GROUPS[group].extensions.join(', ')}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label="Allow several files"
        checked={field.isMulti}
        disabled={disabled}
        onChange={(e) => onChange({ isMulti: e.currentTarget.checked })}
      />
      <Switch
        label="Limit the file size"
        checked={field.hasMaxFileSize}
        disabled={disabled}
        onChange={(e) => onChange({ hasMaxFileSize: e.currentTarget.checked })}
      />
      {field.hasMaxFileSize && (
        <NumberInput
          label="Largest file (MB)"
          min={0.1}
          max={50}
          decimalScale={1}
          allowNegative={false}
          value={field.maxFileSizeMB ?? ''}
          disabled={disabled}
          error={issues.maxFileSizeMB}
          onChange={(next) => onChange({ maxFileSizeMB: typeof next === 'number' ? next : null })}
        />
      )}
    </Stack>
  );
}

const STYLE_LABELS = {
  default: 'Plain',
  info: 'Information',
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
};

export function CalloutEditor({ field, onChange, disabled }: EditorProps<FieldOf<'callout'>>) {
  return (
    <Select
      label="Style"
      data={calloutStyleSchema.options.map((value) => ({ value, label: STYLE_LABELS[value] }))}
      value={field.style}
      allowDeselect={false}
      disabled={disabled}
      onChange={(next) => {
        const style = calloutStyleSchema.safeParse(next);
        if (style.success) onChange({ style: style.data });
      }}
    />
  );
}

/** An image field's image: one of the event's image assets, chosen in the content editor's picker. */
export function ImageEditor({ field, onChange, disabled }: EditorProps<FieldOf<'image'>>) {
  const { event } = useSession();
  const [opened, { open, close }] = useDisclosure(false);
  const asset = useAsset(event?.id ?? '', field.assetId);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Image
      </Text>
      {!field.assetId ? (
        <Text size="sm" c="dimmed">
          No image chosen yet.
        </Text>
      ) : asset.data ? (
        <Group gap="sm" wrap="nowrap">
          {asset.data.data?.thumb && (
            <Image src={asset.data.data.thumb} alt={asset.data.altText} w={96} h={64} radius="sm" />
          )}
          <Text size="sm">{asset.data.name}</Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {asset.isError ? 'The chosen image is no longer in the assets.' : 'Loading the image'}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={disabled} onClick={open}>
          {field.assetId ? 'Change image' : 'Choose image'}
        </Button>
        {field.assetId && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={disabled}
            onClick={() => onChange({ assetId: '' })}
          >
            Remove image
          </Button>
        )}
      </Group>
      <AssetPicker
        opened={opened}
        onClose={close}
        onPick={(picked) => onChange({ assetId: picked.assetId })}
      />
    </Stack>
  );
}

/** The id in a pasted address: youtu.be/ID, youtube.com/watch?v=ID, /embed/ID, vimeo.com/ID. */
export function videoIdOf(type: 'youTube' | 'vimeo', input: string): string {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    if (type === 'youTube') {
      const v = url.searchParams.get('v');
      if (v) return v;
    }
    const segments = url.pathname.split('/').filter(Boolean);
    return (type === 'vimeo' ? segments.findLast((s) => /^\d+$/.test(s)) : segments.at(-1)) ?? text;
  } catch {
    return text;
  }
}

export function VideoEditor({
  field,
  onChange,
  disabled,
}: EditorProps<FieldOf<'youTube'> | FieldOf<'vimeo'>>) {
  const site = field.type === 'youTube' ? 'YouTube' : 'Vimeo';
  return (
    <TextInput
      label={`${site} video id`}
      description={`The id, or paste the video's ${site} address.`}
      value={field.videoId}
      disabled={disabled}
      onChange={(e) => onChange({ videoId: videoIdOf(field.type, e.currentTarget.value) })}
    />
  );
}
