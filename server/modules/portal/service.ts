import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { featuredSchema } from '../../../shared/events/settings';
import { corePagesDocSchema } from '../../../shared/portal/corePages';
import { defaultSidebar, sidebarSchema } from '../../../shared/portal/sidebar';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope, Scope } from '../../platform/http/actor';
import { settings } from '../events/tables';

/**
 * The portal's settings documents, kept in the events' settings table beside branding and the
 * rest. Events made before a document existed have no row yet: reading one gives its defaults,
 * and the first write inserts it, so no data migration is needed.
 */
const PORTAL_DOCS = {
  sidebar: sidebarSchema,
  corePages: corePagesDocSchema,
  featured: featuredSchema,
  // The dashboard header image: a file of owner kind 'branding', claimed with its own id as owner.
  dashboardHeader: z.object({ fileId: z.uuid().nullable().default(null) }),
} as const;
type PortalDocName = keyof typeof PORTAL_DOCS;
export type PortalDoc<N extends PortalDocName> = z.output<(typeof PORTAL_DOCS)[N]>;

function defaults<N extends PortalDocName>(name: N): PortalDoc<N> {
  if (name === 'sidebar') return defaultSidebar() as PortalDoc<N>;
  return PORTAL_DOCS[name].parse({}) as PortalDoc<N>;
}

/**
 * Reads a document; a stored one that fails its check is reported and replaced by the defaults
 * (spec: readers drop records that fail the check and report them).
 */
export async function readPortalDoc<N extends PortalDocName>(
  db: DbOrTx,
  scope: EventScope,
  name: N,
  onInvalid: (name: string) => void = () => {},
): Promise<PortalDoc<N>> {
  const { eventId } = scope;
  const [row] = await db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.eventId, eventId), eq(settings.name, name)))
    .limit(1);
  if (!row) return defaults(name);
  const parsed = PORTAL_DOCS[name].safeParse(row.data);
  if (!parsed.success) {
    onInvalid(name);
    return defaults(name);
  }
  return parsed.data as PortalDoc<N>;
}

/** Writes a whole document (already checked by the caller), inserting the row when missing. */
export async function writePortalDoc<N extends PortalDocName>(
  tx: DbOrTx,
  scope: Scope,
  name: N,
  doc: PortalDoc<N>,
): Promise<void> {
  const { eventId, accountId: actor } = scope;
  const data = PORTAL_DOCS[name].parse(doc);
  await tx
    .insert(settings)
    .values({ eventId, name, data, createdBy: actor, updatedBy: actor })
    .onConflictDoUpdate({
      target: [settings.eventId, settings.name],
      set: { data, updatedBy: actor, updatedAt: new Date() },
    });
}
