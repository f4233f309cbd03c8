import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ASSET_ERRORS, assetCreateSchema } from '../../../shared/assets/schema';
import { formatFileSize } from '../../../shared/downloads/fileSize';
import type { StoredFile } from '../../../shared/files/schemas';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
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
  const initialValues: { file: StoredFile | null; name: string; altText: string } = {
    file: null,
    name: '',
    altText: '',
  };
  const form = useSchemaForm(assetCreateSchema, {
    initialValues,
    // The upload is shown by name and thumbnail; the body carries its id.
    toInput: ({ file, ...rest }) => ({ ...rest, fileId: file?.id ?? '' }),
  });
  const { file, name } = form.values;
  const errors = errorTexts(form.errors);

  function uploaded(stored: StoredFile) {
    form.setFieldValue('file', stored);
    if (!name.trim()) form.setFieldValue('name', nameFromFile(stored.name));
  }

  const submit = form.onSubmit(
    (body) =>
      create.mutate(body, {
        onSuccess: (asset) => {
          feedback.success('The asset has been added');
          navigate(`/admin/assets/${asset.id}`);
        },
        onError: (error) => {
          form.setServerErrors(error);
          feedback.error(error);
        },
      }),
    () => feedback.error(ASSET_ERRORS.invalid),
  );

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
              {errors.fileId && (
                <Text size="sm" c="red">
                  {errors.fileId}
                </Text>
              )}
            </Stack>
          </Paper>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea
            label="Alt text"
            description="What the image shows, for people who cannot see it"
            autosize
            minRows={2}
            {...form.getInputProps('altText')}
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
