import { and, asc, eq } from 'drizzle-orm';
import type { ReportFilterOptions, ReportOverview } from '../../../../shared/reports/api';
import { OVERVIEW_FORM_LIMIT } from '../../../../shared/reports/formsApi';
import { LOGIN_ACTIVITIES, type LoginActivity } from '../../../../shared/reports/loginActivity';
import { RISK_LEVELS, type RiskLevel } from '../../../../shared/reports/risk';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { teamTypes } from '../../people/tables';
import { taskGroups } from '../../tasks/tables';
import type { ReportDay } from '../day/queries';
import { formReportRows, sortFormRows } from '../forms/queries';
import { loadTeamFacts } from '../teams/queries';
import { rankTeam } from '../teams/service';

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * The overview's charts: teams by risk level and login activity, every team task status by chip,
 * and the teams that submitted each published form.
 */
export async function reportOverview(db: DbOrTx, scope: EventScope, day: ReportDay): Promise<ReportOverview> {
  const [facts, forms] = await Promise.all([loadTeamFacts(db, scope, day), formReportRows(db, scope, {})]);
  const byRiskLevel = zeroes<RiskLevel>(RISK_LEVELS);
  const byLoginActivity = zeroes<LoginActivity>(LOGIN_ACTIVITIES);
  const taskStatuses = { complete: 0, 'n/a': 0, overdue: 0, dueSoon: 0, incomplete: 0 };
  let neverLoggedIn = 0;
  for (const team of facts) {
    const { riskLevel, loginActivity } = rankTeam(team, day);
    byRiskLevel[riskLevel]++;
    byLoginActivity[loginActivity]++;
    if (team.membersLoggedIn === 0) neverLoggedIn++;
    taskStatuses.complete += team.complete;
    taskStatuses['n/a'] += team.na;
    taskStatuses.overdue += team.overdue;
    taskStatuses.dueSoon += team.dueSoon;
    taskStatuses.incomplete += team.pending;
  }
  return {
    teams: facts.length,
    byRiskLevel,
    byLoginActivity,
    neverLoggedIn,
    taskStatuses,
    forms: sortFormRows(forms, 'title', 'asc').slice(0, OVERVIEW_FORM_LIMIT),
    formCount: forms.length,
    today: day.today,
    launchDate: day.launchDate,
  };
}

/** What the report filters offer: the event's team types and open task groups, by name. */
export async function reportFilterOptions(db: DbOrTx, scope: EventScope): Promise<ReportFilterOptions> {
  const { eventId } = scope;
  const [types, groups] = await Promise.all([
    db
      .select({ id: teamTypes.id, name: teamTypes.name })
      .from(teamTypes)
      .where(eq(teamTypes.eventId, eventId))
      .orderBy(asc(teamTypes.name)),
    db
      .select({ id: taskGroups.id, title: taskGroups.title })
      .from(taskGroups)
      .where(and(eq(taskGroups.eventId, eventId), eq(taskGroups.isArchived, false)))
      .orderBy(asc(taskGroups.title)),
  ]);
  return { teamTypes: types, taskGroups: groups };
}
