import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { IMPORT_FIXED_COLUMNS, MAX_IMPORT_ROWS } from '../../../../shared/people/importRules';
import { importTemplatePath, type TeamImport } from '../../../../shared/people/importSchema';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useConfirm } from '../../../ui/confirm';
import { useFeedback } from '../../../ui/FeedbackBanner';
import { PageHeader } from '../../../ui/PageHeader';
import { LoadFailed, Loading } from '../../../ui/QueryState';

import { ImportRowsTable } from './ImportRowsTable';
import { isWorking, useLatestImport, useStartImport, useUploadImport } from './importApi';

const crumbs = [
  { label: 'Admin', to: '/admin' },
  { label: 'Teams', to: '/admin/teams' },
  { label: 'Import' },
];
const plural = (n: number, word: string) => `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`;

/** /admin/teams/import (admin only): template, upload and preview, then the import job and its results. */
export function TeamImportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const latest = useLatestImport(eventId);
  const record = latest.data?.import ?? null;

  return (
    <PageHeader
      title="Import teams"
      breadcrumbs={crumbs}
      quickLinks={[
        { label: 'Teams', to: '/admin/teams' },
        { label: 'Team types', to: '/admin/team-types', level: 'admin' },
        { label: 'Custom fields', to: '/admin/custom-fields', level: 'admin' },
      ]}
      tips="Rows with problems are never imported. Fix them in your file and upload it again: rows already imported are skipped, so nothing is created twice."
    >
      <Stack gap="lg">
        <TemplateStep eventId={eventId} />
        <UploadStep eventId={eventId} disabled={isWorking(record)} />
        {latest.isPending ? (
          <Loading label="Loading the latest import" />
        ) : latest.isError ? (
          <LoadFailed
            title="The latest import could not be loaded"
            error={latest.error}
            retry={latest.refetch}
          />
        ) : record ? (
          <LatestImport eventId={eventId} record={record} />
        ) : (
          <Paper withBorder p="xl" ta="center" radius="md">
            <Text>There are no imports in this event yet. Upload a file to see its preview here.</Text>
          </Paper>
        )}
      </Stack>
    </PageHeader>
  );
}

function TemplateStep({ eventId }: { eventId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        1. Download the template
      </Title>
      <Text size="sm" mb="sm">
        One row per team: {IMPORT_FIXED_COLUMNS.join(', ')}, then one column per custom field. Team Type is
        the name of one of the event's team types; Organiser and Yes/No fields take Yes or No.
      </Text>
      <Group>
        <Button component="a" href={importTemplatePath(eventId, 'xlsx')} download variant="default">
          Download XLSX template
        </Button>
        <Button component="a" href={importTemplatePath(eventId, 'csv')} download variant="default">
          Download CSV template
        </Button>
      </Group>
    </Paper>
  );
}

function UploadStep({ eventId, disabled }: { eventId: string; disabled: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImport(eventId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file, { onSuccess: () => setFile(null) });
  };
  const issues = isApiError(upload.error) ? upload.error.issues : [];
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        2. Upload your file
      </Title>
      <Group align="flex-end">
        <FileInput
          label="CSV or XLSX file"
          description={`Up to ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows`}
          // No placeholder: Mantine draws it as text that fails the contrast check (axe).
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(next) => {
            upload.reset();
            setFile(next);
          }}
          clearable
          disabled={disabled}
          w={320}
        />
        <Button type="submit" loading={upload.isPending} disabled={!file || disabled}>
          Check file
        </Button>
      </Group>
      {disabled && (
        <Text size="sm" c="dimmed" mt="xs">
          A new file can be uploaded when the running import has finished.
        </Text>
      )}
      {upload.isError && (
        <Alert color="red" variant="light" mt="md" title="The file could not be used" role="alert">
          {issues.length > 1 ? (
            <List size="sm">
              {issues.map((issue) => (
                <List.Item key={issue.message}>{issue.message}</List.Item>
              ))}
            </List>
          ) : (
            errorMessage(upload.error)
          )}
        </Alert>
      )}
    </Paper>
  );
}

function LatestImport({ eventId, record }: { eventId: string; record: TeamImport }) {
  const start = useStartImport(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const askStart = () =>
    confirm({
      title: 'Start import',
      message: `${plural(record.readyRows, 'team')} and their owners will be created, and each new owner is emailed a link to set a password. Rejected rows are left out.`,
      confirmLabel: record.state === 'failed' ? 'Resume import' : 'Start import',
      onConfirm: () =>
        start.mutate(record.id, {
          onSuccess: () => feedback.success('The import has started'),
          onError: (error) => feedback.error(error),
        }),
    });
  const canStart = (record.state === 'preview' || record.state === 'failed') && record.readyRows > 0;

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            3. {record.state === 'preview' ? 'Check the preview' : 'Import'}: {record.fileName}
          </Title>
          <Text size="sm">
            {plural(record.rowsInFile, 'row')} in the file: {record.readyRows.toLocaleString('en-GB')} ready,{' '}
            {record.skippedRows.toLocaleString('en-GB')} already imported,{' '}
            {record.rejectedRows.toLocaleString('en-GB')} rejected.
          </Text>
        </div>
        {canStart && (
          <Button onClick={askStart} loading={start.isPending}>
            {record.state === 'failed' ? 'Resume import' : 'Start import'}
          </Button>
        )}
      </Group>
      <ImportState record={record} />
      <ImportRowsTable eventId={eventId} record={record} />
    </Paper>
  );
}

function ImportState({ record }: { record: TeamImport }) {
  if (record.state === 'preview') {
    return record.readyRows === 0 ? (
      <Alert color="orange" variant="light" mb="md">
        No row is ready to import. Fix the rows below in your file and upload it again.
      </Alert>
    ) : null;
  }
  const percent = record.readyRows ? Math.round((record.doneRows / record.readyRows) * 100) : 100;
  const progress = `${record.doneRows.toLocaleString('en-GB')} of ${plural(record.readyRows, 'row')} done`;
  return (
    <Stack gap="xs" mb="md">
      <Progress.Root size="lg">
        <Progress.Section value={percent} aria-label="Import progress" animated={isWorking(record)} />
      </Progress.Root>
      <Text size="sm" role="status">
        {record.state === 'queued' && `Waiting to start. ${progress}.`}
        {record.state === 'running' && `Importing: ${progress}.`}
        {record.state === 'done' &&
          `Finished: ${record.createdRows.toLocaleString('en-GB')} created, ${record.alreadyImportedRows.toLocaleString('en-GB')} already imported, ${record.failedRows.toLocaleString('en-GB')} failed.`}
        {record.state === 'failed' && `Stopped after ${progress}.`}
      </Text>
      {record.state === 'failed' && (
        <Alert color="red" variant="light" title="The import stopped">
          {record.error ?? 'Something went wrong. Please try again later'}. Every row is either fully created
          or not started; resume to import the rest.
        </Alert>
      )}
    </Stack>
  );
}

export { TeamImportScreen as Component };
