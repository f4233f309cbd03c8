/**
 * The team risk score (spec, document 2 section 9 "Risk scoring"), pure so the server's reports and
 * any screen that explains a score decide alike. Where the spec lists a constant without saying how
 * it is used, docs/decisions/0015-risk-score.md says what was chosen and why.
 *
 *   score   = baseWeight × base + taskWeight × taskScale × taskRisk        (0 .. 1)
 *   percent = score × 100 (one decimal); the level comes from the percent.
 */

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Spec: "Ranges: low 25, medium 60, high 85, critical 100" — the highest percent of each level. */
export const RISK_LEVEL_RANGES: Record<RiskLevel, number> = { low: 25, medium: 60, high: 85, critical: 100 };

/** Spec: model defaults, caps, inactivity bumps and task weights, word for word. */
export const RISK_MODEL = {
  baseWeight: 0.5,
  taskWeight: 0.5,
  gracePeriodDays: 14,
  weeklyBaseIncrement: 0.05,
  neverLoggedInMax: 0.75,
  noActivityStart: 0.15,
  noActivityMax: 0.5,
  activeBase: 0.5,
  /** Largest first: a team gets the bump of the longest span it is past, not their sum. */
  inactivityBumps: [
    { overDays: 60, bump: 0.3 },
    { overDays: 30, bump: 0.2 },
    { overDays: 14, bump: 0.1 },
  ],
  taskWeights: { overdue: 1, dueSoon: 0.5, pending: 0 },
  fullWeightTaskCount: 10,
  /** "lower counts scale from 0.5": the share of the task weight a team with no tasks gets. */
  fewTasksScaleFrom: 0.5,
  /** Spec: "Without a launch date the base is 1 (never logged in), 0.75 (logged in with nothing complete), or 0.5." */
  withoutLaunch: { neverLoggedIn: 1, noActivity: 0.75, active: 0.5 },
} as const;

/** What the score is worked out from: one team's facts on one day. */
export interface RiskFacts {
  /** Calendar days from the event's launch date to today (negative before it); null when no launch date is set. */
  daysSinceLaunch: number | null;
  /** Whole days since the team's most recent member login; null when no member has ever logged in. */
  daysSinceLastLogin: number | null;
  /** Tasks the team has marked complete (activity). */
  complete: number;
  /** The team's submitted (not draft) form submissions (activity too; decision 0015). */
  submitted: number;
  /** Whole days since the team's latest submitted submission; null when it has none. */
  daysSinceLastSubmission: number | null;
  /** Unfinished tasks (not complete, not n/a) by their due status. */
  overdue: number;
  dueSoon: number;
  pending: number;
}

export type Engagement = 'neverLoggedIn' | 'noActivity' | 'active';

export interface RiskResult {
  /** 0 .. 1, to four decimals. */
  riskScore: number;
  /** 0 .. 100, to one decimal. */
  riskPercent: number;
  riskLevel: RiskLevel;
  engagement: Engagement;
  /** The engagement part before weighting (0 .. 1). */
  base: number;
  /** The task part before weighting (0 .. 1): weighted share of the team's tasks that are late or close. */
  taskRisk: number;
  /** How much of the task weight applies (0.5 .. 1), by the number of tasks. */
  taskScale: number;
  /** Why, in a few words each: "never logged in", "4 of 12 tasks overdue". */
  reasons: string[];
}

/** Spec: up to 25 low, up to 60 medium, up to 85 high, otherwise critical. */
export function riskLevelOf(percent: number): RiskLevel {
  if (percent <= RISK_LEVEL_RANGES.low) return 'low';
  if (percent <= RISK_LEVEL_RANGES.medium) return 'medium';
  if (percent <= RISK_LEVEL_RANGES.high) return 'high';
  return 'critical';
}

/**
 * Never logged in reads logins alone (the spec's cap is about logins); once logged in, a team is
 * active with a task complete or a form submitted (drafts are not activity).
 */
export function engagementOf(
  facts: Pick<RiskFacts, 'daysSinceLastLogin' | 'complete' | 'submitted'>,
): Engagement {
  if (facts.daysSinceLastLogin === null) return 'neverLoggedIn';
  return facts.complete > 0 || facts.submitted > 0 ? 'active' : 'noActivity';
}

/**
 * Days since the team's latest dated activity: its last login or its last submitted submission,
 * whichever is later (a member who stays signed in and submits is not quiet). Null when it never
 * logged in. Task completions carry no time of the team's own (a status's update time also moves with
 * an organiser's review), so they count for the engagement state only.
 */
export function daysSinceActivity(facts: Pick<RiskFacts, 'daysSinceLastLogin' | 'daysSinceLastSubmission'>) {
  if (facts.daysSinceLastLogin === null) return null;
  if (facts.daysSinceLastSubmission === null) return facts.daysSinceLastLogin;
  return Math.max(0, Math.min(facts.daysSinceLastLogin, facts.daysSinceLastSubmission));
}

/** The bump for a span of days without a login: +0.1 over 14, +0.2 over 30, +0.3 over 60. */
export function inactivityBump(days: number): number {
  return RISK_MODEL.inactivityBumps.find((b) => days > b.overDays)?.bump ?? 0;
}

/** Whole weeks past the grace period after launch; 0 before launch and during the grace period. */
export function weeksPastGrace(daysSinceLaunch: number): number {
  return Math.max(0, Math.floor((daysSinceLaunch - RISK_MODEL.gracePeriodDays) / 7));
}

/**
 * Days the team has been quiet: since its latest activity (login or submission), or since launch when
 * it never logged in. The clock starts no earlier than the launch: activity before the portal opened
 * is not neglect.
 */
function quietDays(facts: RiskFacts, daysSinceLaunch: number): number {
  const sinceLaunch = Math.max(0, daysSinceLaunch);
  return Math.min(daysSinceActivity(facts) ?? sinceLaunch, sinceLaunch);
}

/** Each engagement state's start and cap of the base (with a launch date). */
const BASE_RANGES: Record<Engagement, readonly [number, number]> = {
  neverLoggedIn: [RISK_MODEL.noActivityStart, RISK_MODEL.neverLoggedInMax],
  noActivity: [RISK_MODEL.noActivityStart, RISK_MODEL.noActivityMax],
  active: [0, RISK_MODEL.activeBase],
};

/**
 * The engagement part. With a launch date: a start plus 0.05 a week after the 14-day grace period,
 * within each state's cap (never logged in from 0.15 up to 0.75, logged in with nothing complete from
 * 0.15 up to 0.5, active from 0 up to the active base 0.5), then the inactivity bump on top, at most 1.
 * The long-run values (1, 0.8, 0.8) meet the spec's no-launch-date bases (1, 0.75, 0.5) at the top.
 */
export function baseOf(facts: RiskFacts): number {
  const engagement = engagementOf(facts);
  if (facts.daysSinceLaunch === null) return RISK_MODEL.withoutLaunch[engagement];
  const growth = RISK_MODEL.weeklyBaseIncrement * weeksPastGrace(facts.daysSinceLaunch);
  const [start, cap] = BASE_RANGES[engagement];
  const bump = inactivityBump(quietDays(facts, facts.daysSinceLaunch));
  return round(Math.min(1, Math.min(cap, start + growth) + bump), 4);
}

/** Share of the task weight that applies: full from 10 tasks, 0.5 + 0.05 per task below. */
export function taskScaleOf(taskCount: number): number {
  const { fullWeightTaskCount: full, fewTasksScaleFrom: from } = RISK_MODEL;
  return round(Math.min(1, from + ((1 - from) * Math.max(0, taskCount)) / full), 4);
}

/**
 * Tasks that say something about readiness today: done, overdue or due soon. A pending task (due
 * later than the due-soon window) weighs 0 and is left out of the count, so a long list of far-off
 * tasks cannot hide the late ones; the count's scale (full weight from 10) keeps a few tasks from
 * weighing as much as many.
 */
export function taskCountOf(facts: Pick<RiskFacts, 'complete' | 'overdue' | 'dueSoon'>): number {
  return facts.complete + facts.overdue + facts.dueSoon;
}

/** Weighted share of the counted tasks (complete ones weigh 0): overdue 1, due soon 0.5. */
export function taskRiskOf(facts: Pick<RiskFacts, 'complete' | 'overdue' | 'dueSoon'>): number {
  const count = taskCountOf(facts);
  if (count === 0) return 0;
  const { overdue, dueSoon } = RISK_MODEL.taskWeights;
  return (facts.overdue * overdue + facts.dueSoon * dueSoon) / count;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function reasonsFor(facts: RiskFacts, engagement: Engagement, taskCount: number): string[] {
  const reasons: string[] = [];
  const quiet = daysSinceActivity(facts);
  if (engagement === 'neverLoggedIn') reasons.push('never logged in');
  else if (quiet !== null && quiet > RISK_MODEL.gracePeriodDays)
    reasons.push(
      quiet === facts.daysSinceLastLogin
        ? `last login ${plural(quiet, 'day')} ago`
        : `last form submitted ${plural(quiet, 'day')} ago`,
    );
  if (engagement === 'noActivity') reasons.push('no task complete or form submitted yet');
  if (facts.overdue > 0) reasons.push(`${facts.overdue} of ${plural(taskCount, 'task')} overdue`);
  if (facts.dueSoon > 0) reasons.push(`${facts.dueSoon} of ${plural(taskCount, 'task')} due soon`);
  if (facts.daysSinceLaunch === null) reasons.push('no launch date set');
  else {
    const weeks = weeksPastGrace(facts.daysSinceLaunch);
    if (weeks > 0) reasons.push(`${plural(weeks, 'week')} past the launch grace period`);
  }
  if (reasons.length === 0) reasons.push('on track');
  return reasons;
}

/** The score of one team without its reasons (a report ranks every team and explains one page). */
export type RiskParts = Omit<RiskResult, 'reasons'>;

/** The score of one team, its reasons aside. Every count must be a whole number of zero or more. */
export function riskParts(facts: RiskFacts): RiskParts {
  const engagement = engagementOf(facts);
  const base = baseOf(facts);
  const taskCount = taskCountOf(facts);
  const taskRisk = taskRiskOf(facts);
  const taskScale = taskScaleOf(taskCount);
  const score = RISK_MODEL.baseWeight * base + RISK_MODEL.taskWeight * taskScale * taskRisk;
  const riskPercent = round(score * 100, 1);
  return {
    riskScore: round(score, 4),
    riskPercent,
    riskLevel: riskLevelOf(riskPercent),
    engagement,
    base,
    taskRisk: round(taskRisk, 4),
    taskScale,
  };
}

/** The score of one team, with why. Every count must be a whole number of zero or more. */
export function riskScore(facts: RiskFacts): RiskResult {
  const parts = riskParts(facts);
  // The reasons count every task that applies, as the team's list shows them.
  return { ...parts, reasons: reasonsFor(facts, parts.engagement, taskCountOf(facts) + facts.pending) };
}
