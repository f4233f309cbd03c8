import type { z } from 'zod';
import type { TeamReportResponse, TeamReportRow, teamReportQuerySchema } from '../../../shared/reports/api';
import { daysSince, loginActivityOf } from '../../../shared/reports/loginActivity';
import { RISK_LEVELS, type RiskLevel, type RiskResult, riskScore } from '../../../shared/reports/risk';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { DbOrTx } from '../../platform/db/client';
import type { ReportDay } from './reportDay';
import { loadTeamFacts, type TeamFacts } from './teamFacts';

export type TeamReportQuery = Omit<z.output<typeof teamReportQuerySchema>, 'page'> & { page?: number };
export type ScoredTeam = { row: TeamReportRow; risk: RiskResult };

/** One team's report line: its facts, its login activity and its risk score on the report day. */
export function scoreTeam(facts: TeamFacts, day: ReportDay): ScoredTeam {
  const loggedIn = facts.membersLoggedIn > 0;
  // A login flag without a time (an import) counts as a login on the launch day, or today.
  const daysSinceLastLogin =
    facts.lastLogin !== null
      ? daysSince(facts.lastLogin, day.now)
      : loggedIn
        ? Math.max(0, day.daysSinceLaunch ?? 0)
        : null;
  const risk = riskScore({
    daysSinceLaunch: day.daysSinceLaunch,
    daysSinceLastLogin,
    complete: facts.complete,
    // Any submitted submission counts as activity, whatever its form's state now (decision 0015).
    submitted: facts.submitted,
    daysSinceLastSubmission: facts.lastSubmitted === null ? null : daysSince(facts.lastSubmitted, day.now),
    overdue: facts.overdue,
    dueSoon: facts.dueSoon,
    pending: facts.pending,
  });
  const row: TeamReportRow = {
    teamId: facts.teamId,
    name: facts.name,
    teamTypeName: facts.teamTypeName,
    members: facts.members,
    membersLoggedIn: facts.membersLoggedIn,
    hasTeamLoggedIn: loggedIn,
    teamLastLoginInTime: facts.lastLogin?.toISOString() ?? null,
    loginActivity: loginActivityOf(facts.lastLogin, day.now),
    tasks: {
      total: facts.complete + facts.na + facts.overdue + facts.dueSoon + facts.pending,
      complete: facts.complete,
      na: facts.na,
      overdue: facts.overdue,
      dueSoon: facts.dueSoon,
      pending: facts.pending,
    },
    forms: { total: facts.forms, submitted: facts.formsSubmitted },
    riskScore: risk.riskScore,
    riskPercent: risk.riskPercent,
    riskLevel: risk.riskLevel,
    reasons: risk.reasons,
  };
  return { row, risk };
}

/** Complete share of the tasks that apply (n/a aside); a team with no tasks counts as done. */
export function completionOf(row: TeamReportRow): number {
  const counted = row.tasks.total - row.tasks.na;
  return counted === 0 ? 1 : row.tasks.complete / counted;
}

const SORT_KEYS: Record<TeamReportQuery['sort'], (row: TeamReportRow) => number | string> = {
  riskScore: (row) => row.riskScore,
  name: (row) => row.name.toLocaleLowerCase(),
  lastLogin: (row) => row.teamLastLoginInTime ?? '',
  completion: completionOf,
};

/** Every team of the event scored, filtered and sorted as asked (the screen pages it; exports take it all). */
export async function scoredTeams(
  db: DbOrTx,
  eventId: string,
  day: ReportDay,
  query: TeamReportQuery,
): Promise<{ rows: TeamReportRow[]; byRiskLevel: Record<RiskLevel, number> }> {
  const search = query.search?.toLocaleLowerCase();
  const scored = (await loadTeamFacts(db, eventId, day))
    .filter(
      (facts) =>
        (!search || facts.name.toLocaleLowerCase().includes(search)) &&
        (!query.teamTypeId || facts.teamTypeId === query.teamTypeId),
    )
    .map((facts) => scoreTeam(facts, day).row)
    .filter((row) => !query.activity || row.loginActivity === query.activity);
  // Level counts follow every filter but the level itself: the chart shows what the level filter picks from.
  const byRiskLevel = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  for (const row of scored) byRiskLevel[row.riskLevel]++;
  const rows = scored.filter((row) => !query.level || row.riskLevel === query.level);
  const key = SORT_KEYS[query.sort];
  const sign = query.order === 'desc' ? -1 : 1;
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.name.localeCompare(b.name) || a.teamId.localeCompare(b.teamId);
  });
  return { rows, byRiskLevel };
}

export async function teamReport(
  db: DbOrTx,
  eventId: string,
  day: ReportDay,
  query: z.output<typeof teamReportQuerySchema>,
): Promise<TeamReportResponse> {
  const { rows, byRiskLevel } = await scoredTeams(db, eventId, day, query);
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  return {
    items: rows.slice(offset, offset + TABLE_PAGE_SIZE),
    total: rows.length,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    byRiskLevel,
    today: day.today,
  };
}
