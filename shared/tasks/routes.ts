import { type Answer, route, type Sent } from '../http/route';
import type {
  adminTaskBodySchema,
  adminTaskDetailSchema,
  adminTaskListQuerySchema,
  bulkStatusBodySchema,
  bulkStatusResponseSchema,
  dueSummarySchema,
  groupOrderBodySchema,
  groupTasksResponseSchema,
  teamStatusListQuerySchema,
  teamStatusListResponseSchema,
} from './adminApi';
import type {
  myTasksResponseSchema,
  reviewBodySchema,
  setStatusBodySchema,
  taskGroupBodySchema,
  taskGroupListQuerySchema,
  taskGroupListResponseSchema,
  taskGroupRowSchema,
  taskListResponseSchema,
  taskStatusResponseSchema,
} from './api';
import type {
  commentBodySchema,
  commentViewSchema,
  likeResponseSchema,
  pinBodySchema,
  replyBodySchema,
  replyViewSchema,
  threadResponseSchema,
} from './comments';
import type {
  acceptanceSchema,
  acceptDisclaimerBodySchema,
  assignmentBodySchema,
  assignmentResponseSchema,
  taskUploadSchema,
  teamWorkSchema,
  teamWorkSummarySchema,
  uploadBodySchema,
  uploadListSchema,
} from './teamWork';

/**
 * The tasks' routes (decision 0067): task groups, tasks, team statuses, and a team's thread on a
 * task (work, comments, assignees, disclaimer, uploads). Written once for the server and the
 * client; types only, so the screens calling them load no Zod.
 */
const EVENT = '/api/events/:eventId';
const GROUPS = `${EVENT}/task-groups`;
const GROUP = `${EVENT}/task-groups/:groupId`;
const TASKS = `${EVENT}/tasks`;
const TASK = `${EVENT}/tasks/:taskId`;
const THREAD = `${EVENT}/tasks/:taskId/teams/:teamId`;
const COMMENT = `${THREAD}/comments/:commentId`;
type GroupAnswer = Answer<typeof taskGroupRowSchema>;
type GroupBody = Sent<typeof taskGroupBodySchema>;
type TaskAnswer = Answer<typeof adminTaskDetailSchema>;
type TaskBody = Sent<typeof adminTaskBodySchema>;
type StatusAnswer = Answer<typeof taskStatusResponseSchema>;
type GroupTasksAnswer = Answer<typeof groupTasksResponseSchema>;

export const TASK_ROUTES = {
  // ---- Task groups (moderators and above) ----
  listGroups: route('GET', GROUPS)
    .query<Sent<typeof taskGroupListQuerySchema>>()
    .answer<Answer<typeof taskGroupListResponseSchema>>(),
  createGroup: route('POST', GROUPS).body<GroupBody>().answer<GroupAnswer>(),
  getGroup: route('GET', GROUP).answer<GroupAnswer>(),
  updateGroup: route('PUT', GROUP).body<GroupBody>().answer<GroupAnswer>(),
  archiveGroup: route('POST', `${GROUP}/archive`).answer<GroupAnswer>(),
  unarchiveGroup: route('POST', `${GROUP}/unarchive`).answer<GroupAnswer>(),
  deleteGroup: route('DELETE', GROUP),
  groupTasks: route('GET', `${GROUP}/tasks`).answer<GroupTasksAnswer>(),
  orderGroupTasks: route('PUT', `${GROUP}/order`)
    .body<Sent<typeof groupOrderBodySchema>>()
    .answer<GroupTasksAnswer>(),
  // ---- Tasks (moderators and above) ----
  list: route('GET', TASKS)
    .query<Sent<typeof adminTaskListQuerySchema>>()
    .answer<Answer<typeof taskListResponseSchema>>(),
  create: route('POST', TASKS).body<TaskBody>().answer<TaskAnswer>(),
  get: route('GET', TASK).answer<TaskAnswer>(),
  update: route('PUT', TASK).body<TaskBody>().answer<TaskAnswer>(),
  archive: route('POST', `${TASK}/archive`).answer<TaskAnswer>(),
  unarchive: route('POST', `${TASK}/unarchive`).answer<TaskAnswer>(),
  delete: route('DELETE', TASK),
  dueSummary: route('GET', `${TASKS}/due-summary`).answer<Answer<typeof dueSummarySchema>>(),
  teamStatuses: route('GET', `${TASK}/teams`)
    .query<Sent<typeof teamStatusListQuerySchema>>()
    .answer<Answer<typeof teamStatusListResponseSchema>>(),
  setTeamStatuses: route('POST', `${TASK}/teams/status`)
    .body<Sent<typeof bulkStatusBodySchema>>()
    .answer<Answer<typeof bulkStatusResponseSchema>>(),
  review: route('POST', `${THREAD}/review`).body<Sent<typeof reviewBodySchema>>().answer<StatusAnswer>(),
  // ---- A team's tasks ----
  mine: route('GET', `${EVENT}/my-tasks`).answer<Answer<typeof myTasksResponseSchema>>(),
  workSummary: route('GET', `${EVENT}/my-tasks/work`).answer<Answer<typeof teamWorkSummarySchema>>(),
  setStatus: route('PUT', `${TASK}/status`).body<Sent<typeof setStatusBodySchema>>().answer<StatusAnswer>(),
  work: route('GET', `${THREAD}/work`).answer<Answer<typeof teamWorkSchema>>(),
  thread: route('GET', `${THREAD}/comments`).answer<Answer<typeof threadResponseSchema>>(),
  comment: route('POST', `${THREAD}/comments`)
    .body<Sent<typeof commentBodySchema>>()
    .answer<Answer<typeof commentViewSchema>>(),
  reply: route('POST', `${COMMENT}/replies`)
    .body<Sent<typeof replyBodySchema>>()
    .answer<Answer<typeof replyViewSchema>>(),
  like: route('POST', `${COMMENT}/like`).answer<Answer<typeof likeResponseSchema>>(),
  pin: route('PUT', `${COMMENT}/pin`).body<Sent<typeof pinBodySchema>>(),
  deleteComment: route('DELETE', COMMENT),
  assignees: route('PUT', `${THREAD}/assignees`)
    .body<Sent<typeof assignmentBodySchema>>()
    .answer<Answer<typeof assignmentResponseSchema>>(),
  acceptDisclaimer: route('POST', `${THREAD}/disclaimer`)
    .body<Sent<typeof acceptDisclaimerBodySchema>>()
    .answer<Answer<typeof acceptanceSchema>>(),
  uploads: route('GET', `${THREAD}/uploads`).answer<Answer<typeof uploadListSchema>>(),
  attachUpload: route('POST', `${THREAD}/uploads`)
    .body<Sent<typeof uploadBodySchema>>()
    .answer<Answer<typeof taskUploadSchema>>(),
  detachUpload: route('DELETE', `${THREAD}/uploads/:uploadId`),
} as const;
