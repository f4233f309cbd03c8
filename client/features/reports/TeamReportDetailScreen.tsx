import { Anchor, Badge, Group, List, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { SUBMISSION_STATE_LABELS } from '../../../shared/forms/submissionsApi';
import { reportDetailExportPath, type TeamReportDetail } from '../../../shared/reports/api';
import { RISK_MODEL } from '../../../shared/reports/risk';
import { type DateContext, formatDate, formatDateTime } from '../../lib/format';
import { useEventDates, useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../tasks/taskParts';
import { useTeamReportDetail } from './api';
import { ActivityBadge, REPORT_LINKS, ReportExportMenu, RiskBadge, reportCrumbs } from './parts';

const ENGAGEMENT_LABELS = {
  neverLoggedIn: 'never logged in',
  noActivity: 'logged in, no task complete',
  active: 'active (a task complete)',
} as const;

function ScoreExplained({ detail }: { detail: TeamReportDetail }) {
  const { team, risk } = detail;
  const basePart = RISK_MODEL.baseWeight * risk.base * 100;
  const taskPart = RISK_MODEL.taskWeight * risk.taskScale * risk.taskRisk * 100;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="score-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="score-heading">
          Risk score
        </Title>
        <Group gap="xs">
          <RiskBadge level={team.riskLevel} />
          <Text fw={700}>{team.riskPercent.toFixed(1)}%</Text>
        </Group>
      </Group>
      <List size="sm" spacing={4} mb="sm">
        {team.reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
      <Text size="sm">
        Engagement ({ENGAGEMENT_LABELS[risk.engagement]}): {risk.base.toFixed(2)} × {RISK_MODEL.baseWeight} ={' '}
        {basePart.toFixed(1)} points. Tasks: {(risk.taskRisk * 100).toFixed(0)}% late or close × weight{' '}
        {RISK_MODEL.taskWeight} × {risk.taskScale.toFixed(2)} (full from {RISK_MODEL.fullWeightTaskCount}{' '}
        tasks) = {taskPart.toFixed(1)} points.
      </Text>
    </Paper>
  );
}

function Members({ detail, dates }: { detail: TeamReportDetail; dates: DateContext }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <caption>Members and their logins</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Has logged in</Table.Th>
            <Table.Th>Last login</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.members.map((m) => (
            <Table.Tr key={m.accountId}>
              <Table.Td>
                {m.name}
                {m.isOwner ? ' (Team Owner)' : ''}
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>{m.hasLoggedIn ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{m.lastLoginInTime ? formatDateTime(m.lastLoginInTime, dates) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Tasks({ detail, dates }: { detail: TeamReportDetail; dates: DateContext }) {
  if (detail.taskStatuses.length === 0) return <Text>No task applies to this team.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <caption>Tasks of this team</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th>Due date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Completed or changed by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.taskStatuses.map((t) => (
            <Table.Tr key={t.taskId}>
              <Table.Td>{t.title}</Table.Td>
              <Table.Td>{formatDate(t.dueDate, dates)}</Table.Td>
              <Table.Td>
                <StatusChip status={t.status} />
              </Table.Td>
              <Table.Td>
                {t.updatedBy
                  ? `${t.updatedBy}${t.updatedAt ? `, ${formatDateTime(t.updatedAt, dates)}` : ''}`
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const FORM_STATE_COLOURS = { submitted: 'green', draft: 'yellow', notStarted: 'red' } as const;

function Forms({ detail, dates }: { detail: TeamReportDetail; dates: DateContext }) {
  if (detail.forms.length === 0) return <Text>No form is published yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <caption>Forms of this team</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Form</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Submissions</Table.Th>
            <Table.Th>Last submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.forms.map((f) => (
            <Table.Tr key={f.formId}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/reports/forms/${f.formId}`}>
                  {f.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge color={FORM_STATE_COLOURS[f.state]} c="dark.9" variant="light" miw="max-content">
                  {SUBMISSION_STATE_LABELS[f.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{f.submissions}</Table.Td>
              <Table.Td>{f.lastSubmittedAt ? formatDateTime(f.lastSubmittedAt, dates) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/reports/teams/:teamId: one team's score explained, its members' logins, tasks and forms. */
export function TeamReportDetailScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const dates = useEventDates();
  const teamId = useParams().teamId ?? '';
  const detail = useTeamReportDetail(eventId, teamId);
  const name = detail.data?.team.name ?? 'Team';

  return (
    <PageHeader
      title={name}
      breadcrumbs={reportCrumbs(name, { label: 'Teams', to: '/admin/reports/teams' })}
      actions={
        <ReportExportMenu
          eventId={eventId}
          report="teams"
          filters={{}}
          href={(format) => reportDetailExportPath(eventId, 'teams', teamId, format)}
        />
      }
      quickLinks={REPORT_LINKS}
    >
      <QueryState query={detail} loading="Loading the team" failed="The team could not be loaded">
        {(data) => (
          <SimpleGrid cols={1} spacing="lg">
            <ScoreExplained detail={data} />
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="logins-heading">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="logins-heading">
                  Logins
                </Title>
                <ActivityBadge activity={data.team.loginActivity} />
              </Group>
              <Members detail={data} dates={dates} />
            </Paper>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="tasks-heading">
              <Title order={2} size="h4" id="tasks-heading" mb="sm">
                Tasks ({data.team.tasks.complete} of {data.team.tasks.total - data.team.tasks.na} complete)
              </Title>
              <Tasks detail={data} dates={dates} />
            </Paper>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="forms-heading">
              <Title order={2} size="h4" id="forms-heading" mb="sm">
                Forms ({data.team.forms.submitted} of {data.team.forms.total} submitted)
              </Title>
              <Forms detail={data} dates={dates} />
            </Paper>
          </SimpleGrid>
        )}
      </QueryState>
    </PageHeader>
  );
}

export { TeamReportDetailScreen as Component };
