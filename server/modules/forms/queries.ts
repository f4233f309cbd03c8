import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FieldGroupListResponse,
  FormListResponse,
  FormsCounts,
  fieldGroupListQuerySchema,
  formListQuerySchema,
} from '../../../shared/forms/api';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { DbOrTx } from '../../platform/db/client';
import { containing } from '../../platform/db/search';
import { fieldGroups, formFields, forms } from './tables';

/** The manage screens' lists and the counts of their four shortcuts. */

export async function formsCounts(db: DbOrTx, eventId: string): Promise<FormsCounts> {
  const [formRows, groupRows] = await Promise.all([
    db
      .select({ isArchived: forms.isArchived, n: count() })
      .from(forms)
      .where(eq(forms.eventId, eventId))
      .groupBy(forms.isArchived),
    db
      .select({ isArchived: fieldGroups.isArchived, n: count() })
      .from(fieldGroups)
      .where(eq(fieldGroups.eventId, eventId))
      .groupBy(fieldGroups.isArchived),
  ]);
  const of = (rows: { isArchived: boolean; n: number }[], archived: boolean) =>
    rows.find((r) => r.isArchived === archived)?.n ?? 0;
  return {
    forms: of(formRows, false),
    archivedForms: of(formRows, true),
    fieldGroups: of(groupRows, false),
    archivedFieldGroups: of(groupRows, true),
  };
}

// Correlated on the outer row by its qualified name (a bare column would bind to the inner table).
const formFieldsCount = sql<number>`(select count(*) from ${formFields} f
  where f.event_id = "forms"."event_id" and f.form_id = "forms"."id")`.mapWith(Number);

// The tasks table is named in SQL rather than imported: the tasks module's tables import the forms'.
const linkedTasks = sql<{ id: string; title: string }[]>`coalesce((select json_agg(
  json_build_object('id', t.id, 'title', t.title) order by lower(t.title), t.id) from tasks t
  where t.event_id = "forms"."event_id" and t.form_id = "forms"."id" and t.type = 'form'), '[]'::json)`;

export async function listForms(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof formListQuerySchema>,
): Promise<FormListResponse> {
  const where: SQL[] = [eq(forms.eventId, eventId), eq(forms.isArchived, query.archived ?? false)];
  if (query.search) where.push(ilike(forms.title, containing(query.search)));
  const condition = and(...where);
  const column = {
    title: sql`lower(${forms.title})`,
    fieldsCount: formFieldsCount,
    isPublished: forms.isPublished,
    isPublic: forms.isPublic,
    updatedAt: forms.updatedAt,
  }[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [{ total }], counts] = await Promise.all([
    db
      .select({
        id: forms.id,
        title: forms.title,
        description: forms.description,
        fieldsCount: formFieldsCount,
        isArchived: forms.isArchived,
        isPublished: forms.isPublished,
        isEditable: forms.isEditable,
        isPublic: forms.isPublic,
        updatedAt: forms.updatedAt,
        linkedTasks,
      })
      .from(forms)
      .where(condition)
      // The id breaks ties so that paging never shows a form twice or skips one.
      .orderBy(direction(column), asc(forms.title), asc(forms.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(forms).where(condition),
    formsCounts(db, eventId),
  ]);
  return {
    items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    counts,
  };
}

const groupFieldsCount = sql<number>`(select count(*) from ${formFields} f
  where f.event_id = "field_groups"."event_id" and f.group_id = "field_groups"."id")`.mapWith(Number);
const usedInFormsCount = sql<number>`(select count(distinct f.form_id) from ${formFields} f
  where f.event_id = "field_groups"."event_id" and f.embeds_group_id = "field_groups"."id"
  and f.form_id is not null)`.mapWith(Number);

export async function listFieldGroups(
  db: DbOrTx,
  eventId: string,
  query: z.output<typeof fieldGroupListQuerySchema>,
): Promise<FieldGroupListResponse> {
  const where: SQL[] = [
    eq(fieldGroups.eventId, eventId),
    eq(fieldGroups.isArchived, query.archived ?? false),
  ];
  if (query.search) where.push(ilike(fieldGroups.title, containing(query.search)));
  const condition = and(...where);
  const column = {
    title: sql`lower(${fieldGroups.title})`,
    fieldsCount: groupFieldsCount,
    isPublished: fieldGroups.isPublished,
    updatedAt: fieldGroups.updatedAt,
  }[query.sort];
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [{ total }], counts] = await Promise.all([
    db
      .select({
        id: fieldGroups.id,
        title: fieldGroups.title,
        description: fieldGroups.description,
        fieldsCount: groupFieldsCount,
        isArchived: fieldGroups.isArchived,
        isPublished: fieldGroups.isPublished,
        usedInFormsCount,
        updatedAt: fieldGroups.updatedAt,
      })
      .from(fieldGroups)
      .where(condition)
      .orderBy(direction(column), asc(fieldGroups.title), asc(fieldGroups.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(fieldGroups).where(condition),
    formsCounts(db, eventId),
  ]);
  return {
    items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    counts,
  };
}

/** Of these groups, those a form's template embeds (they cannot be deleted). */
export async function groupsUsedInForms(db: DbOrTx, eventId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: formFields.embedsGroupId })
    .from(formFields)
    .where(
      and(
        eq(formFields.eventId, eventId),
        inArray(formFields.embedsGroupId, groupIds),
        sql`${formFields.formId} is not null`,
      ),
    );
  return rows.flatMap((row) => row.id ?? []);
}

/** The forms whose templates embed a group. */
export async function formsEmbedding(db: DbOrTx, eventId: string, groupId: string) {
  const rows = await db
    .selectDistinct({ id: formFields.formId })
    .from(formFields)
    .where(
      and(
        eq(formFields.eventId, eventId),
        eq(formFields.embedsGroupId, groupId),
        sql`${formFields.formId} is not null`,
      ),
    );
  return rows.flatMap((row) => row.id ?? []);
}
