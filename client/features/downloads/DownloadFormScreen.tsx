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
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fileTypeOf, formatFileSize } from '../../../shared/downloads/fileSize';
import type { Download } from '../../../shared/downloads/schema';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { useSession } from '../../lib/session';
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

function DownloadForm({ download }: { download: Download | null }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const save = useSaveDownload(eventId);
  const remove = useDeleteDownload(eventId);
  const types = useTeamTypes(eventId);
  const [name, setName] = useState(download?.name ?? '');
  const [description, setDescription] = useState(download?.description ?? '');
  const [file, setFile] = useState<FileChoice | null>(
    download
      ? { id: download.fileId, name: download.fileName, size: download.fileSize, url: download.data }
      : null,
  );
  const [showDownload, setShowDownload] = useState(download?.showDownload ?? true);
  const [showToChildTeams, setShowToChildTeams] = useState(download?.showToChildTeams ?? false);
  const [showTo, setShowTo] = useState<string[]>(download?.showToTeamTypeIds ?? []);
  const [hideFrom, setHideFrom] = useState<string[]>(download?.hideFromTeamTypeIds ?? []);
  const errors = fieldErrors(save.error);
  const typeOptions = (types.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: download?.id ?? null,
        body: {
          name,
          description,
          fileId: file?.id ?? '',
          showDownload,
          showToChildTeams,
          showToTeamTypeIds: showTo,
          hideFromTeamTypeIds: hideFrom,
        },
      },
      {
        onSuccess: () => {
          feedback.success();
          void navigate('/admin/downloads');
        },
        onError: (error) => feedback.error(error),
      },
    );
  };
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

  const form = (
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
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={200}
              error={errors.name}
            />
            <Textarea
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
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
              onUploaded={(f) => setFile({ id: f.id, name: f.name, size: f.size, url: f.url })}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Switch
              label="Show download"
              checked={showDownload}
              onChange={(e) => setShowDownload(e.currentTarget.checked)}
            />
            <MultiSelect
              label="Show to team types"
              description="Empty means every team type"
              data={typeOptions.map((o) => ({ ...o, disabled: hideFrom.includes(o.value) }))}
              value={showTo}
              onChange={setShowTo}
              searchable
              error={errors.showToTeamTypeIds}
            />
            <MultiSelect
              label="Hide from team types"
              data={typeOptions.map((o) => ({ ...o, disabled: showTo.includes(o.value) }))}
              value={hideFrom}
              onChange={setHideFrom}
              searchable
              error={errors.hideFromTeamTypeIds}
            />
            <Switch
              label="Show to stand shares?"
              checked={showToChildTeams}
              onChange={(e) => setShowToChildTeams(e.currentTarget.checked)}
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
          {form}
        </WithHistory>
      ) : (
        form
      )}
    </PageHeader>
  );
}

export { AddDownloadScreen as Component };
