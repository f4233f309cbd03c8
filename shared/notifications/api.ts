import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { NOTIFICATION_STATUSES, SAVE_ACTIONS } from './status';
import { AUDIENCES, type AudienceKind } from './visibility';

/**
 * The HTTP contracts of event notifications (spec: Notification: title, description, sendEmail,
 * teamId, teamTypeIds, linkUrl, scheduledAt, status, sentAt, providerResponse; target kinds content,
 * form, task; sorted by updatedAt; filters notification status and team type).
 */

export const NOTIFICATION_ERRORS = {
  /** Spec, error catalogue: a body that fails its check. */
  invalid: 'Invalid notification',
  /** Spec: 'Invalid update', for a change the status rules refuse. */
  invalidUpdate: 'Invalid update',
  notFound: 'Notification not found',
} as const;

export const NOTIFICATION_LABELS = {
  title: 'Title',
  description: 'Description',
  target: 'Opens',
  targetId: 'Page, form or task',
  linkUrl: 'Link',
  audience: 'Who sees it',
  teamTypeIds: 'Team types',
  teamId: 'Team',
  sendEmail: 'Send email',
  sendEmailHint: 'Every user it is aimed at also gets it by email.',
  when: 'When',
  scheduledAt: 'Date and time',
} as const;

export const TARGET_KINDS = ['none', 'content', 'form', 'task', 'link'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_LABELS: Record<TargetKind, string> = {
  none: 'Nothing',
  content: 'A content page',
  form: 'A form',
  task: 'A task',
  link: 'A link',
};

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  everyone: 'Everyone',
  teamTypes: 'Some team types',
  team: 'One team',
};

export const SAVE_ACTION_LABELS: Record<(typeof SAVE_ACTIONS)[number], string> = {
  draft: 'Save as draft',
  publish: 'Publish now',
  schedule: 'Schedule',
};

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 20_000;

const httpLink = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter a web address' }));

/**
 * Create and update share one body. `action` says what the save does (see status.ts planSave);
 * `scheduledAt` is the instant the client computed from the date and time in the event's zone.
 */
export const notificationBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Enter a title').max(TITLE_MAX_LENGTH),
    description: z.string().max(DESCRIPTION_MAX_LENGTH).default(''),
    targetKind: z.enum(TARGET_KINDS).default('none'),
    targetId: z.uuid().nullable().default(null),
    linkUrl: z.union([z.literal(''), httpLink]).default(''),
    audience: z.enum(AUDIENCES).default('everyone'),
    teamTypeIds: z
      .array(z.uuid())
      .max(100)
      .default(() => []),
    teamId: z.uuid().nullable().default(null),
    sendEmail: z.boolean().default(false),
    action: z.enum(SAVE_ACTIONS).default('draft'),
    scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    const needsId = body.targetKind === 'content' || body.targetKind === 'form' || body.targetKind === 'task';
    if (needsId && body.targetId === null) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Choose what it opens' });
    }
    if (!needsId && body.targetId !== null) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Only a page, form or task has an id' });
    }
    if ((body.targetKind === 'link') !== (body.linkUrl !== '')) {
      ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: 'Enter a link only when it opens a link' });
    }
    if (body.audience === 'teamTypes' && body.teamTypeIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['teamTypeIds'], message: 'Choose at least one team type' });
    }
    if (body.audience !== 'teamTypes' && body.teamTypeIds.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamTypeIds'],
        message: 'Team types are for some team types only',
      });
    }
    if ((body.audience === 'team') !== (body.teamId !== null)) {
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'Choose the team' });
    }
    if ((body.action === 'schedule') !== (body.scheduledAt !== null)) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Choose a date and time to schedule' });
    }
  });
export type NotificationBody = z.input<typeof notificationBodySchema>;
export type NotificationInput = z.output<typeof notificationBodySchema>;

export const notificationParamsSchema = z.object({ eventId: z.uuid(), notificationId: z.uuid() });

export const NOTIFICATION_SORTS = ['updatedAt', 'title', 'status', 'scheduledAt'] as const;
export const notificationListQuerySchema = listQuerySchema(NOTIFICATION_SORTS, 'updatedAt').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  teamTypeId: z.uuid().optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  targetKind: z.enum(TARGET_KINDS),
  targetId: z.uuid().nullable(),
  linkUrl: z.string(),
  audience: z.enum(AUDIENCES),
  teamId: z.uuid().nullable(),
  teamTypeIds: z.array(z.uuid()),
  sendEmail: z.boolean(),
  status: z.enum(NOTIFICATION_STATUSES),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  providerResponse: z.string().nullable(),
  updatedAt: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;
export const notificationListResponseSchema = pagedSchema(notificationSchema);
export type NotificationListResponse = z.output<typeof notificationListResponseSchema>;

/** The reader's list: what they may see, newest first, each with its read state and where it leads. */
export const myNotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** The portal path or web address it opens; null when it opens nothing. */
  href: z.string().nullable(),
  sentAt: z.string(),
  isRead: z.boolean(),
});
export type MyNotification = z.output<typeof myNotificationSchema>;
export const myNotificationsResponseSchema = z.object({
  items: z.array(myNotificationSchema),
  unreadCount: z.number().int(),
});
export type MyNotificationsResponse = z.output<typeof myNotificationsResponseSchema>;

/** The portal path a target opens (the spec's routes); a link is opened as given. */
export function targetHref(target: { targetKind: TargetKind; targetId: string | null; linkUrl: string }) {
  switch (target.targetKind) {
    case 'content':
      return `/content/${target.targetId}`;
    case 'form':
      return `/forms/${target.targetId}`;
    case 'task':
      return `/tasks/${target.targetId}`;
    case 'link':
      return target.linkUrl;
    case 'none':
      return null;
  }
}
