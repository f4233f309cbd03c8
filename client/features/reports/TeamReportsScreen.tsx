import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TEAM_REPORT_SORTS, type TeamReportRow, type TeamReportSort } from '../../../shared/reports/api';
import { LOGIN_ACTIVITIES, LOGIN_ACTIVITY_LABELS } from '../../../shared/reports/loginActivity';
import { RISK_LEVEL_LABELS, RISK_LEVELS } from '../../../shared/reports/risk';
import { type DateContext, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed } from '../../ui/QueryState';
import { type SortOrder, useListParams } from '../../ui/useListParams';
import { useReportFilters, useTeamReport } from './api';
import {
  ActivityBadge,
  BarChart,
  percent,
  REPORT_LINKS,
  ReportExportMenu,
  RISK_COLOURS,
  RiskBadge,
  reportCrumbs,
} from './parts';
import { ReportFilterBar } from './ReportFilterBar';

type View = 'teams' | 'risk' | 'logins';
type Column = DataTableColumn<TeamReportRow, TeamReportSort>;

const lastLogin = (row: TeamReportRow, dates: DateContext) =>
  row.teamLastLoginInTime ? formatDateTime(row.teamLastLoginInTime, dates) : 'Never';

function columnsFor(view: View, dates: DateContext): Column[] {
  const team: Column = {
    key: 'name',
    header: 'Team',
    sortKey: 'name',
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/admin/reports/teams/${r.teamId}`} fw={600}>
          {r.name}
        </Anchor>
        {r.teamTypeName && (
          <Text size="xs" c="dimmed">
            {r.teamTypeName}
          </Text>
        )}
      </Stack>
    ),
  };
  const risk: Column = {
    key: 'risk',
    header: 'Risk',
    sortKey: 'riskScore',
    render: (r) => (
      <Group gap="xs" wrap="wrap">
        <RiskBadge level={r.riskLevel} />
        <Text size="sm">{r.riskPercent.toFixed(1)}%</Text>
      </Group>
    ),
  };
  const activity: Column = {
    key: 'activity',
    header: 'Login activity',
    sortKey: 'lastLogin',
    render: (r) => (
      <Stack gap={2}>
        <ActivityBadge activity={r.loginActivity} />
        <Text size="xs">{lastLogin(r, dates)}</Text>
      </Stack>
    ),
  };
  const completion: Column = {
    key: 'completion',
    header: 'Tasks complete',
    sortKey: 'completion',
    render: (r) => {
      const counted = r.tasks.total - r.tasks.na;
      return `${r.tasks.complete} of ${counted} (${percent(r.tasks.complete, counted)}%)`;
    },
  };
  const late: Column = {
    key: 'late',
    header: 'Overdue / due soon',
    render: (r) => `${r.tasks.overdue} / ${r.tasks.dueSoon}`,
  };
  const forms: Column = {
    key: 'forms',
    header: 'Forms submitted',
    render: (r) => `${r.forms.submitted} of ${r.forms.total}`,
  };
  const members: Column = {
    key: 'members',
    header: 'Members logged in',
    render: (r) => `${r.membersLoggedIn} of ${r.members}`,
  };
  if (view === 'risk') {
    const reasons: Column = { key: 'reasons', header: 'Why', render: (r) => r.reasons.join('; ') };
    return [team, risk, reasons, activity, completion];
  }
  if (view === 'logins') {
    const hasLoggedIn: Column = {
      key: 'hasLoggedIn',
      header: 'Has logged in',
      render: (r) => (r.hasTeamLoggedIn ? 'Yes' : 'No'),
    };
    return [team, hasLoggedIn, activity, members];
  }
  return [team, risk, activity, completion, late, forms, members];
}

const VIEWS: Record<
  View,
  { title: string; crumb: string; description: string; sort: TeamReportSort; order: SortOrder }
> = {
  teams: {
    title: 'Team report',
    crumb: 'Teams',
    description: 'Teams by risk score, highest first, with their logins and task completion.',
    sort: 'riskScore',
    order: 'desc',
  },
  risk: {
    title: 'Risk report',
    crumb: 'Risk',
    description: 'Which teams may not be ready on opening day, and why.',
    sort: 'riskScore',
    order: 'desc',
  },
  logins: {
    title: 'Login activity',
    crumb: 'Login activity',
    description: 'Active: a login within 7 days. Idle: 8 to 14 days. Inactive: over 14 days, or never.',
    sort: 'lastLogin',
    order: 'asc',
  },
};
const FILTERS = ['teamTypeId', 'level', 'activity'] as const;

/** /admin/reports/teams, /risk and /logins: one list of teams, shown three ways. */
export function TeamReportsScreen({ view = 'teams' }: { view?: View }) {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const config = VIEWS[view];
  const params = useListParams<TeamReportSort>(config.sort, TEAM_REPORT_SORTS, config.order);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.filters[name]]));
  const report = useTeamReport(eventId, {
    page: params.page,
    sort: params.sort,
    order: params.order,
    search: params.search,
    ...filters,
  });
  const options = useReportFilters(eventId);

  const toolbar = (
    <ReportFilterBar
      searchLabel="Team name"
      fields={[
        {
          name: 'teamTypeId',
          label: 'Team type',
          options: (options.data?.teamTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
        },
        {
          name: 'level',
          label: 'Risk level',
          options: RISK_LEVELS.map((l) => ({ value: l, label: RISK_LEVEL_LABELS[l] })),
        },
        {
          name: 'activity',
          label: 'Login activity',
          options: LOGIN_ACTIVITIES.map((a) => ({ value: a, label: LOGIN_ACTIVITY_LABELS[a] })),
        },
      ]}
    />
  );
  const levels = report.data?.byRiskLevel;

  return (
    <PageHeader
      title={config.title}
      breadcrumbs={reportCrumbs(config.crumb)}
      description={config.description}
      actions={
        <ReportExportMenu
          eventId={eventId}
          report={view}
          filters={{ ...filters, search: params.search, sort: params.sort, order: params.order }}
        />
      }
      quickLinks={REPORT_LINKS.filter((l) => l.label !== config.crumb)}
    >
      {view === 'risk' && levels && (
        <Paper withBorder p="md" radius="md" mb="md" maw={640}>
          <BarChart
            caption="Teams by risk level"
            unit="teams"
            bars={RISK_LEVELS.map((level) => ({
              key: level,
              label: RISK_LEVEL_LABELS[level],
              value: levels[level],
              color: RISK_COLOURS[level],
            }))}
          />
        </Paper>
      )}
      {report.isError ? (
        <>
          {toolbar}
          <LoadFailed title="The report could not be loaded" error={report.error} retry={report.refetch} />
        </>
      ) : (
        <DataTable
          label={config.title}
          rows={report.data?.items ?? []}
          total={report.data?.total ?? 0}
          columns={columnsFor(view, dates)}
          getRowId={(r) => r.teamId}
          params={params}
          isLoading={report.isPending}
          isFetching={report.isPlaceholderData}
          toolbar={toolbar}
          emptyState={
            <ListEmptyState filtered={params.hasFilters} onClearFilters={params.clearFilters} noun="teams" />
          }
        />
      )}
    </PageHeader>
  );
}

export const RiskReportScreen = () => <TeamReportsScreen view="risk" />;
export const LoginReportScreen = () => <TeamReportsScreen view="logins" />;
export { TeamReportsScreen as Component };
