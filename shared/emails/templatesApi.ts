import Mustache from 'mustache';
import { z } from 'zod';
import { eventIdParamsSchema } from '../events/schema';

/**
 * Editable email templates (spec: /admin/email-templates; email subjects per type). Each kind names
 * the merge variables its sender fills in; a template may use those and nothing else, written as
 * {{name}} (mustache, escaped), and {{#name}}...{{/name}} shows a part only when the value is
 * there. Partials and unescaped {{{name}}} are refused: the language stays logic-less and an
 * organiser cannot inject HTML through a variable.
 */

export const TEMPLATE_VARIABLES = {
  firstName: { label: 'First name', sample: 'Alex' },
  eventName: { label: 'Event name', sample: 'Summer Expo' },
  teamName: { label: 'Team name', sample: 'Acme Stands' },
  parentTeamName: { label: 'Parent team name', sample: 'Acme Group' },
  link: { label: 'Link', sample: 'https://portal.example.com/auth/set-password?token=sample' },
  welcomeParagraph1: {
    label: 'Welcome paragraph 1',
    sample: 'Your team has been set up on the event portal.',
  },
  welcomeParagraph2: {
    label: 'Welcome paragraph 2',
    sample: 'Please set your password using the button below to get started.',
  },
  nextStep: {
    label: 'Next step',
    sample: 'Set your password to sign in. The link works once and expires in 7 days.',
  },
  newEmail: { label: 'New email address', sample: 'alex.new@example.com' },
  supportEmail: { label: 'Support email', sample: 'support@example.com' },
  authorName: { label: 'Comment author', sample: 'Sam Organiser' },
  taskTitle: { label: 'Task title', sample: 'Upload your risk assessment' },
  taskStatus: { label: 'Task status', sample: 'Rejected' },
  review: { label: 'Review', sample: 'Please add the stand plan and send it again.' },
  excerpt: { label: 'Comment excerpt', sample: 'Could you add the stand plan, please?' },
  taskCount: { label: 'Number of tasks', sample: '3' },
  taskList: { label: 'Task list', sample: 'Upload your risk assessment: Overdue, was due 2026-06-01' },
  formName: { label: 'Form name', sample: 'Stand build declaration' },
  subjectLine: { label: 'Notification subject', sample: 'Stand build declaration' },
  message: { label: 'Notification message', sample: 'A stand build declaration has been sent.' },
  submission: { label: 'Answers', sample: 'Stand number: B12' },
  customFields: { label: 'Team details', sample: 'Hall: North' },
  notificationTitle: { label: 'Notification title', sample: 'Build-up starts at 7:00' },
  notificationBody: { label: 'Notification text', sample: 'Please arrive with your passes.' },
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;

const base = ['firstName', 'eventName'] as const satisfies readonly TemplateVariable[];
const formVariables = [
  'eventName',
  'formName',
  'teamName',
  'subjectLine',
  'message',
  'submission',
  'customFields',
] as const satisfies readonly TemplateVariable[];

/** Every kind of email the portal sends, in the spec's order, with the variables each one fills. */
export const TEMPLATE_KINDS = {
  setPassword: { label: 'Welcome', variables: [...base, 'link', 'welcomeParagraph1', 'welcomeParagraph2'] },
  existingWelcome: { label: 'Existing welcome', variables: [...base, 'teamName', 'link'] },
  welcomeTeamMember: { label: 'Welcome team member', variables: [...base, 'teamName', 'link'] },
  standShareWelcome: {
    label: 'Stand share welcome',
    variables: [...base, 'teamName', 'parentTeamName', 'link'],
  },
  welcomeChaser: { label: 'Welcome chaser', variables: [...base, 'link', 'nextStep'] },
  taskReminder: { label: 'Task reminder', variables: [...base, 'teamName', 'taskList', 'link'] },
  taskReminders: {
    label: 'Task reminders',
    variables: [...base, 'teamName', 'taskCount', 'taskList', 'link'],
  },
  taskStatus: {
    label: 'Task status',
    variables: [...base, 'teamName', 'taskTitle', 'taskStatus', 'review', 'link'],
  },
  // A form notification goes to addresses (a form's email field, bcc copies) that need not be
  // people of the portal, so it has no first name; its subject and message are the notification's.
  formNotification: { label: 'Form notification', variables: formVariables },
  formUpdate: { label: 'Form update', variables: formVariables },
  verifyEmailChange: { label: 'Verify email change', variables: [...base, 'newEmail', 'link'] },
  emailChanged: {
    label: 'Confirm email change',
    variables: [...base, 'newEmail', 'supportEmail'],
  },
  resetPassword: { label: 'Verify password change', variables: [...base, 'link'] },
  passwordChanged: { label: 'Confirm password change', variables: [...base, 'supportEmail'] },
  adminNotification: {
    label: 'Admin notification',
    variables: [...base, 'notificationTitle', 'notificationBody', 'link'],
  },
  commentMention: {
    label: 'Comment mention',
    variables: [...base, 'authorName', 'taskTitle', 'excerpt', 'link'],
  },
} as const satisfies Record<string, { label: string; variables: readonly TemplateVariable[] }>;

export type TemplateKindId = keyof typeof TEMPLATE_KINDS;
export const TEMPLATE_KIND_IDS = Object.keys(TEMPLATE_KINDS) as TemplateKindId[];

export const TEMPLATE_ERRORS = {
  notFound: 'Email template not found',
  invalid: 'Invalid email template',
  unknownVariable: (name: string) => `Unknown merge variable: {{${name}}}`,
  unsupported: 'Only merge variables like {{firstName}} can be used in a template',
  unclosed: 'A merge variable is not closed: write it as {{name}}',
} as const;

/**
 * The first problem with a template's merge variables for this kind, in the words shown to the
 * organiser, or null when every {{variable}} is one the kind offers.
 */
export function templateProblem(template: string, kind: TemplateKindId): string | null {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(template) as Token[];
  } catch {
    return TEMPLATE_ERRORS.unclosed;
  }
  return tokensProblem(tokens, TEMPLATE_KINDS[kind].variables);
}

/** Mustache's parse tree: [type, value, start, end, children?]. */
type Token = [string, string, number, number, Token[]?];

function tokensProblem(tokens: Token[], allowed: readonly string[]): string | null {
  for (const [type, value, , , children] of tokens) {
    if (type === 'text') continue;
    // {{name}}, and {{#name}}...{{/name}} or {{^name}}...{{/name}} to show a part only when the
    // value is there (or not); raw {{{name}}}, partials and delimiter changes are refused.
    if (type !== 'name' && type !== '#' && type !== '^') return TEMPLATE_ERRORS.unsupported;
    if (!allowed.includes(value)) return TEMPLATE_ERRORS.unknownVariable(value);
    const inner = children ? tokensProblem(children, allowed) : null;
    if (inner) return inner;
  }
  return null;
}

export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

export const templateParamsSchema = eventIdParamsSchema.extend({
  kind: z.enum(TEMPLATE_KIND_IDS as [TemplateKindId, ...TemplateKindId[]], {
    message: TEMPLATE_ERRORS.notFound,
  }),
});

/** Subject and body as the editor sends them; the variables are checked against the kind in the service. */
export const templateBodySchema = z.strictObject({
  subject: z.string().trim().min(1, 'Enter a subject').max(SUBJECT_MAX),
  body: z.string().trim().min(1, 'Enter the email text').max(BODY_MAX),
});
export type TemplateBody = z.infer<typeof templateBodySchema>;

export const templateSchema = z.object({
  kind: z.enum(TEMPLATE_KIND_IDS as [TemplateKindId, ...TemplateKindId[]]),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  variables: z.array(z.string()),
  isCustomised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof templateSchema>;

export const templateListResponseSchema = z.object({ items: z.array(templateSchema) });

/** A preview renders the given (unsaved) subject and body, or the stored template when none is sent. */
export const previewBodySchema = z.strictObject({
  subject: z.string().max(SUBJECT_MAX).optional(),
  body: z.string().max(BODY_MAX).optional(),
});

export const previewResponseSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof previewResponseSchema>;

export const testSendResponseSchema = z.object({ to: z.string(), outboxId: z.string() });
