/**
 * Spec, filters: "urgency". A task's urgency is its isTimeSensitive flag (the task form's "Time
 * sensitive" checkbox): a list filters to time-sensitive tasks or to the others.
 */
export const URGENCY_FILTERS = ['timeSensitive', 'notTimeSensitive'] as const;
export type UrgencyFilter = (typeof URGENCY_FILTERS)[number];

export const URGENCY_LABELS: Record<UrgencyFilter, string> = {
  timeSensitive: 'Time sensitive',
  notTimeSensitive: 'Not time sensitive',
};

/** Whether a task of this flag stays in a list filtered by urgency (null keeps every task). */
export function matchesUrgency(isTimeSensitive: boolean, filter: UrgencyFilter | null): boolean {
  if (filter === null) return true;
  return isTimeSensitive === (filter === 'timeSensitive');
}

/** A filter read from an address, when it is one the lists know; anything else is no filter. */
export function toUrgencyFilter(value: string | null | undefined): UrgencyFilter | null {
  return URGENCY_FILTERS.find((known) => known === value) ?? null;
}
