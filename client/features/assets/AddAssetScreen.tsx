import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import type { StoredFile } from '../../../shared/files/schemas';
import { fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { assetCrumbs, nameFromFile } from './assetParts';
import { useCreateAsset } from './assetsApi';

/** /admin/assets/add: upload an image or document (with progress), name it and describe it. */
export function AddAssetScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const create = useCreateAsset(eventId);
  const [file, setFile] = useState<StoredFile | null>(null);
  const [name, setName] = useState('');
  const [altText, setAltText] = useState('');
  const errors = fieldErrors(create.error);

  function uploaded(stored: StoredFile) {
    setFile(stored);
    if (!name.trim()) setName(nameFromFile(stored.name));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    create.mutate(
      { name, altText, fileId: file.id },
      {
        onSuccess: (asset) => {
          feedback.success('The asset has been added');
          navigate(`/admin/assets/${asset.id}`);
        },
        onError: (error) => feedback.error(error),
      },
    );
  }

  return (
    <PageHeader
      title="Add asset"
      breadcrumbs={assetCrumbs('Add asset')}
      tips="Upload a JPEG, PNG, WebP or SVG image, or a document (PDF, Word, Excel, PowerPoint, text). Images are resized to four sizes."
    >
      <form onSubmit={submit} noValidate>
        <Stack maw={720} gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              {file ? (
                <Group gap="md" wrap="nowrap">
                  {file.variants && (
                    <img src={file.variants.thumb} alt="" width={120} style={{ borderRadius: 4 }} />
                  )}
                  <Text>
                    Uploaded <strong>{file.name}</strong> ({formatFileSize(file.size)})
                  </Text>
                </Group>
              ) : (
                <Text c="dimmed">Choose the image or document first.</Text>
              )}
              <FileUpload
                purpose="asset"
                label={file ? 'Upload a different file' : 'Upload an image or document'}
                onUploaded={uploaded}
              />
            </Stack>
          </Paper>
          <TextInput
            label="Name"
            required
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label="Alt text"
            description="What the image shows, for people who cannot see it"
            autosize
            minRows={2}
            value={altText}
            error={errors.altText}
            onChange={(e) => setAltText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin/assets">
              Cancel
            </Button>
            <Button type="submit" disabled={!file || !name.trim()} loading={create.isPending}>
              Save asset
            </Button>
          </Group>
        </Stack>
      </form>
    </PageHeader>
  );
}

export { AddAssetScreen as Component };
