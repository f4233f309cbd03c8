import { Alert, Button, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type {
  SessionImportResult,
  SessionImportRow,
  SessionImportRowStatus,
} from '../../../shared/timetable/importApi';
import {
  SESSION_IMPORT_COLUMNS as C,
  MAX_SESSION_IMPORT_ROWS,
  SESSION_IMPORT_ALL_COLUMNS,
} from '../../../shared/timetable/importRules';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useScrollRegion } from '../../ui/useScrollRegion';
import { sessionImportTemplateUrl, useImportSessions, usePreviewSessionImport } from './importApi';

const crumbs = [
  { label: 'Admin', to: '/admin' },
  { label: 'Time Table', to: '/admin/time-table' },
  { label: 'Import' },
];
const n = (count: number) => count.toLocaleString('en-GB');
const plural = (count: number, word: string) => `${n(count)} ${word}${count === 1 ? '' : 's'}`;

const STATUS_LABELS: Record<SessionImportRowStatus, string> = {
  ready: 'Ready',
  skipped: 'Already in the time table',
  rejected: 'Rejected',
  created: 'Created',
  failed: 'Failed',
};

/**
 * /admin/time-table/import (moderator and above): template, a preview of every row with its
 * problems, then the import of the ready rows in one go and what became of each (decision 0016).
 */
export function TimeTableImportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewSessionImport(eventId);
  const run = useImportSessions(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const result = run.data ?? preview.data ?? null;

  const check = (e: FormEvent) => {
    e.preventDefault();
    run.reset();
    if (file) preview.mutate(file);
  };
  const askImport = (checked: SessionImportResult) =>
    confirm({
      title: 'Import sessions',
      message: `${plural(checked.counts.ready, 'session')} will be added to the time table. Rejected rows and rows already in the time table are left out.`,
      confirmLabel: 'Import',
      onConfirm: () => {
        if (!file) return;
        run.mutate(file, {
          onSuccess: (done) => feedback.success(`${plural(done.counts.created, 'session')} imported`),
        });
      },
    });
  const failure = run.error ?? preview.error;

  return (
    <PageHeader
      title="Import sessions"
      breadcrumbs={crumbs}
      quickLinks={[
        { label: 'Time Table', to: '/admin/time-table' },
        { label: 'Tracks', to: '/admin/time-table/tracks' },
      ]}
      tips="Rows with problems are never imported. Fix them in your file and check it again: sessions already in the time table are skipped, so nothing is created twice."
    >
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            1. Download the template
          </Title>
          <Text size="sm" mb="sm">
            One row per session: {SESSION_IMPORT_ALL_COLUMNS.join(', ')}. Starts and Ends are dates and times
            in the event's time zone, such as 2027-05-10 09:30. Track and Team Types are names from this
            event; Show to stand shares takes Yes or No.
          </Text>
          <Group>
            <Button component="a" href={sessionImportTemplateUrl(eventId, 'xlsx')} download variant="default">
              Download XLSX template
            </Button>
            <Button component="a" href={sessionImportTemplateUrl(eventId, 'csv')} download variant="default">
              Download CSV template
            </Button>
          </Group>
        </Paper>

        <Paper withBorder p="md" radius="md" component="form" onSubmit={check}>
          <Title order={2} size="h4" mb="xs">
            2. Upload your file
          </Title>
          <Group align="flex-end">
            <FileInput
              label="CSV or XLSX file"
              description={`Up to ${n(MAX_SESSION_IMPORT_ROWS)} rows`}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(next) => {
                preview.reset();
                run.reset();
                setFile(next);
              }}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the file' }}
              w={320}
            />
            <Button type="submit" loading={preview.isPending} disabled={!file || run.isPending}>
              Check file
            </Button>
          </Group>
          {failure && <FileProblem error={failure} />}
        </Paper>

        {result && (
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start" mb="sm">
              <div>
                <Title order={2} size="h4">
                  3. {result.imported ? 'Import results' : 'Check the preview'}: {result.fileName}
                </Title>
                <Summary result={result} />
              </div>
              {result.imported ? (
                <Button component={Link} to="/admin/time-table" variant="default">
                  See the time table
                </Button>
              ) : (
                result.counts.ready > 0 && (
                  <Button onClick={() => askImport(result)} loading={run.isPending}>
                    Import {plural(result.counts.ready, 'session')}
                  </Button>
                )
              )}
            </Group>
            {!result.imported && result.counts.ready === 0 && (
              <Alert color="orange" variant="light" mb="md">
                No row is ready to import. Fix the rows below in your file and check it again.
              </Alert>
            )}
            <RowsTable result={result} />
          </Paper>
        )}
      </Stack>
    </PageHeader>
  );
}

function FileProblem({ error }: { error: unknown }) {
  const issues = isApiError(error) ? error.issues : [];
  return (
    <Alert color="red" variant="light" mt="md" title="The file could not be used" role="alert">
      {issues.length > 1 ? (
        <List size="sm">
          {issues.map((issue) => (
            <List.Item key={issue.message}>{issue.message}</List.Item>
          ))}
        </List>
      ) : (
        errorMessage(error)
      )}
    </Alert>
  );
}

function Summary({ result }: { result: SessionImportResult }) {
  const { counts } = result;
  const text = result.imported
    ? `Finished: ${n(counts.created)} created, ${n(counts.skipped)} already in the time table, ${n(counts.rejected)} rejected, ${n(counts.failed)} failed.`
    : `${plural(result.rows.length, 'row')} in the file: ${n(counts.ready)} ready, ${n(counts.skipped)} already in the time table, ${n(counts.rejected)} rejected.`;
  return (
    <Text size="sm" role="status">
      {text} Times are in {result.timeZone}.
    </Text>
  );
}

const problems = (row: SessionImportRow) =>
  row.errors.length === 0 ? (
    '—'
  ) : (
    <List size="sm" spacing={2}>
      {row.errors.map((e) => (
        <List.Item key={`${e.column}-${e.message}`}>
          {e.column ? `${e.column}: ${e.message}` : e.message}
        </List.Item>
      ))}
    </List>
  );

/** Every row with its cells as read, its status in words and its problems by column. */
function RowsTable({ result }: { result: SessionImportResult }) {
  const label = result.imported ? 'Import results' : 'Preview of the file';
  // A region the keyboard can scroll once the table is wider than its box (as DataTable does).
  const region = useScrollRegion(label);
  return (
    <Table.ScrollContainer minWidth={720} type="native" {...region}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>{C.title}</Table.Th>
            <Table.Th>{C.startsAt}</Table.Th>
            <Table.Th>{C.endsAt}</Table.Th>
            <Table.Th>{C.location}</Table.Th>
            <Table.Th>{C.track}</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <Table.Tr key={row.rowNumber}>
              <Table.Td>{row.rowNumber}</Table.Td>
              <Table.Td>{row.cells[C.title]}</Table.Td>
              <Table.Td>{row.cells[C.startsAt]}</Table.Td>
              <Table.Td>{row.cells[C.endsAt]}</Table.Td>
              <Table.Td>{row.cells[C.location]}</Table.Td>
              <Table.Td>{row.cells[C.track]}</Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  fw={600}
                  c={row.status === 'rejected' || row.status === 'failed' ? 'red.9' : undefined}
                >
                  {STATUS_LABELS[row.status]}
                </Text>
              </Table.Td>
              <Table.Td>{problems(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export { TimeTableImportScreen as Component };
