import { calendarDayNumber } from '../tasks/dueStatus';

/**
 * Team login activity (spec, states and transitions): active if the team's last login is within
 * 7 days; inactive if over 14 days or never. The spec names no state for 8 to 14 days; reports show
 * it as "Idle" (docs/decisions/0015-risk-score.md).
 */
export const LOGIN_ACTIVITIES = ['active', 'idle', 'inactive'] as const;
export type LoginActivity = (typeof LOGIN_ACTIVITIES)[number];

export const LOGIN_ACTIVITY_LABELS: Record<LoginActivity, string> = {
  active: 'Active',
  idle: 'Idle',
  inactive: 'Inactive',
};

export const ACTIVE_WITHIN_DAYS = 7;
export const INACTIVE_AFTER_DAYS = 14;
const MS_PER_DAY = 86_400_000;

/** Whole days from a login to now (a login 36 hours ago is 1 day); null when never. */
export function daysSince(at: Date | null, now: Date): number | null {
  if (at === null) return null;
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / MS_PER_DAY));
}

/** Measured in elapsed time, not calendar days: "within 7 days" is 7 × 24 hours of the last login. */
export function loginActivityOf(lastLogin: Date | null, now: Date): LoginActivity {
  if (lastLogin === null) return 'inactive';
  const elapsed = now.getTime() - lastLogin.getTime();
  if (elapsed <= ACTIVE_WITHIN_DAYS * MS_PER_DAY) return 'active';
  return elapsed > INACTIVE_AFTER_DAYS * MS_PER_DAY ? 'inactive' : 'idle';
}

/** Calendar days from the launch date to today (both 'YYYY-MM-DD' in the event zone); null without one. */
export function daysSinceLaunch(launchDate: string | undefined | null, today: string): number | null {
  if (!launchDate) return null;
  const launch = calendarDayNumber(launchDate);
  const day = calendarDayNumber(today);
  return launch === null || day === null ? null : day - launch;
}
