import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import type { EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import { reportName } from '../../../../shared/forms/labels';
import { evaluateVisibility } from '../../../../shared/forms/logic';
import type { TextContext } from '../../../../shared/forms/registry/types';
import { submissionSummary } from '../../../../shared/forms/text';
import { computeTotals, formatTotal } from '../../../../shared/forms/totals';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { readSettings } from '../../events/settingsStore';
import { zonedFormatter } from '../../people/export/service';
import { teams } from '../../people/tables';
import { submissionsFileName } from '../export/service';
import { loadFill } from '../fill/queries';
import type { SubmissionRecord } from '../queries';
import { PDF_LOGO_BOX, pdfLogo } from './queries';

/**
 * One submission as a PDF (issue 14), drawn with pdfkit: the form's title, the team (or Guest),
 * when it was submitted in the event's time zone, each question shown for these answers with its
 * answer as the engine writes it (files by name), and the totals. The questions and answers are
 * the ones the submission view shows (submissionSummary), so the PDF never says something else.
 */

export interface SubmissionPdfContent {
  title: string;
  lines: { label: string; text: string }[];
  facts: { label: string; text: string }[];
  totals: { label: string; text: string }[];
  /** The event's logo as PNG (queries.ts), drawn above the title; null when there is none. */
  logo: Buffer | null;
  /** The day it was submitted (or last saved) in the event's zone, for the file name. */
  fileDate: string;
}

export async function submissionPdfContent(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  row: SubmissionRecord,
): Promise<SubmissionPdfContent> {
  const { eventId } = scope;
  const { fill, definition } = await loadFill(ctx, db, scope, row.formId, 'any');
  const [event, logo, [team]] = await Promise.all([
    readSettings(db, eventId, 'event'),
    pdfLogo(ctx, db, scope),
    row.teamId
      ? db
          .select({ name: teams.name, customFields: teams.customFields })
          .from(teams)
          .where(eq(teams.id, row.teamId))
      : Promise.resolve([]),
  ]);
  const client =
    row.teamId && team
      ? {
          userId: '',
          firstName: '',
          surname: '',
          email: '',
          teamId: row.teamId,
          teamName: team.name,
          customFields: team.customFields ?? {},
        }
      : null;
  const zoned = zonedFormatter(event.timeZone);
  const facts = [
    { label: 'Event', text: event.eventName },
    { label: 'Team', text: row.isGuest ? 'Guest' : (team?.name ?? '') },
    row.submittedAt && !row.isDraft
      ? { label: 'Submitted at', text: `${zoned(row.submittedAt).dateTime} (${event.timeZone})` }
      : { label: 'Draft last saved', text: `${zoned(row.updatedAt).dateTime} (${event.timeZone})` },
  ];
  return {
    ...answersForPdf(definition, row.values, client, { locale: event.locale, currency: fill.currency }),
    title: fill.form.title,
    facts,
    logo,
    fileDate: zoned(row.submittedAt ?? row.updatedAt).date,
  };
}

/** The questions shown for these answers with their answers as text, and the totals. */
export function answersForPdf(
  definition: FormDefinition,
  values: Record<string, unknown>,
  client: EvaluationContext['client'],
  text: TextContext,
): Pick<SubmissionPdfContent, 'lines' | 'totals'> {
  const visibility = evaluateVisibility(definition, values, { client });
  const totals = computeTotals(definition, values, visibility);
  const listTotals =
    totals.itemLists.length > 0
      ? [
          ...totals.itemLists.map((list) => {
            const field = definition.fields[list.fieldId];
            const loop = list.loopIndex !== null ? ` (${list.loopIndex + 1})` : '';
            return {
              label: `${field ? reportName(field) : 'Items'}${loop}`,
              text: formatTotal(list.total, text),
            };
          }),
          { label: 'Grand total', text: formatTotal(totals.grandTotal, text) },
        ]
      : [];
  return {
    lines: submissionSummary(definition, values, visibility, text).map(({ label, text: answer }) => ({
      label,
      text: answer,
    })),
    totals: listTotals,
  };
}

/** The content drawn on A4 pages: questions in bold, answers below, totals at the end. */
export function drawSubmissionPdf(content: SubmissionPdfContent, createdAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // A fixed creation date keeps the same submission's PDF the same bytes within a request's clock.
    info: { Title: content.title, Creator: 'Event Portal', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (content.logo) {
    doc.image(content.logo, { fit: [PDF_LOGO_BOX.width, PDF_LOGO_BOX.height] });
    doc.moveDown(0.8);
  }
  doc.font('Helvetica-Bold').fontSize(18).text(content.title);
  doc.moveDown(0.5);
  for (const fact of content.facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${fact.label}: `, { continued: true });
    doc.font('Helvetica').text(fact.text || '-');
  }
  doc.moveDown();
  if (content.lines.length === 0) doc.font('Helvetica').fontSize(11).text('No answers were given.');
  for (const line of content.lines) {
    doc.font('Helvetica-Bold').fontSize(11).text(line.label);
    doc.font('Helvetica').fontSize(11).text(line.text);
    doc.moveDown(0.6);
  }
  if (content.totals.length > 0) {
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(13).text('Totals');
    doc.moveDown(0.3);
    for (const total of content.totals) {
      doc.font('Helvetica').fontSize(11).text(`${total.label}: ${total.text}`);
    }
  }
  doc.end();
  return done;
}

export function submissionPdfFileName(title: string, submittedOn: string): string {
  return submissionsFileName(title, submittedOn, 'pdf').replace('-submissions-', '-submission-');
}

/** Answers a request with the submission's PDF, as a download. */
export async function sendSubmissionPdf(
  ctx: AppContext,
  scope: EventScope,
  row: SubmissionRecord,
  reply: FastifyReply,
) {
  const content = await submissionPdfContent(ctx, ctx.db, scope, row);
  const pdf = await drawSubmissionPdf(content);
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${submissionPdfFileName(content.title, content.fileDate)}"`,
    )
    .header('cache-control', 'no-store')
    .send(pdf);
}
