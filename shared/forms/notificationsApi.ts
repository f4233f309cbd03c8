import { z } from 'zod';
import { engineRecord, formParamsSchema, specPart } from './api';
import {
  type FormNotification,
  type FormNotificationInput,
  formNotificationSchema,
} from './schema/notification';

/**
 * The HTTP contract of a form's notifications (moderator and above, as forms). Bodies are the
 * engine's record less id and stamps, so the server stores exactly what resolveNotifications reads;
 * a body that fails answers 400 'Invalid notification' (spec), its issues following.
 *
 * Routes (prefix /api/events/:eventId/forms/:formId):
 *   GET    /notifications                       NotificationListResponse (the form's order)
 *   POST   /notifications                       NotificationBody -> 201 FormNotification
 *   GET|PUT|DELETE /notifications/:notificationId
 */

export const NOTIFICATION_ERRORS = {
  invalidNotification: 'Invalid notification',
  invalidNotifications: 'Invalid notifications',
  notificationNotFound: 'Notification not found',
  /** sendToType 'field': the field must be an email field of the form. */
  notEmailField: 'Send to: choose an email field of this form',
  /** sendToType 'template': a looping template of the form and an email field of its group. */
  notTemplateEmail: 'Send to: choose a template of this form and an email field of its field group',
  loopOutOfRange: 'Loop number: the template does not loop that many times',
  /** A form or field-group save that would take away the email field a notification sends to. */
  recipientRemoved: (notification: string, form: string) =>
    `The notification "${notification}" of "${form}" sends to an email field this change removes: choose another recipient for it first`,
} as const;

const notificationBodyShape = formNotificationSchema
  .omit({ id: true, createdAt: true, createdBy: true, updatedAt: true, updatedBy: true })
  .extend({ name: z.string().trim().min(1, 'Required').max(200) });
export const notificationBodySchema = specPart(
  notificationBodyShape,
  NOTIFICATION_ERRORS.invalidNotification,
);
export type NotificationBody = Omit<
  FormNotificationInput,
  'id' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'
>;

export const notificationParamsSchema = formParamsSchema.extend({ notificationId: z.uuid() });
export const notificationListResponseSchema = z.object({ items: z.array(engineRecord) });
export type NotificationListResponse = { items: FormNotification[] };
/** One notification in an answer (typed FormNotification). */
export const notificationResponseSchema = engineRecord;
