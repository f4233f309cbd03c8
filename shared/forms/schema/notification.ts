import { z } from 'zod';
import { idSchema, operatorSchema, optionalStampsShape, parseOrThrow } from './common';
import { ruleSchema } from './logic';

/**
 * Who receives a form notification: the submitting 'user'; 'admin' (the addresses in sendTo, or
 * the event's admin addresses); the email answered in the 'field' whose id is in sendTo; or the
 * email answered inside a looping 'template' (sendToFieldGroupId's template, field sendTo, loop
 * sendToLoopIndex).
 */
export const sendToTypeSchema = z.enum(['user', 'admin', 'field', 'template']);
export type SendToType = z.output<typeof sendToTypeSchema>;

export const formNotificationSchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().default(''),
  message: z.string().default(''),
  sendTo: z.string().trim().default(''),
  bccTo: z.string().trim().default(''),
  replyTo: z.string().trim().default(''),
  subject: z.string().trim().default(''),
  /** The form's title is the subject unless this is false. */
  isFormTitleSubjectLine: z.boolean().default(true),
  sendToType: sendToTypeSchema.default('user'),
  sendToLoopIndex: z.number().int().min(0).default(0),
  sendToFieldGroupId: z.string().default(''),
  operator: operatorSchema,
  rules: z.array(ruleSchema).default(() => []),
  isAdminDefault: z.boolean().default(false),
  isUserDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
  showSubmission: z.boolean().default(true),
  showCustomFields: z.boolean().default(false),
  showHiddenCustomFields: z.boolean().default(false),
  ...optionalStampsShape,
});
export type FormNotification = z.output<typeof formNotificationSchema>;
export type FormNotificationInput = z.input<typeof formNotificationSchema>;

export function parseNotification(input: unknown): FormNotification {
  return parseOrThrow(formNotificationSchema, input, 'Invalid notification');
}

export function parseNotifications(input: unknown): FormNotification[] {
  return parseOrThrow(z.array(formNotificationSchema), input, 'Invalid notifications');
}
