import type { MyFormRow } from '../../../../shared/forms/submissionsApi';
import {
  calendarDateIn,
  dueStatusOfDays,
  parseDueDate,
  tasksForViewer,
  teamTaskStatus,
} from '../../../../shared/tasks/index';
import type { DbOrTx } from '../../../platform/db/client';
import type { Actor } from '../../../platform/http/guards';
import { loadMyTaskList } from '../../tasks/myTasks/queries';
import { dueSettings } from '../../tasks/queries';

type FormTask = NonNullable<MyFormRow['task']>;

/** Order when two visible tasks link one form: the one still to do, then the earliest due. */
const URGENCY: Record<FormTask['status'], number> = {
  overdue: 0,
  dueSoon: 1,
  incomplete: 2,
  complete: 3,
  'n/a': 4,
};

/**
 * The form tasks (decision 0019) the caller's team sees, by form id, each with the status chip the
 * team's task list shows: the same visibility rules and due arithmetic as /tasks, read from the one
 * query that list uses. Someone outside every team gets no tasks.
 */
export async function formTasksOfTeam(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<Map<string, FormTask>> {
  const [due, list] = await Promise.all([dueSettings(db, actor.eventId), loadMyTaskList(db, actor)]);
  const byForm = new Map<string, FormTask>();
  if (!list) return byForm;
  const today = parseDueDate(calendarDateIn(now, due.timeZone));
  for (const task of tasksForViewer(list.tasks, list.viewer)) {
    if (task.type !== 'form' || !task.openFormId) continue;
    const progress = task.status?.progressStatus ?? 'incomplete';
    const status = teamTaskStatus(
      progress,
      dueStatusOfDays(parseDueDate(task.dueDate) - today, due.dueSoonDays),
    );
    const found: FormTask = { id: task.id, title: task.title, dueDate: task.dueDate, status };
    const current = byForm.get(task.openFormId);
    const sooner =
      !current ||
      URGENCY[status] < URGENCY[current.status] ||
      (URGENCY[status] === URGENCY[current.status] && task.dueDate < current.dueDate);
    if (sooner) byForm.set(task.openFormId, found);
  }
  return byForm;
}
