import { PassThrough } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  neutraliseCell,
  USER_EXPORT_COLUMNS,
  type UserExportFormat,
  userExportFileName,
  userExportQuerySchema,
} from '../../../../shared/people/export';
import { TEAM_ROLE_LABELS } from '../../../../shared/people/teams';
import type { DbOrTx } from '../../../platform/db/client';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { accounts } from '../../auth/tables';
import { readSettings } from '../../events/settingsStore';
import { peoplePolicy } from '../policy';
import { customFields, memberships, teams, teamTypes } from '../tables';

export type UserReport = { header: string[]; rows: string[][]; fileDate: string; shortName: string };

/** "2027-05-10 09:30" in the event's zone, and the date alone for the file name. */
export function zonedFormatter(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (date: Date) => {
    const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return {
      date: `${p.year}-${p.month}-${p.day}`,
      dateTime: `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
    };
  };
}

/**
 * Every user of the event with their team, in three queries whatever the size: the event settings,
 * the custom fields, and one join of memberships, accounts, teams and team types.
 */
export async function buildUserReport(db: DbOrTx, eventId: string, now = new Date()): Promise<UserReport> {
  const [event, fields, people] = await Promise.all([
    readSettings(db, eventId, 'event'),
    db
      .select({ id: customFields.id, label: customFields.label, type: customFields.type })
      .from(customFields)
      .where(eq(customFields.eventId, eventId))
      // The custom order the admin set, as on the team screens.
      .orderBy(asc(customFields.position), asc(customFields.label)),
    db
      .select({
        teamName: teams.name,
        ownerId: teams.ownerId,
        accountId: accounts.id,
        firstName: accounts.firstName,
        surname: accounts.surname,
        hasLoggedIn: memberships.hasLoggedIn,
        email: accounts.email,
        teamTypeName: teamTypes.name,
        createdAt: memberships.createdAt,
        values: teams.customFields,
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .leftJoin(teams, and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId)))
      .leftJoin(teamTypes, and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, teams.teamTypeId)))
      .where(eq(memberships.eventId, eventId))
      // Team by team, the owner first; people without a team last.
      .orderBy(
        sql`${teams.name} asc nulls last`,
        asc(teams.id),
        sql`(${teams.ownerId} = ${accounts.id}) desc nulls last`,
        asc(accounts.firstName),
        asc(accounts.surname),
        asc(accounts.id),
      ),
  ]);
  const zoned = zonedFormatter(event.timeZone);
  const rows = people.map((p) => {
    const status =
      p.teamName === null ? '' : TEAM_ROLE_LABELS[p.ownerId === p.accountId ? 'teamOwner' : 'teamMember'];
    const custom = fields.map((f) => {
      const value = p.values?.[f.id];
      if (value === undefined || value === null) return '';
      if (f.type === 'boolean') return value === true ? 'Yes' : 'No';
      return String(value);
    });
    return [
      p.teamName ?? '',
      status,
      p.firstName,
      p.surname,
      p.hasLoggedIn ? 'Yes' : 'No',
      p.email,
      p.teamTypeName ?? '',
      zoned(p.createdAt).dateTime,
      ...custom,
    ].map(neutraliseCell);
  });
  const header = [...USER_EXPORT_COLUMNS, ...fields.map((f) => f.label)].map(neutraliseCell);
  return { header, rows, fileDate: zoned(now).date, shortName: event.shortName || event.eventName };
}

/** UTF-8 with a byte order mark, without which Excel reads the file in the machine's code page. */
export const userReportCsv = (report: UserReport) =>
  `\ufeff${Papa.unparse({ fields: report.header, data: report.rows }, { newline: '\r\n' })}`;

/**
 * Streams the workbook as it is written: shared strings and styles off, so memory stays flat and
 * each row is flushed on commit instead of the whole sheet being held until the end.
 */
export function userReportXlsx(report: UserReport, sheetName = 'Users'): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    sheet.addRow(report.header).commit();
    for (const row of report.rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  };
  // The reply is already streaming, so a failure can only cut the download short.
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}

export const CONTENT_TYPES: Record<UserExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const userExportRoutes: RouteModule = (app, ctx, guards) => {
  app.get(
    '/api/events/:eventId/users/export',
    {
      schema: { tags: ['people'], params: eventIdParamsSchema, querystring: userExportQuerySchema },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.exportUsers)],
    },
    async (request, reply) => {
      const { format } = request.query;
      const report = await buildUserReport(ctx.db, actorOf(request).eventId);
      const fileName = userExportFileName(report.shortName, report.fileDate, format);
      reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(format === 'csv' ? userReportCsv(report) : userReportXlsx(report));
    },
  );
};
