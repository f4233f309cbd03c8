import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { IMPORT_ERRORS } from '../../../../shared/people/importRules';
import type {
  ImportRowListResponse,
  importRowQuerySchema,
  TeamImport,
} from '../../../../shared/people/importSchema';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import { teamImportRows, teamImports } from './tables';

type ImportRecord = typeof teamImports.$inferSelect;

function present(record: ImportRecord): TeamImport {
  return {
    id: record.id,
    fileName: record.fileName,
    state: record.state,
    rowsInFile: record.rowsInFile,
    readyRows: record.readyRows,
    skippedRows: record.skippedRows,
    rejectedRows: record.rejectedRows,
    doneRows: record.doneRows,
    createdRows: record.createdRows,
    failedRows: record.failedRows,
    alreadyImportedRows: record.alreadyImportedRows,
    createdAt: record.createdAt.toISOString(),
    startedAt: record.startedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
    error: record.error,
  };
}

/** The event's newest import, which is what the import screen shows. */
export async function latestImport(db: DbOrTx, eventId: string): Promise<TeamImport | null> {
  const [record] = await db
    .select()
    .from(teamImports)
    .where(eq(teamImports.eventId, eventId))
    .orderBy(desc(teamImports.createdAt), desc(teamImports.id))
    .limit(1);
  return record ? present(record) : null;
}

export async function getImport(db: DbOrTx, eventId: string, importId: string): Promise<TeamImport> {
  const [record] = await db
    .select()
    .from(teamImports)
    .where(and(eq(teamImports.eventId, eventId), eq(teamImports.id, importId)));
  if (!record) throw notFound(IMPORT_ERRORS.notFound);
  return present(record);
}

/** One page of an import's rows: the preview's errors, then each row's check record. */
export async function listImportRows(
  db: DbOrTx,
  eventId: string,
  importId: string,
  query: z.output<typeof importRowQuerySchema>,
): Promise<ImportRowListResponse> {
  await getImport(db, eventId, importId);
  const filters = [eq(teamImportRows.eventId, eventId), eq(teamImportRows.importId, importId)];
  if (query.status) filters.push(eq(teamImportRows.status, query.status));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        rowNumber: teamImportRows.rowNumber,
        status: teamImportRows.status,
        cells: teamImportRows.cells,
        errors: teamImportRows.errors,
        typeCheck: teamImportRows.typeCheck,
        userUpsert: teamImportRows.userUpsert,
        teamAdd: teamImportRows.teamAdd,
        emailSend: teamImportRows.emailSend,
        errorMessage: teamImportRows.errorMessage,
        rolledBack: teamImportRows.rolledBack,
        teamId: teamImportRows.teamId,
      })
      .from(teamImportRows)
      .where(where)
      .orderBy(query.order === 'desc' ? desc(teamImportRows.rowNumber) : asc(teamImportRows.rowNumber))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(teamImportRows).where(where),
  ]);
  return { items: rows, total, page: query.page, pageSize: TABLE_PAGE_SIZE };
}
