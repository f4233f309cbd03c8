import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type FieldGroupListResponse,
  FORM_ERRORS,
  type FormDetail,
  type FormListResponse,
  type FormsCounts,
  type fieldGroupListQuerySchema,
  type formListQuerySchema,
} from '../../../shared/forms/api';
import { makeDefinition } from '../../../shared/forms/definition';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import { type BadRecord, reportBadRecord } from '../../platform/badRecords';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { containing } from '../../platform/db/search';
import type { EventScope, Scope } from '../../platform/http/actor';
import { notFound } from '../../platform/http/errors';
import { readSettings } from '../events/settingsStore';
import { loadFields, loadGroupsWithFields } from './fields/service';
import { currentLock } from './locks/service';
import { embeddedGroupOf, presentForm, readConfirmation, readNotification } from './present';
import { fieldGroups, formConfirmations, formFields, formNotifications, forms } from './tables';

/** Where a stored field or group that fails its shape check is reported (it is left out, never a 500). */
export const reportBadFieldTo = (ctx: AppContext) => (message: string) => ctx.logger.warn(message);

/** Forms' reads: the manage screens' lists and their shortcuts' counts, and one form as the builder, the filler and the engine read it. */

export async function formsCounts(db: DbOrTx, scope: EventScope): Promise<FormsCounts> {
  const { eventId } = scope;
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
  scope: EventScope,
  query: z.output<typeof formListQuerySchema>,
): Promise<FormListResponse> {
  const { eventId } = scope;
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
    formsCounts(db, scope),
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
  scope: EventScope,
  query: z.output<typeof fieldGroupListQuerySchema>,
): Promise<FieldGroupListResponse> {
  const { eventId } = scope;
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
    formsCounts(db, scope),
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
export async function groupsUsedInForms(db: DbOrTx, scope: EventScope, groupIds: string[]) {
  const { eventId } = scope;
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
export async function formsEmbedding(db: DbOrTx, scope: EventScope, groupId: string) {
  const { eventId } = scope;
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

/** A form's row, or the spec's 404. */
export async function findForm(db: DbOrTx, scope: EventScope, formId: string) {
  const { eventId } = scope;
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.eventId, eventId), eq(forms.id, formId)));
  if (!row) throw notFound(FORM_ERRORS.formNotFound);
  return row;
}

/**
 * A stored form with its fields, the groups its templates embed, confirmations and notifications.
 * `withNotifications: false` leaves the notifications out (a read fewer): filling in a form and
 * submitting it never use them (the notification job loads them itself).
 */
export async function loadForm(
  ctx: AppContext,
  db: DbOrTx,
  scope: EventScope,
  formId: string,
  { withNotifications = true }: { withNotifications?: boolean } = {},
) {
  const { eventId } = scope;
  const row = await findForm(db, scope, formId);
  const onBad = reportBadFieldTo(ctx);
  const fields = await loadFields(db, scope, { kind: 'form', id: formId }, onBad);
  const groupIds = [...new Set(fields.flatMap((f) => embeddedGroupOf(f) ?? []))];
  const [groups, confirmationRows, notificationRows] = await Promise.all([
    loadGroupsWithFields(db, scope, groupIds, onBad),
    db
      .select()
      .from(formConfirmations)
      .where(and(eq(formConfirmations.eventId, eventId), eq(formConfirmations.formId, formId)))
      .orderBy(asc(formConfirmations.position)),
    withNotifications
      ? db
          .select()
          .from(formNotifications)
          .where(and(eq(formNotifications.eventId, eventId), eq(formNotifications.formId, formId)))
          .orderBy(asc(formNotifications.position))
      : [],
  ]);
  // The default confirmation first (spec: manage, default first), the others in their order.
  // A stored record failing its shape check is left out and reported, never a 500 for the form.
  const dropBad = (record: BadRecord) => reportBadRecord(ctx.logger, record);
  const confirmations = confirmationRows
    .flatMap((r) => readConfirmation(r, dropBad) ?? [])
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const notifications = notificationRows.flatMap((r) => readNotification(r, dropBad) ?? []);
  const form = presentForm(
    row,
    {
      fieldIds: fields.map((f) => f.id),
      confirmationIds: confirmations.map((c) => c.id),
      notificationIds: notifications.map((n) => n.id),
    },
    dropBad,
  );
  return { form, fields, groups, confirmations, notifications };
}

/** Everything the builder opens: the form, its definition's fields and groups, the lock and the currency. */
export async function getFormDetail(
  ctx: AppContext,
  db: DbOrTx,
  scope: Scope,
  formId: string,
): Promise<FormDetail> {
  const { eventId, accountId } = scope;
  const loaded = await loadForm(ctx, db, scope, formId);
  return {
    form: loaded.form,
    fields: [...loaded.fields, ...loaded.groups.fields],
    fieldGroups: loaded.groups.groups,
    confirmations: loaded.confirmations,
    notifications: loaded.notifications,
    lock: await currentLock(db, { eventId, type: 'form', id: formId }, accountId),
    currency: (await readSettings(db, eventId, 'variables')).currencyId,
  };
}

/** A stored form as the engine reads it (its fields and the groups its templates embed). */
export async function formDefinition(ctx: AppContext, db: DbOrTx, scope: EventScope, formId: string) {
  const { form, fields, groups } = await loadForm(ctx, db, scope, formId);
  return makeDefinition(form, [...fields, ...groups.fields], groups.groups);
}
