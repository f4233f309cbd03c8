import {
  Anchor,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ASSET_ERRORS, type Asset, assetUpdateSchema } from '../../../shared/assets/schema';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import { IMAGE_SIZE_BOXES, IMAGE_SIZES, type ImageSize } from '../../../shared/files/schemas';
import { useSession } from '../../lib/session';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';

import { assetCrumbs } from './assetParts';
import { useAsset, useDeleteAsset, useUpdateAsset } from './assetsApi';

const SIZE_LABELS: Record<ImageSize, string> = {
  large: 'Large',
  medium: 'Medium',
  small: 'Small',
  thumb: 'Thumb',
};

function Sizes({ asset }: { asset: Asset }) {
  const data = asset.data;
  if (!data) {
    return (
      <Text>
        A document, kept as uploaded:{' '}
        <Anchor href={asset.url} download={asset.fileName}>
          {asset.fileName}
        </Anchor>{' '}
        ({formatFileSize(asset.size)})
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {IMAGE_SIZES.map((size) => (
        <Paper key={size} withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Title order={3} size="h5">
              {SIZE_LABELS[size]}{' '}
              <Text span c="dimmed" size="sm">
                fits {IMAGE_SIZE_BOXES[size].width} × {IMAGE_SIZE_BOXES[size].height}
              </Text>
            </Title>
            <Image
              src={data[size]}
              alt={`${asset.altText || asset.name} (${SIZE_LABELS[size].toLowerCase()})`}
              radius="sm"
              fit="contain"
              mah={220}
            />
            <Anchor href={data[size]} target="_blank" rel="noopener" size="sm">
              Open the {SIZE_LABELS[size].toLowerCase()} image
            </Anchor>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function EditForm({ asset, eventId }: { asset: Asset; eventId: string }) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const update = useUpdateAsset(eventId, asset.id);
  const remove = useDeleteAsset(eventId);
  const form = useSchemaForm(assetUpdateSchema, {
    initialValues: { name: asset.name, altText: asset.altText },
  });
  const { setValues } = form;

  // The saved asset comes back (refetched); the inputs show what was stored.
  useEffect(() => {
    setValues({ name: asset.name, altText: asset.altText });
  }, [setValues, asset.name, asset.altText]);

  const submit = form.onSubmit(
    (body) =>
      update.mutate(body, {
        onSuccess: () => feedback.success('The asset has been saved'),
        onError: (error) => {
          form.setServerErrors(error);
          feedback.error(error);
        },
      }),
    () => feedback.error(ASSET_ERRORS.invalid),
  );

  const askDelete = () =>
    confirm({
      title: 'Delete asset',
      message: `${asset.name} and all its sizes will be deleted. Pages that show it will lose the image.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(asset.id, {
          onSuccess: () => {
            feedback.success('The asset has been deleted');
            navigate('/admin/assets');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Textarea
          label="Alt text"
          description="What the image shows, for people who cannot see it"
          autosize
          minRows={2}
          {...form.getInputProps('altText')}
        />
        <Group justify="space-between">
          <Button color="red" variant="light" onClick={askDelete} loading={remove.isPending}>
            Delete asset
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!form.values.name.trim()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/assets/{assetId}: edit the name and alt text, see the four sizes, delete after a confirm. */
export function AssetScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const { assetId = '' } = useParams();
  const asset = useAsset(eventId, assetId);

  return (
    <PageHeader title={asset.data?.name ?? 'Asset'} breadcrumbs={assetCrumbs(asset.data?.name ?? 'Asset')}>
      {asset.isPending ? (
        <Loading label="Loading the asset" />
      ) : asset.isError ? (
        <LoadFailed title="The asset could not be loaded" error={asset.error} retry={asset.refetch} />
      ) : (
        <Stack gap="xl">
          <EditForm asset={asset.data} eventId={eventId} />
          <Stack gap="sm">
            <Title order={2} size="h3">
              {asset.data.data ? 'Sizes' : 'File'}
            </Title>
            <Sizes asset={asset.data} />
          </Stack>
        </Stack>
      )}
    </PageHeader>
  );
}

export { AssetScreen as Component };
