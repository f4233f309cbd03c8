import type { z } from 'zod';
import type {
  TeamReportResponse,
  TeamReportRow,
  teamReportQuerySchema,
} from '../../../../shared/reports/api';
import { daysSince, type LoginActivity, loginActivityOf } from '../../../../shared/reports/loginActivity';
import {
  RISK_LEVELS,
  type RiskFacts,
  type RiskLevel,
  type RiskResult,
  riskParts,
  riskScore,
} from '../../../../shared/reports/risk';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import type { ReportDay } from '../day/queries';
import { loadTeamFacts, type TeamFacts } from './queries';

export type TeamReportQuery = Omit<z.output<typeof teamReportQuerySchema>, 'page'> & { page?: number };
export type ScoredTeam = { row: TeamReportRow; risk: RiskResult };

/** The risk model's facts of one team on the report day. */
function riskFactsOf(facts: TeamFacts, day: ReportDay): RiskFacts {
  const loggedIn = facts.membersLoggedIn > 0;
  // A login flag without a time (an import) counts as a login on the launch day, or today.
  const daysSinceLastLogin =
    facts.lastLogin !== null
      ? daysSince(facts.lastLogin, day.now)
      : loggedIn
        ? Math.max(0, day.daysSinceLaunch ?? 0)
        : null;
  return {
    daysSinceLaunch: day.daysSinceLaunch,
    daysSinceLastLogin,
    complete: facts.complete,
    // Any submitted submission counts as activity, whatever its form's state now (decision 0015).
    submitted: facts.submitted,
    daysSinceLastSubmission: facts.lastSubmitted === null ? null : daysSince(facts.lastSubmitted, day.now),
    overdue: facts.overdue,
    dueSoon: facts.dueSoon,
    pending: facts.pending,
  };
}

/** One team's report line: its facts, its login activity and its risk score on the report day. */
export function scoreTeam(facts: TeamFacts, day: ReportDay): ScoredTeam {
  const risk = riskScore(riskFactsOf(facts, day));
  const row: TeamReportRow = {
    teamId: facts.teamId,
    name: facts.name,
    teamTypeName: facts.teamTypeName,
    members: facts.members,
    membersLoggedIn: facts.membersLoggedIn,
    hasTeamLoggedIn: facts.membersLoggedIn > 0,
    teamLastLoginInTime: facts.lastLogin?.toISOString() ?? null,
    loginActivity: loginActivityOf(facts.lastLogin, day.now),
    tasks: {
      total: taskTotalOf(facts),
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

const taskTotalOf = (facts: TeamFacts) =>
  facts.complete + facts.na + facts.overdue + facts.dueSoon + facts.pending;

/** Complete share of the tasks that apply (n/a aside); a team with no tasks counts as done. */
export function completionOf(row: TeamReportRow): number {
  return completion(row.tasks.total, row.tasks.na, row.tasks.complete);
}

function completion(total: number, na: number, complete: number): number {
  const counted = total - na;
  return counted === 0 ? 1 : complete / counted;
}

/**
 * What filtering, counting and sorting read of a team: its facts, score, level and login activity.
 * Every team of the event is ranked, and only the lines a caller shows are built (scoreTeam): a
 * line's reasons, times and nested counts for all 5,000 teams of a large event were most of the
 * request's own work and garbage (docs/benchmarks.md, issue 16, ninth session).
 */
export interface RankedTeam {
  facts: TeamFacts;
  riskScore: number;
  riskLevel: RiskLevel;
  loginActivity: LoginActivity;
}

/** One team's score, level and login activity, without its report line. */
export function rankTeam(facts: TeamFacts, day: ReportDay): RankedTeam {
  const { riskScore, riskLevel } = riskParts(riskFactsOf(facts, day));
  return { facts, riskScore, riskLevel, loginActivity: loginActivityOf(facts.lastLogin, day.now) };
}

/** The sort key of each team, worked out once per team rather than once per comparison. */
const SORT_KEYS: Record<TeamReportQuery['sort'], (team: RankedTeam) => number | string> = {
  riskScore: (team) => team.riskScore,
  name: (team) => team.facts.name.toLocaleLowerCase(),
  // As the line's ISO time sorts: a team that never logged in ('' on the line) first.
  lastLogin: (team) => team.facts.lastLogin?.getTime() ?? Number.NEGATIVE_INFINITY,
  completion: ({ facts }) => completion(taskTotalOf(facts), facts.na, facts.complete),
};

/**
 * The teams of the event ranked, filtered and sorted as asked; nothing of a report line built yet.
 * `first` keeps only the first teams in that order (a page's end): they are picked in one pass
 * rather than all 5,000 sorted. `total` and the level counts are of every team the filters keep.
 */
export async function rankedTeams(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: TeamReportQuery,
  first = Number.POSITIVE_INFINITY,
): Promise<{ teams: RankedTeam[]; total: number; byRiskLevel: Record<RiskLevel, number> }> {
  const search = query.search?.toLocaleLowerCase();
  const ranked: RankedTeam[] = [];
  for (const facts of await loadTeamFacts(db, scope, day)) {
    if (search && !facts.name.toLocaleLowerCase().includes(search)) continue;
    if (query.teamTypeId && facts.teamTypeId !== query.teamTypeId) continue;
    const team = rankTeam(facts, day);
    if (!query.activity || team.loginActivity === query.activity) ranked.push(team);
  }
  // Level counts follow every filter but the level itself: the chart shows what the level filter picks from.
  const byRiskLevel = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  for (const team of ranked) byRiskLevel[team.riskLevel]++;
  const teams = query.level ? ranked.filter((team) => team.riskLevel === query.level) : ranked;
  const keyOf = SORT_KEYS[query.sort];
  const keyed = teams.map((team) => ({ team, key: keyOf(team) }));
  const sign = query.order === 'desc' ? -1 : 1;
  const inOrder = firstInOrder(keyed, first, (a, b) => {
    if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * sign;
    return (
      a.team.facts.name.localeCompare(b.team.facts.name) ||
      a.team.facts.teamId.localeCompare(b.team.facts.teamId)
    );
  });
  return { teams: inOrder.map((k) => k.team), total: teams.length, byRiskLevel };
}

/**
 * The first `count` items in `compare`'s order (a total order), sorted. A short head is kept sorted
 * while the items pass once: most items are turned away by one comparison with its last.
 */
export function firstInOrder<T>(items: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count >= items.length / 2) return items.sort(compare).slice(0, count);
  const head: T[] = [];
  for (const item of items) {
    if (head.length === count && compare(item, head[count - 1]) >= 0) continue;
    let low = 0;
    let high = head.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(head[mid], item) <= 0) low = mid + 1;
      else high = mid;
    }
    head.splice(low, 0, item);
    if (head.length > count) head.pop();
  }
  return head;
}

/** Every team of the event scored, filtered and sorted as asked, each with its line (exports take them all). */
export async function scoredTeams(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: TeamReportQuery,
): Promise<{ rows: TeamReportRow[]; byRiskLevel: Record<RiskLevel, number> }> {
  const { teams, byRiskLevel } = await rankedTeams(db, scope, day, query);
  return { rows: teams.map((team) => scoreTeam(team.facts, day).row), byRiskLevel };
}

/** One page of the team report: every team ranked, the page's lines built. */
export async function teamReport(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: z.output<typeof teamReportQuerySchema>,
): Promise<TeamReportResponse> {
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  const { teams, total, byRiskLevel } = await rankedTeams(db, scope, day, query, offset + TABLE_PAGE_SIZE);
  return {
    items: teams.slice(offset).map((team) => scoreTeam(team.facts, day).row),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    byRiskLevel,
    today: day.today,
  };
}
