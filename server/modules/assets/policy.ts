import { and, eq, sql } from 'drizzle-orm';
import { can } from '../../../shared/auth/permissions';
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/http/guards';
import { contentPages, contentSections } from '../content/tables';
import type { FileRow, FileViewer } from '../files/service';
import { formFields, forms } from '../forms/tables';

/** Spec: assets are moderator work; the picker is used by the same people building pages. */
export const assetsPolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'moderator'),
};

/**
 * Who may read an asset's file. Assets appear on pages, so any signed-in member of the event may;
 * a guest may when the asset is on a published, public page (spec: a public page opens without
 * login), as a page's image or in one of its published image sections, or when a public form
 * shows it in an image field (a guest fills such a form in without an account).
 */
export async function mayReadAssetFile(db: DbOrTx, viewer: FileViewer, file: FileRow): Promise<boolean> {
  if (viewer) return viewer.eventId === file.eventId;
  if (!file.ownerId) return false;
  return (
    (await isOnPublicPage(db, file.eventId, file.ownerId)) ||
    (await isOnPublicForm(db, file.eventId, file.ownerId))
  );
}

/** An image field of a published, public, live form (its own fields) names the asset. */
export async function isOnPublicForm(db: DbOrTx, eventId: string, assetId: string): Promise<boolean> {
  const [field] = await db
    .select({ id: formFields.id })
    .from(formFields)
    .innerJoin(forms, and(eq(forms.eventId, formFields.eventId), eq(forms.id, formFields.formId)))
    .where(
      and(
        eq(formFields.eventId, eventId),
        eq(formFields.type, 'image'),
        sql`${formFields.settings} ->> 'assetId' = ${assetId}`,
        eq(forms.isPublic, true),
        eq(forms.isPublished, true),
        eq(forms.isArchived, false),
      ),
    )
    .limit(1);
  return Boolean(field);
}

export async function isOnPublicPage(db: DbOrTx, eventId: string, assetId: string): Promise<boolean> {
  const publicPage = and(
    eq(contentPages.eventId, eventId),
    eq(contentPages.isPublic, true),
    eq(contentPages.isPublished, true),
    eq(contentPages.isArchived, false),
  );
  const [asPageImage] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(and(publicPage, eq(contentPages.assetId, assetId)))
    .limit(1);
  if (asPageImage) return true;
  const [inSection] = await db
    .select({ id: contentSections.id })
    .from(contentSections)
    .innerJoin(contentPages, eq(contentPages.id, contentSections.pageId))
    .where(
      and(
        publicPage,
        eq(contentSections.eventId, eventId),
        eq(contentSections.isPublished, true),
        sql`${contentSections.data} -> 'value' ->> 'assetId' = ${assetId}`,
      ),
    )
    .limit(1);
  return Boolean(inSection);
}
