import {
  type EmailTemplate,
  TEMPLATE_KINDS,
  type TemplateKindId,
} from '../../../../shared/emails/templatesApi';
import { DEFAULT_TEMPLATES } from './defaults';
import type { emailTemplates } from './tables';

export type TemplateRow = typeof emailTemplates.$inferSelect;

/** A kind's stored template, or its default when the event kept it → the answer (shared/emails/templatesApi). */
export function presentTemplate(kind: TemplateKindId, row: TemplateRow | null): EmailTemplate {
  const fallback = DEFAULT_TEMPLATES[kind];
  return {
    kind,
    label: TEMPLATE_KINDS[kind].label,
    subject: row?.subject ?? fallback.subject,
    body: row?.body ?? fallback.body,
    variables: [...TEMPLATE_KINDS[kind].variables],
    isCustomised: row !== null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}
