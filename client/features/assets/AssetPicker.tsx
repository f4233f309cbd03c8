import {
  Alert,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Asset } from '../../../shared/assets/schema';
import type { ImageUrls, StoredFile } from '../../../shared/files/schemas';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { FileUpload } from '../../ui/FileUpload';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { nameFromFile } from './assetParts';
import { useAssets, useCreateAsset } from './assetsApi';

/** What a page's image section keeps of the chosen image. */
export interface PickedAsset {
  assetId: string;
  name: string;
  altText: string;
  urls: ImageUrls;
}

export interface AssetPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (asset: PickedAsset) => void;
  title?: string;
}

const PAGE_SIZE = 24;

const picked = (asset: Asset): PickedAsset | null =>
  asset.data ? { assetId: asset.id, name: asset.name, altText: asset.altText, urls: asset.data } : null;

/**
 * A searchable grid of the event's image assets in a modal; choosing one (click, or Enter on the
 * focused tile) hands back its id and four URLs. A new image can be uploaded here too: it becomes
 * an asset named after its file and is chosen at once.
 */
export function AssetPicker({ opened, onClose, onPick, title = 'Choose an image' }: AssetPickerProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      {opened && <PickerBody onClose={onClose} onPick={onPick} />}
    </Modal>
  );
}

function PickerBody({ onClose, onPick }: Pick<AssetPickerProps, 'onClose' | 'onPick'>) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search, 300);
  const assets = useAssets(eventId, { page, search: debounced, type: 'image', pageSize: PAGE_SIZE });
  const create = useCreateAsset(eventId);

  const choose = (asset: Asset) => {
    const value = picked(asset);
    if (!value) return;
    onPick(value);
    onClose();
  };

  const uploaded = (file: StoredFile) =>
    create.mutate({ name: nameFromFile(file.name), altText: '', fileId: file.id }, { onSuccess: choose });

  const total = assets.data?.total ?? 0;
  return (
    <Stack gap="md">
      <TextInput
        label="Search images"
        placeholder="Asset name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      {assets.isPending ? (
        <Loading label="Loading images" />
      ) : assets.isError ? (
        <LoadFailed title="The images could not be loaded" error={assets.error} retry={assets.refetch} />
      ) : assets.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {debounced.trim()
            ? 'No images match this search.'
            : 'There are no images in this event yet. Upload one below.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" role="list" aria-label="Images">
          {assets.data.items.map((asset) => (
            <div role="listitem" key={asset.id}>
              <UnstyledButton
                onClick={() => choose(asset)}
                aria-label={`Choose ${asset.name}`}
                style={{
                  display: 'block',
                  width: '100%',
                  borderRadius: 6,
                  padding: 4,
                  border: '1px solid #dee2e6',
                }}
              >
                <img
                  src={asset.data?.thumb}
                  alt=""
                  loading="lazy"
                  style={{
                    width: '100%',
                    aspectRatio: '3 / 2',
                    objectFit: 'cover',
                    display: 'block',
                    borderRadius: 4,
                  }}
                />
                <Text size="sm" mt={4} lineClamp={1}>
                  {asset.name}
                </Text>
              </UnstyledButton>
            </div>
          ))}
        </SimpleGrid>
      )}
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label="Pages of images"
          />
        </Group>
      )}
      <FileUpload
        purpose="asset"
        accept={['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml']}
        label="Upload a new image"
        onUploaded={uploaded}
      />
      {create.isError && (
        <Alert color="red" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
    </Stack>
  );
}
