import { Anchor, Badge, Button, Menu, Table, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  REPORT_EXPORT_FORMATS,
  type ReportExport,
  type ReportExportFormat,
  reportExportPath,
} from '../../../shared/reports/api';
import { LOGIN_ACTIVITY_LABELS, type LoginActivity } from '../../../shared/reports/loginActivity';
import { RISK_LEVEL_LABELS, type RiskLevel } from '../../../shared/reports/risk';

/** Colours by level; text stays dark on the light badge for contrast (as the task chips do). */
export const RISK_COLOURS: Record<RiskLevel, string> = {
  low: 'green',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
const ACTIVITY_COLOURS: Record<LoginActivity, string> = { active: 'green', idle: 'yellow', inactive: 'red' };

export function RiskBadge({ level }: { level: RiskLevel }) {
  return (
    <Badge color={RISK_COLOURS[level]} c="dark.9" variant="light" miw="max-content">
      {RISK_LEVEL_LABELS[level]}
    </Badge>
  );
}

export function ActivityBadge({ activity }: { activity: LoginActivity }) {
  return (
    <Badge color={ACTIVITY_COLOURS[activity]} c="dark.9" variant="light" miw="max-content">
      {LOGIN_ACTIVITY_LABELS[activity]}
    </Badge>
  );
}

export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export interface Bar {
  key: string;
  label: string;
  value: number;
  color: string;
  /** Where the bar's label links: the report filtered to it. */
  to?: string;
  /** What the share is of (teams that see a form); the sum of the bars when not given. */
  whole?: number;
}

/** Mantine's chart package (recharts) in its own chunk, fetched when a report screen draws a chart. */
const ReportChart = lazy(() => import('./ReportChart'));

/**
 * A chart and its table: the bars drawn by Mantine's chart package, hidden from screen readers, and
 * under them a table of each label (linking to its report), its count and share, which screen
 * readers read. The table shows at once; the drawing comes with its chunk.
 */
export function BarChart({
  caption,
  bars,
  unit,
  headers,
}: {
  caption: string;
  bars: Bar[];
  unit: string;
  /** The first two column headers, when 'Group'/'Status' and 'Teams'/'Count' do not fit. */
  headers?: [string, string];
}) {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const [first, second] = headers ?? (unit === 'teams' ? ['Group', 'Teams'] : ['Status', 'Count']);
  return (
    <>
      <Suspense fallback={null}>
        <ReportChart bars={bars} unit={unit} />
      </Suspense>
      <Table verticalSpacing={6} layout="fixed">
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">{first}</Table.Th>
            <Table.Th w="22%">{second}</Table.Th>
            <Table.Th>Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bars.map((bar) => {
            const share = percent(bar.value, bar.whole ?? total);
            return (
              <Table.Tr key={bar.key}>
                <Table.Td>
                  {bar.to ? (
                    <Anchor component={Link} to={bar.to}>
                      {bar.label}
                    </Anchor>
                  ) : (
                    bar.label
                  )}
                </Table.Td>
                <Table.Td>{bar.value.toLocaleString()}</Table.Td>
                <Table.Td>{share}%</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}

const FORMAT_LABELS = { csv: 'CSV (.csv)', xlsx: 'Excel (.xlsx)' } as const;

/** The report as a file: a plain same-origin link, so the browser downloads it with the session cookie. */
export function ReportExportMenu(props: {
  eventId: string;
  report: ReportExport;
  filters: Record<string, string | undefined>;
  /** The file's address for a format, when it is not the report list's (one form's submissions). */
  href?: (format: ReportExportFormat) => string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {REPORT_EXPORT_FORMATS.map((format) => (
          <Menu.Item
            key={format}
            component="a"
            href={
              props.href?.(format) ?? reportExportPath(props.eventId, props.report, format, props.filters)
            }
            download
          >
            {FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export const REPORT_LINKS = [
  { label: 'Overview', to: '/admin/reports' },
  { label: 'Tasks', to: '/admin/reports/tasks' },
  { label: 'Forms', to: '/admin/reports/forms' },
  { label: 'Teams', to: '/admin/reports/teams' },
  { label: 'Risk', to: '/admin/reports/risk' },
  { label: 'Login activity', to: '/admin/reports/logins' },
];

export const reportCrumbs = (label?: string, parent?: { label: string; to: string }) => [
  { label: 'Admin', to: '/admin' },
  ...(label ? [{ label: 'Reports', to: '/admin/reports' }] : [{ label: 'Reports' }]),
  ...(parent ? [parent] : []),
  ...(label ? [{ label }] : []),
];
