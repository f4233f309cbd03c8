import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONTENT_LABELS } from '../../../shared/content/api';
import { AssetPicker } from '../assets/AssetPicker';

export interface ChosenImage {
  assetId: string;
  src: string;
  altText: string;
}

/**
 * The page image (spec: a content page's assetId): one image asset of the event, chosen in the
 * asset picker (where a new one can be uploaded too), shown at the top of the page and on its
 * featured card. Removing it asks nothing: saving the settings is the step that counts.
 */
export function PageImageField({
  value,
  onChange,
  error,
  description = CONTENT_LABELS.assetIdHint,
}: {
  value: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  error?: string;
  /** Where the image shows (a core page has no featured card). */
  description?: string;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Input.Wrapper label={CONTENT_LABELS.assetId} description={description} error={error}>
      <Stack gap="xs" mt={6}>
        {value ? (
          <Image src={value.src} alt={value.altText} maw={320} radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            No page image.
          </Text>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={open}>
            {value ? 'Change page image' : 'Choose page image'}
          </Button>
          {value && (
            <Button variant="subtle" color="red" onClick={() => onChange(null)}>
              Remove page image
            </Button>
          )}
        </Group>
      </Stack>
      <AssetPicker
        opened={opened}
        onClose={close}
        title="Choose the page image"
        onPick={(asset) => {
          onChange({ assetId: asset.assetId, src: asset.urls.large, altText: asset.altText || asset.name });
          close();
        }}
      />
    </Input.Wrapper>
  );
}
