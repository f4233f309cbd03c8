import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LOGIN_ACTIVITIES, LOGIN_ACTIVITY_LABELS } from '../../../shared/reports/loginActivity';
import { RISK_LEVEL_LABELS, RISK_LEVELS } from '../../../shared/reports/risk';
import { TASK_STATUS_LABELS, TEAM_TASK_STATUSES } from '../../../shared/tasks/dueStatus';
import { formatDate } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { UserExportMenu } from '../people/UserExportMenu';
import { useReportOverview } from './api';
import { BarChart, REPORT_LINKS, RISK_COLOURS, reportCrumbs } from './parts';

const ACTIVITY_COLOURS = { active: 'green', idle: 'yellow', inactive: 'red' } as const;
const STATUS_COLOURS = {
  complete: 'green',
  'n/a': 'gray',
  overdue: 'red',
  dueSoon: 'orange',
  incomplete: 'blue',
} as const;

function ChartCard(props: { title: string; to: string; linkLabel: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={props.title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Anchor component={Link} to={props.to} size="sm">
          {props.linkLabel}
        </Anchor>
      </Group>
      {props.children}
    </Paper>
  );
}

/** /admin/reports (reportViewer and above): the event at a glance, each chart linking to its report. */
export function ReportsOverviewScreen() {
  const { event } = useSession();
  const dates = useEventDates();
  const overview = useReportOverview(event?.id ?? '');

  return (
    <PageHeader
      title="Reports"
      breadcrumbs={reportCrumbs()}
      description="Who is behind: teams at risk, tasks overdue across teams, and who has not logged in."
      actions={<UserExportMenu eventId={event?.id ?? ''} label="Export user report" />}
      quickLinks={REPORT_LINKS.slice(1)}
      tips={
        <Text size="sm">
          The risk score combines how engaged a team is (logins and completed tasks, growing after the launch
          date) with its overdue and due-soon tasks. Form reports count submitted forms only: a draft is not a
          submission.
        </Text>
      }
    >
      <QueryState query={overview} loading="Loading the reports" failed="The reports could not be loaded">
        {(data) => (
          <>
            <Text mb="md" size="sm" c="dimmed">
              {data.teams.toLocaleString()} teams, worked out for {formatDate(data.today, dates)}.{' '}
              {data.launchDate
                ? `Launched ${formatDate(data.launchDate, dates)}.`
                : 'No launch date is set (Admin, Event), so scores use the fixed starting points.'}
            </Text>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <ChartCard title="Teams by risk level" to="/admin/reports/risk" linkLabel="Risk report">
                <BarChart
                  caption="Teams by risk level"
                  unit="teams"
                  bars={RISK_LEVELS.map((level) => ({
                    key: level,
                    label: RISK_LEVEL_LABELS[level],
                    value: data.byRiskLevel[level],
                    color: RISK_COLOURS[level],
                    to: `/admin/reports/risk?level=${level}`,
                  }))}
                />
              </ChartCard>
              <ChartCard title="Teams by login activity" to="/admin/reports/logins" linkLabel="Login report">
                <BarChart
                  caption="Teams by login activity"
                  unit="teams"
                  bars={LOGIN_ACTIVITIES.map((activity) => ({
                    key: activity,
                    label: LOGIN_ACTIVITY_LABELS[activity],
                    value: data.byLoginActivity[activity],
                    color: ACTIVITY_COLOURS[activity],
                    to: `/admin/reports/logins?activity=${activity}`,
                  }))}
                />
                <Text size="sm" mt="xs">
                  {data.neverLoggedIn.toLocaleString()} of {data.teams.toLocaleString()} teams have never
                  logged in.
                </Text>
              </ChartCard>
              <ChartCard
                title="Task completion across teams"
                to="/admin/reports/tasks"
                linkLabel="Task report"
              >
                <BarChart
                  caption="Team task statuses across the event"
                  unit="statuses"
                  bars={TEAM_TASK_STATUSES.map((status) => ({
                    key: status,
                    label: TASK_STATUS_LABELS[status],
                    value: data.taskStatuses[status],
                    color: STATUS_COLOURS[status],
                    to: `/admin/reports/tasks?status=${status}`,
                  }))}
                />
              </ChartCard>
              <ChartCard title="Submissions per form" to="/admin/reports/forms" linkLabel="Form report">
                {data.forms.length === 0 ? (
                  <Text size="sm">No form is published yet.</Text>
                ) : (
                  <>
                    <BarChart
                      caption="Teams that submitted each published form"
                      unit="teams"
                      headers={['Form', 'Teams submitted']}
                      bars={data.forms.map((form) => ({
                        key: form.id,
                        label: form.title,
                        value: form.submitted,
                        color: 'green',
                        whole: form.teams,
                        to: `/admin/reports/forms/${form.id}`,
                      }))}
                    />
                    <Text size="sm" mt="xs">
                      Share of the {data.teams.toLocaleString()} teams that see each form; drafts are not
                      counted.
                      {data.formCount > data.forms.length &&
                        ` ${data.forms.length} of ${data.formCount} forms shown, by title.`}
                    </Text>
                  </>
                )}
              </ChartCard>
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { ReportsOverviewScreen as Component };
