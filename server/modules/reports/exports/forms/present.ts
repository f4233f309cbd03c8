import type { FormReportRow, OneFormReport } from '../../../../../shared/reports/formsApi';
import type { ReportDay } from '../../day/queries';
import { formatters, type Table } from '../present';

/** Submitted share of the teams that see a form; a form no team sees counts as done. */
export const submittedShare = (row: FormReportRow) => (row.teams === 0 ? 1 : row.submitted / row.teams);

/** The forms report as a file: one line per form, the teams by state and the submissions. */
export function formsTable(rows: FormReportRow[], day: ReportDay): Table {
  const f = formatters(day);
  return {
    header: [
      'Form',
      'Public',
      'Teams',
      'Submitted',
      'Draft',
      'Not Started',
      'Submitted %',
      'Submissions',
      'Guest Submissions',
    ],
    rows: rows.map((r) => [
      r.title,
      f.yesNo(r.isPublic),
      r.teams,
      r.submitted,
      r.draft,
      r.notStarted,
      f.percent(submittedShare(r)),
      r.submissions,
      r.guestSubmissions,
    ]),
  };
}

/**
 * One form's submitted submissions as a file: who and when, then each answer under the engine's
 * report label (money as the engine writes it: the event currency with two decimals).
 */
export function oneFormTable(report: OneFormReport, day: ReportDay): Table {
  const f = formatters(day);
  return {
    header: ['Team', 'Guest', 'Submitted By', 'Submitted', ...report.columns.map((c) => c.label)],
    rows: report.items.map((r) => [
      r.teamName ?? '',
      f.yesNo(r.isGuest),
      r.submittedBy,
      f.dateTime(r.submittedAt),
      ...report.columns.map((c) => r.answers[c.key] ?? ''),
    ]),
  };
}
