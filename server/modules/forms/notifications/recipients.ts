import { and, eq } from 'drizzle-orm';
import type { FormDefinition } from '../../../../shared/forms/definition';
import { NOTIFICATION_ERRORS } from '../../../../shared/forms/notificationsApi';
import type { FormNotification } from '../../../../shared/forms/schema/notification';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { badRequest } from '../../../platform/http/errors';
import { presentNotification } from '../present';
import { formNotifications } from '../tables';

type Recipient = Pick<FormNotification, 'sendToType' | 'sendTo' | 'sendToFieldGroupId' | 'sendToLoopIndex'>;

const refuse = (path: string, message: string) =>
  badRequest(NOTIFICATION_ERRORS.invalidNotification, [{ path: [path], message }]);

/**
 * The recipient a 'field' or 'template' notification names must be one the engine can read from
 * this form: an email field of the form, or an email field of a template's group at a loop the
 * template has. Anything else would send nothing, silently, on every submission.
 */
export function recipientProblem(definition: FormDefinition, recipient: Recipient): Error | null {
  const { fields, form } = definition;
  if (recipient.sendToType === 'field') {
    const field = fields[recipient.sendTo];
    const inForm = form.fieldIds.includes(recipient.sendTo);
    return inForm && field?.type === 'email' ? null : refuse('sendTo', NOTIFICATION_ERRORS.notEmailField);
  }
  if (recipient.sendToType === 'template') {
    const template = form.fieldIds
      .map((id) => fields[id])
      .find((f) => f?.type === 'template' && f.fieldGroupId === recipient.sendToFieldGroupId);
    const group = definition.fieldGroups[recipient.sendToFieldGroupId];
    if (template?.type !== 'template' || !group) {
      return refuse('sendToFieldGroupId', NOTIFICATION_ERRORS.notTemplateEmail);
    }
    if (!group.fieldIds.includes(recipient.sendTo) || fields[recipient.sendTo]?.type !== 'email') {
      return refuse('sendTo', NOTIFICATION_ERRORS.notTemplateEmail);
    }
    const loops = template.isLooping ? template.maxLoops : 1;
    if (recipient.sendToLoopIndex >= loops)
      return refuse('sendToLoopIndex', NOTIFICATION_ERRORS.loopOutOfRange);
  }
  return null;
}

/**
 * A save of the form (or of a group one of its templates embeds) must not take away the email
 * field a notification sends to: the notification would then send nothing, silently, on every
 * submission. Such a save is refused, naming the notification, like a save that breaks logic.
 */
export async function refuseLostRecipients(
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  definition: FormDefinition,
  path: string[],
) {
  const { eventId } = scope;
  const rows = await db
    .select()
    .from(formNotifications)
    .where(and(eq(formNotifications.eventId, eventId), eq(formNotifications.formId, formId)));
  const lost = rows
    .map(presentNotification)
    .filter(
      (n) => (n.sendToType === 'field' || n.sendToType === 'template') && recipientProblem(definition, n),
    );
  if (lost.length === 0) return;
  const issues = lost.map((n) => ({
    path: [...path, n.id],
    message: NOTIFICATION_ERRORS.recipientRemoved(n.name, definition.form.title),
  }));
  throw badRequest(issues[0].message, issues);
}
