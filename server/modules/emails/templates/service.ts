import { and, eq } from 'drizzle-orm';
import {
  type EmailPreview,
  type EmailTemplate,
  TEMPLATE_KIND_IDS,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES,
  type TemplateBody,
  type TemplateKindId,
  templateProblem,
} from '../../../../shared/emails/templatesApi';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest, notFound } from '../../../platform/http/errors';
import { accounts } from '../../auth/tables';
import { sanitizeRichText } from '../../content/sanitize';
import { readSettings } from '../../events/settingsStore';
import { dispatchEmails, queueEmail } from '../service';
import { type MergeValues, renderTemplate } from './email';
import { presentTemplate } from './present';
import { emailLook, findTemplate } from './queries';
import { emailTemplates } from './tables';

export async function listTemplates(db: DbOrTx, scope: EventScope): Promise<{ items: EmailTemplate[] }> {
  const { eventId } = scope;
  const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.eventId, eventId));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return { items: TEMPLATE_KIND_IDS.map((kind) => presentTemplate(kind, byKind.get(kind) ?? null)) };
}

export async function getTemplate(
  db: DbOrTx,
  scope: EventScope,
  kind: TemplateKindId,
): Promise<EmailTemplate> {
  return presentTemplate(kind, await findTemplate(db, scope, kind));
}

/** Refuses a subject or body that uses a variable the kind does not have, in the organiser's words. */
function checkVariables(kind: TemplateKindId, draft: Partial<TemplateBody>): void {
  for (const [field, text] of Object.entries(draft)) {
    if (text === undefined) continue;
    const problem = templateProblem(text, kind);
    if (problem) throw badRequest(problem, [{ path: [field], message: problem }]);
  }
}

export async function saveTemplate(
  ctx: AppContext,
  scope: Scope,
  kind: TemplateKindId,
  draft: TemplateBody,
): Promise<EmailTemplate> {
  const { eventId, accountId: actor } = scope;
  checkVariables(kind, draft);
  const body = await sanitizeRichText(draft.body);
  // Checked again once sanitised: what is stored is what gets rendered.
  checkVariables(kind, { body });
  const values = { subject: draft.subject, body, updatedBy: actor, updatedAt: new Date() };
  const [row] = await withTransaction(ctx.db, (tx) =>
    tx
      .insert(emailTemplates)
      .values({ eventId, kind, ...values, createdBy: actor })
      .onConflictDoUpdate({ target: [emailTemplates.eventId, emailTemplates.kind], set: values })
      .returning(),
  );
  return presentTemplate(kind, row);
}

/** Back to the portal's wording: the event's row goes. */
export async function resetTemplate(
  db: DbOrTx,
  scope: EventScope,
  kind: TemplateKindId,
): Promise<EmailTemplate> {
  const { eventId } = scope;
  return withTransaction(db, async (db) => {
    await db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.eventId, eventId), eq(emailTemplates.kind, kind)));
    return presentTemplate(kind, null);
  });
}

/** Sample merge values, with the event's real name, so a preview reads as the recipient would see it. */
async function sampleValues(db: DbOrTx, eventId: string, kind: TemplateKindId): Promise<MergeValues> {
  const { eventName } = await readSettings(db, eventId, 'event');
  const values: MergeValues = {};
  for (const name of TEMPLATE_KINDS[kind].variables) values[name] = TEMPLATE_VARIABLES[name].sample;
  const look = await emailLook(db, { eventId }, kind);
  // The welcome paragraphs are the organiser's own settings, not samples.
  if (kind === 'setPassword' && look.welcome) {
    values.welcomeParagraph1 = look.welcome.showParagraph1 ? look.welcome.paragraph1 : '';
    values.welcomeParagraph2 = look.welcome.showParagraph2 ? look.welcome.paragraph2 : '';
  }
  return { ...values, eventName };
}

/** The stored template, or an unsaved draft of it, rendered with sample data. */
export async function previewTemplate(
  db: DbOrTx,
  scope: EventScope,
  kind: TemplateKindId,
  draft: Partial<TemplateBody> = {},
): Promise<EmailPreview> {
  const { eventId } = scope;
  checkVariables(kind, draft);
  const look = await emailLook(db, scope, kind);
  const stored = await getTemplate(db, scope, kind);
  const template = {
    subject: draft.subject ?? stored.subject,
    body: draft.body === undefined ? stored.body : await sanitizeRichText(draft.body),
  };
  const content = renderTemplate(kind, await sampleValues(db, eventId, kind), { ...look, template });
  return { subject: content.subject, html: content.html, text: content.text };
}

/** The stored template with sample data, to the organiser's own address, through the outbox. */
export async function sendTestEmail(
  ctx: AppContext,
  scope: Scope,
  kind: TemplateKindId,
): Promise<{ to: string; outboxId: string }> {
  const { eventId, accountId } = scope;
  return withTransaction(ctx.db, async (tx, effects) => {
    const [me] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    if (!me) throw notFound('User not found');
    const preview = await previewTemplate(tx, scope, kind);
    const outboxId = await queueEmail(tx, {
      eventId,
      kind: 'templateTest',
      to: me.email,
      content: { subject: `[Test] ${preview.subject}`, text: preview.text, html: preview.html, links: [] },
      actor: accountId,
    });
    effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
    return { to: me.email, outboxId };
  });
}
