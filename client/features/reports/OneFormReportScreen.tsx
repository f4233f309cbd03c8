import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatMoney } from '../../../shared/forms/money';
import {
  type FormSubmissionRow,
  type OneFormReport,
  oneFormExportPath,
} from '../../../shared/reports/formsApi';
import { type DateContext, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { useListParams } from '../../ui/useListParams';
import { useOneFormReport, useReportFilters } from './api';
import { BarChart, REPORT_LINKS, ReportExportMenu, reportCrumbs } from './parts';
import { ReportFilterBar } from './ReportFilterBar';

const OPTION_COLOURS = ['blue', 'teal', 'violet', 'orange', 'pink', 'cyan', 'lime', 'grape'];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The teams by state, each choice field's options and each item list's sums, over the submitted forms. */
function Summary({ report, locale }: { report: OneFormReport; locale: string }) {
  const { form } = report;
  const money = (amount: number) => formatMoney(amount, report.currency, locale);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} mb="lg">
      <Section title="Teams by state">
        <BarChart
          caption="Teams by state of this form"
          unit="teams"
          headers={['State', 'Teams']}
          bars={[
            {
              key: 'submitted',
              label: 'Submitted',
              value: form.submitted,
              color: 'green',
              whole: form.teams,
            },
            { key: 'draft', label: 'Draft only', value: form.draft, color: 'yellow', whole: form.teams },
            {
              key: 'notStarted',
              label: 'Not started',
              value: form.notStarted,
              color: 'red',
              whole: form.teams,
            },
          ]}
        />
        {form.guestSubmissions > 0 && (
          <Text size="sm" mt="xs">
            And {form.guestSubmissions.toLocaleString()} submissions from guests.
          </Text>
        )}
      </Section>
      {report.choices.map((choice) => (
        <Section key={choice.fieldId} title={choice.label}>
          <BarChart
            caption={`${choice.label}: submissions per option`}
            unit="submissions"
            headers={['Option', 'Submissions']}
            bars={choice.options.map((option, index) => ({
              key: option.id,
              label: option.label,
              value: option.count,
              color: OPTION_COLOURS[index % OPTION_COLOURS.length] ?? 'blue',
              whole: choice.answered,
            }))}
          />
          <Text size="sm" mt="xs">
            {choice.answered.toLocaleString()} of {report.total.toLocaleString()} submissions answered.
          </Text>
        </Section>
      ))}
      {report.itemLists.map((list) => (
        <Section key={list.fieldId} title={list.label}>
          <Table>
            <caption>{`${list.label}: quantities and amounts ordered`}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((item) => (
                <Table.Tr key={item.itemId}>
                  <Table.Td>{item.label}</Table.Td>
                  <Table.Td ta="right">{item.quantity.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{money(item.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                <Table.Td />
                <Table.Td ta="right" fw={700}>
                  {money(list.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Section>
      ))}
    </SimpleGrid>
  );
}

function columnsOf(
  report: OneFormReport | undefined,
  dates: DateContext,
): DataTableColumn<FormSubmissionRow, 'submittedAt'>[] {
  return [
    { key: 'team', header: 'Team', render: (r) => (r.isGuest ? 'Guest' : (r.teamName ?? '—')) },
    { key: 'submittedBy', header: 'Submitted by', render: (r) => r.submittedBy || '—' },
    {
      key: 'submittedAt',
      header: 'Submitted',
      render: (r) => (r.submittedAt ? formatDateTime(r.submittedAt, dates) : '—'),
    },
    ...(report?.columns ?? []).map(
      (column): DataTableColumn<FormSubmissionRow, 'submittedAt'> => ({
        key: column.key,
        header: column.label,
        render: (r: FormSubmissionRow) => (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} miw={120}>
            {r.answers[column.key] || '—'}
          </Text>
        ),
      }),
    ),
  ];
}

/** /admin/reports/forms/:formId: one form's submitted submissions under their report labels, with tallies. */
export function OneFormReportScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const formId = useParams().formId ?? '';
  const dates = useEventDates();
  const params = useListParams('submittedAt');
  const filters = { teamTypeId: params.filters.teamTypeId, search: params.search || undefined };
  const report = useOneFormReport(eventId, formId, { page: params.page, ...filters });
  const options = useReportFilters(eventId);
  const title = report.data?.form.title ?? 'Form';

  const toolbar = (
    <ReportFilterBar
      searchLabel="Team name, or guest"
      fields={[
        {
          name: 'teamTypeId',
          label: 'Team type',
          options: (options.data?.teamTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
        },
      ]}
    />
  );

  return (
    <PageHeader
      title={title}
      breadcrumbs={reportCrumbs(title, { label: 'Forms', to: '/admin/reports/forms' })}
      description="Submitted forms only: drafts are not counted."
      actions={
        <ReportExportMenu
          eventId={eventId}
          report="forms"
          filters={filters}
          href={(format) => oneFormExportPath(eventId, formId, format, filters)}
        />
      }
      quickLinks={REPORT_LINKS}
    >
      {report.isError ? (
        <>
          {toolbar}
          <LoadFailed
            title="The form report could not be loaded"
            error={report.error}
            retry={report.refetch}
          />
        </>
      ) : (
        <>
          {report.data && <Summary report={report.data} locale={dates.locale} />}
          <DataTable
            label="Submissions of this form"
            rows={report.data?.items ?? []}
            total={report.data?.total ?? 0}
            columns={columnsOf(report.data, dates)}
            getRowId={(r) => r.id}
            params={params}
            isLoading={report.isPending}
            isFetching={report.isPlaceholderData}
            toolbar={toolbar}
            emptyState={
              params.hasFilters ? (
                <ListEmptyState filtered onClearFilters={params.clearFilters} noun="submissions" />
              ) : (
                <Text>No submitted submissions yet.</Text>
              )
            }
          />
        </>
      )}
    </PageHeader>
  );
}

export { OneFormReportScreen as Component };
