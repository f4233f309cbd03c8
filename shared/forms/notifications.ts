import type { EvaluationContext, FormDefinition } from './definition';
import type { ScopeEvaluator } from './logic';
import { formEvaluator } from './logic';
import { isEmail } from './registry/inputs';
import { rulesMatch } from './rules';
import type { FormNotification } from './schema/notification';

// Which form notifications a submission sends, and to whom.

export interface NotificationContext extends EvaluationContext {
  /** Who 'admin' notifications go to when they name no addresses of their own. */
  adminEmails: readonly string[];
}

export interface ResolvedNotification {
  notification: FormNotification;
  /** Valid addresses, each once; empty when there is no one to send to (the caller logs it). */
  to: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  message: string;
}

/** Addresses typed as a list ('a@x.com, b@y.com; c@z.com'), invalid ones dropped, each once. */
export function emailList(...sources: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const source of sources) {
    const parts = typeof source === 'string' ? source.split(/[\s,;]+/) : [];
    for (const part of parts) {
      const email = part.trim();
      if (!isEmail(email) || seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      emails.push(email);
    }
  }
  return emails;
}

function recipients(
  definition: FormDefinition,
  notification: FormNotification,
  reader: ScopeEvaluator,
  context: NotificationContext,
): string[] {
  switch (notification.sendToType) {
    case 'user':
      return emailList(context.client?.email);
    case 'admin':
      return notification.sendTo ? emailList(notification.sendTo) : emailList(...context.adminEmails);
    case 'field':
      // A hidden field's answer is never used, so a hidden email field sends nothing.
      return emailList(reader.answer(notification.sendTo));
    case 'template': {
      const templateId = definition.form.fieldIds.find((id) => {
        const field = definition.fields[id];
        return field?.type === 'template' && field.fieldGroupId === notification.sendToFieldGroupId;
      });
      const loop = templateId ? reader.loops(templateId)[notification.sendToLoopIndex] : undefined;
      return emailList(loop?.answer(notification.sendTo));
    }
  }
}

/**
 * The active notifications whose rules match the answers (one without rules always sends), each
 * with its recipients, bcc, reply-to and subject (the form's title unless isFormTitleSubjectLine
 * is off and a subject is set).
 */
export function resolveNotifications(
  definition: FormDefinition,
  notifications: readonly FormNotification[],
  values: unknown,
  context: NotificationContext,
): ResolvedNotification[] {
  const reader = formEvaluator(definition, values, context);
  return notifications
    .filter(
      (notification) =>
        notification.isActive &&
        (notification.rules.length === 0 || rulesMatch(notification.operator, notification.rules, reader)),
    )
    .map((notification) => ({
      notification,
      to: recipients(definition, notification, reader, context),
      bcc: emailList(notification.bccTo),
      replyTo: emailList(notification.replyTo)[0] ?? null,
      subject:
        notification.isFormTitleSubjectLine || !notification.subject
          ? definition.form.title
          : notification.subject,
      message: notification.message,
    }));
}
