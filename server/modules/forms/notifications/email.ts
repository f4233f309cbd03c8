import {
  type EmailContent,
  type EmailLook,
  escapeHtml,
  renderTemplate,
  SafeHtml,
} from '../../emails/templates/email';

/**
 * A form notification email ('form notification' on submit, 'form update' on a change), in the
 * event's template for its kind and the one email layout. The notification's own subject and
 * message (set per notification on the form) fill {{subjectLine}} and {{message}}; as the
 * notification asks, the answers shown for this submission fill {{submission}} and the team's
 * custom fields {{customFields}}, each a two-column table the server builds from escaped text.
 * Only answers the engine shows for these answers reach here (the caller builds them with its
 * visibility), so a hidden answer can never be in an email.
 */

export type Line = { label: string; text: string };

export interface NotificationEmailInput {
  kind: 'formNotification' | 'formUpdate';
  eventName: string;
  /** The notification's subject: the form's title unless the notification sets its own line. */
  subject: string;
  /** Sanitised HTML. */
  messageHtml: string;
  formTitle: string;
  teamName: string | null;
  answers: Line[] | null;
  totals: Line[];
  customFields: Line[] | null;
}

const cell = 'padding:6px 8px;border:1px solid #dddddd;vertical-align:top;text-align:left';

function tableHtml(caption: string, lines: Line[]): SafeHtml {
  const rows = lines
    .map(
      (line) =>
        `<tr><th scope="row" style="${cell};width:40%;background:#f6f6f6">${escapeHtml(line.label)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(line.text)}</td></tr>`,
    )
    .join('');
  return new SafeHtml(
    // The caption is a paragraph, not <caption>: the plain-text part (html-to-text) keeps paragraphs.
    `<p style="margin:16px 0 8px;font-weight:bold">${escapeHtml(caption)}</p><table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px"><tbody>${rows}</tbody></table>`,
  );
}

export function renderNotificationEmail(input: NotificationEmailInput, look: EmailLook = {}): EmailContent {
  const answers = input.answers ? [...input.answers, ...input.totals] : [];
  const fields = input.customFields ?? [];
  return renderTemplate(
    input.kind,
    {
      eventName: input.eventName,
      formName: input.formTitle,
      teamName: input.teamName ?? '',
      subjectLine: input.subject,
      message: new SafeHtml(input.messageHtml),
      // Empty when the notification does not show them, so a template's {{#submission}} part goes too.
      submission: answers.length ? tableHtml(`Answers: ${input.formTitle}`, answers) : '',
      customFields: fields.length
        ? tableHtml(input.teamName ? `Team: ${input.teamName}` : 'Team', fields)
        : '',
    },
    look,
  );
}
