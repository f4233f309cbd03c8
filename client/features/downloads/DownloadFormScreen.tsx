import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { fileTypeOf, formatFileSize } from '../../../shared/downloads/fileSize';
import { DOWNLOAD_ERRORS, type Download, downloadBodySchema } from '../../../shared/downloads/schema';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { errorTexts, useSchemaForm } from '../../lib/useSchemaForm';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { WithHistory } from '../audit/RecordHistory';

import { useTeamTypes } from '../people/teamsApi';
import { useDeleteDownload, useDownload, useSaveDownload } from './api';

const crumbs = (last: string) => [
  { label: 'Admin', to: '/admin' },
  { label: 'Downloads', to: '/admin/downloads' },
  { label: last },
];

/** /admin/downloads/add */
export function AddDownloadScreen() {
  return <DownloadForm download={null} />;
}

/** /admin/downloads/{downloadId} */
export function EditDownloadScreen() {
  const { event } = useSession();
  const downloadId = useParams().downloadId ?? '';
  const download = useDownload(event?.id ?? '', downloadId);
  if (download.isError) {
    return (
      <PageHeader title="Download" breadcrumbs={crumbs('Download')}>
        <LoadFailed
          title="The download could not be loaded"
          error={download.error}
          retry={download.refetch}
        />
      </PageHeader>
    );
  }
  if (!download.data) return <Loading label="Loading the download" />;
  return <DownloadForm download={download.data} />;
}

interface FileChoice {
  id: string;
  name: string;
  size: number;
  url: string;
}

/** The form's inputs: the body's fields, with the uploaded file shown by name (the body sends its id). */
type DownloadValues = {
  name: string;
  description: string;
  file: FileChoice | null;
  showDownload: boolean;
  showToChildTeams: boolean;
  showToTeamTypeIds: string[];
  hideFromTeamTypeIds: string[];
};

function DownloadForm({ download }: { download: Download | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const save = useSaveDownload(eventId);
  const remove = useDeleteDownload(eventId);
  const types = useTeamTypes(eventId);
  const initialValues: DownloadValues = {
    name: download?.name ?? '',
    description: download?.description ?? '',
    file: download
      ? { id: download.fileId, name: download.fileName, size: download.fileSize, url: download.data }
      : null,
    showDownload: download?.showDownload ?? true,
    showToChildTeams: download?.showToChildTeams ?? false,
    showToTeamTypeIds: download?.showToTeamTypeIds ?? [],
    hideFromTeamTypeIds: download?.hideFromTeamTypeIds ?? [],
  };
  const form = useSchemaForm(downloadBodySchema, {
    initialValues,
    toInput: ({ file, ...rest }) => ({ ...rest, fileId: file?.id ?? '' }),
  });
  const { values } = form;
  const errors = errorTexts(form.errors);
  const set = <K extends keyof DownloadValues>(key: K, value: DownloadValues[K]) =>
    form.setFieldValue(key, value as never);
  const { file, showToTeamTypeIds: showTo, hideFromTeamTypeIds: hideFrom } = values;
  const typeOptions = (types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));

  const onSubmit = form.onSubmit(
    (body) =>
      save.mutate(
        { id: download?.id ?? null, body },
        {
          onSuccess: () => {
            feedback.success();
            void navigate('/admin/downloads');
          },
          onError: (error) => {
            form.setServerErrors(error);
            feedback.error(error);
          },
        },
      ),
    () => feedback.error(DOWNLOAD_ERRORS.invalidValues),
  );
  const askDelete = () =>
    download &&
    confirm({
      title: 'Delete download',
      message: `${download.name} and its file will be deleted for good.`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () =>
        remove.mutate(download.id, {
          onSuccess: () => {
            feedback.success('The download has been deleted');
            void navigate('/admin/downloads');
          },
          onError: (error) => feedback.error(error),
        }),
    });

  const fields = (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        {save.isError && (
          <Text c="red" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              maxLength={200}
              error={errors.name}
            />
            <Textarea
              label="Description"
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
              error={errors.description}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                File
              </Text>
              {file ? (
                <Group gap="sm">
                  <Anchor href={file.url} target="_blank" rel="noopener">
                    {file.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {fileTypeOf(file.name)}, {formatFileSize(file.size)}
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No file yet.
                </Text>
              )}
              {errors.fileId && (
                <Text size="sm" c="red">
                  {errors.fileId}
                </Text>
              )}
            </Stack>
            <FileUpload
              purpose="download"
              onUploaded={(f) => set('file', { id: f.id, name: f.name, size: f.size, url: f.url })}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Switch
              label="Show download"
              checked={values.showDownload}
              onChange={(e) => set('showDownload', e.currentTarget.checked)}
            />
            <MultiSelect
              label="Show to team types"
              description="Empty means every team type"
              data={typeOptions.map((o) => ({ ...o, disabled: hideFrom.includes(o.value) }))}
              value={showTo}
              onChange={(ids) => set('showToTeamTypeIds', ids)}
              searchable
              error={errors.showToTeamTypeIds}
            />
            <MultiSelect
              label="Hide from team types"
              data={typeOptions.map((o) => ({ ...o, disabled: showTo.includes(o.value) }))}
              value={hideFrom}
              onChange={(ids) => set('hideFromTeamTypeIds', ids)}
              searchable
              error={errors.hideFromTeamTypeIds}
            />
            <Switch
              label="Show to stand shares?"
              checked={values.showToChildTeams}
              onChange={(e) => set('showToChildTeams', e.currentTarget.checked)}
            />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/admin/downloads')}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save download
          </Button>
        </Group>
      </Stack>
    </form>
  );
  return (
    <PageHeader
      title={download ? `Edit ${download.name}` : 'Add download'}
      breadcrumbs={crumbs(download ? download.name : 'Add')}
      actions={
        download && (
          <Button color="red" onClick={askDelete}>
            Delete
          </Button>
        )
      }
      tips="The file's size and type are filled in when it is uploaded. Leave 'Show to' empty to show the download to every team type."
    >
      {download ? (
        <WithHistory
          eventId={eventId}
          entityType="downloads"
          entityId={download.id}
          detailsLabel="Download details"
        >
          {fields}
        </WithHistory>
      ) : (
        fields
      )}
    </PageHeader>
  );
}

export { AddDownloadScreen as Component };
