import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';

/**
 * The HTTP contract of form reports (reportViewer and above; decision 0015). Only submitted (not
 * draft) submissions count; a team counts as submitted when it has at least one submitted
 * submission of the form, as draft when it has only a draft, and as not started otherwise, among
 * the teams that see the form (every team but organiser teams: decision 0017).
 *
 * Routes (prefix /api/events/:eventId/reports):
 *   GET /forms?page&sort&order&search&teamTypeId             FormReportResponse (published forms)
 *   GET /forms/export?format&<the same filters>              every matching form as a file
 *   GET /forms/:formId?page&search&teamTypeId                OneFormReport (its submitted submissions)
 *   GET /forms/:formId/export?format&search&teamTypeId       the submitted submissions as a file
 */

export const FORM_REPORT_ERRORS = { formNotFound: 'Form not found' } as const;

export const FORM_REPORT_SORTS = ['title', 'submitted', 'notStarted'] as const;
export type FormReportSort = (typeof FORM_REPORT_SORTS)[number];
export const formReportQuerySchema = listQuerySchema(FORM_REPORT_SORTS, 'title').extend({
  /** Count only teams of this type (guests then count for nothing: they have no type). */
  teamTypeId: z.uuid().optional(),
});
export type FormReportQuery = z.input<typeof formReportQuerySchema>;

export const formReportRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  isPublic: z.boolean(),
  /** Teams that see the form (organiser teams aside). */
  teams: z.number().int(),
  /** Teams with at least one submitted submission. */
  submitted: z.number().int(),
  /** Teams with a draft and no submitted submission. */
  draft: z.number().int(),
  notStarted: z.number().int(),
  /** Submitted submissions of those teams (a team may submit more than once). */
  submissions: z.number().int(),
  /** Submitted guest submissions (public forms). */
  guestSubmissions: z.number().int(),
});
export type FormReportRow = z.output<typeof formReportRowSchema>;
export const formReportResponseSchema = pagedSchema(formReportRowSchema).extend({ today: z.string() });
export type FormReportResponse = z.output<typeof formReportResponseSchema>;

export const reportFormParamsSchema = z.strictObject({ eventId: z.uuid(), formId: z.uuid() });

export const oneFormReportQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  /** Team name, or 'guest'. */
  search: z.string().trim().max(200).optional(),
  teamTypeId: z.uuid().optional(),
});
export type OneFormReportQuery = z.input<typeof oneFormReportQuerySchema>;

export const formSubmissionRowSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  isGuest: z.boolean(),
  submittedBy: z.string(),
  /** ISO instant. */
  submittedAt: z.string().nullable(),
  /** Each report column's answer as text, by column key. */
  answers: z.record(z.string(), z.string()),
});
export type FormSubmissionRow = z.output<typeof formSubmissionRowSchema>;

/** Amounts are integers in minor units of `currency` (two decimals when shown). */
export const oneFormReportSchema = pagedSchema(formSubmissionRowSchema).extend({
  form: formReportRowSchema,
  currency: z.string(),
  /** The engine's report columns ('3. Company name', '5.2 Guest name'). */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Per choice field (checkbox, dropdown; loops added up), how many submissions chose each option. */
  choices: z.array(
    z.object({
      fieldId: z.string(),
      label: z.string(),
      answered: z.number().int(),
      options: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
    }),
  ),
  /** Per item list (loops added up): each item's quantity and amount, and the list's total. */
  itemLists: z.array(
    z.object({
      fieldId: z.string(),
      label: z.string(),
      items: z.array(
        z.object({
          itemId: z.string(),
          label: z.string(),
          quantity: z.number().int(),
          amount: z.number().int(),
        }),
      ),
      total: z.number().int(),
    }),
  ),
  today: z.string(),
});
export type OneFormReport = z.output<typeof oneFormReportSchema>;

export const FORM_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
const format = { format: z.enum(FORM_EXPORT_FORMATS) };
export const formReportExportQuerySchema = formReportQuerySchema.omit({ page: true }).extend(format);
export const oneFormReportExportQuerySchema = oneFormReportQuerySchema.omit({ page: true }).extend(format);

/** The overview's per-form counts: the first forms by title, enough for a chart. */
export const OVERVIEW_FORM_LIMIT = 12;

/** One form's submissions as a file: a same-origin GET with the screen's filters. */
export function oneFormExportPath(
  eventId: string,
  formId: string,
  fileFormat: (typeof FORM_EXPORT_FORMATS)[number],
  filters: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ format: fileFormat });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/api/events/${eventId}/reports/forms/${formId}/export?${params}`;
}
