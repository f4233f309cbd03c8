import type { CalendarEvent } from './ics';
import { instantOf, nextDay } from './zone';

/**
 * What a session and a task deadline look like in a calendar. UIDs are stable (the record's id and
 * the portal's host), so a subscribed calendar updates an event when the organiser moves it.
 */

export interface CalendarContext {
  timeZone: string;
  /** The event's app URL (never the request's Host), for links and the UID's domain. */
  appUrl: string;
}

export interface SessionForCalendar {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  location: string;
  trackName: string | null;
  updatedAt: Date;
}

function uidDomain(appUrl: string): string {
  try {
    return new URL(appUrl).host || 'event-portal';
  } catch {
    return 'event-portal';
  }
}

export function sessionCalendarEvent(session: SessionForCalendar, ctx: CalendarContext): CalendarEvent {
  return {
    uid: `session-${session.id}@${uidDomain(ctx.appUrl)}`,
    summary: session.title,
    description: session.description || undefined,
    location: session.location || undefined,
    start: { kind: 'instant', at: instantOf(session.startsAt, ctx.timeZone) },
    end: { kind: 'instant', at: instantOf(session.endsAt, ctx.timeZone) },
    categories: session.trackName ? [session.trackName] : undefined,
    url: `${ctx.appUrl}/time-table`,
    updatedAt: session.updatedAt,
  };
}

export interface TaskDeadline {
  id: string;
  title: string;
  /** 'YYYY-MM-DD', a calendar date (decision 0005). */
  dueDate: string;
}

/** A task's due date as an all-day event, with a reminder at the event's due-soon threshold. */
export function taskDeadlineEvent(
  task: TaskDeadline,
  ctx: CalendarContext & { dueSoonDays: number },
): CalendarEvent {
  return {
    uid: `task-${task.id}@${uidDomain(ctx.appUrl)}`,
    summary: `Due: ${task.title}`,
    start: { kind: 'date', date: task.dueDate },
    end: { kind: 'date', date: nextDay(task.dueDate) },
    url: `${ctx.appUrl}/tasks/${task.id}`,
    alarm:
      ctx.dueSoonDays > 0
        ? { daysBefore: ctx.dueSoonDays, description: `${task.title} is due soon` }
        : undefined,
  };
}
