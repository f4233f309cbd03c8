import { and, eq, inArray } from 'drizzle-orm';
import {
  navThemeFor,
  SETTINGS_ERRORS,
  SETTINGS_NAMES,
  SETTINGS_SCHEMAS,
  type Settings,
  type SettingsName,
} from '../../../shared/events/settings';
import {
  checkSettings,
  type EditableSettingsName,
  SETTINGS_INPUT_SCHEMAS,
} from '../../../shared/events/settingsApi';
import type { Db, DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { AppError, badRequest } from '../../platform/http/errors';
import { noteChange } from '../audit/service';
import { events, settings } from './tables';

/** Reads one settings document, parsed by its shared schema (defaults fill what is missing). */
export async function readSettings<N extends SettingsName>(
  db: DbOrTx,
  eventId: string,
  name: N,
): Promise<Settings<N>> {
  const [row] = await db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.eventId, eventId), eq(settings.name, name)))
    .limit(1);
  if (!row) throw new AppError(500, 'internal', SETTINGS_ERRORS[name].missing);
  const parsed = SETTINGS_SCHEMAS[name].safeParse(row.data);
  if (!parsed.success) throw new AppError(500, 'internal', SETTINGS_ERRORS[name].invalid);
  return parsed.data as Settings<N>;
}

/** Writes every settings document of a new event with the spec's defaults. */
export async function writeDefaultSettings(
  tx: DbOrTx,
  eventId: string,
  event: Settings<'event'>,
  actor: string,
): Promise<void> {
  const rows = SETTINGS_NAMES.map((name) => {
    const data = name === 'event' ? SETTINGS_SCHEMAS.event.parse(event) : SETTINGS_SCHEMAS[name].parse({});
    return { eventId, name, data, createdBy: actor, updatedBy: actor };
  });
  await tx.insert(settings).values(rows);
}

/** Reads several documents of one event in one query (the shell needs five on every load). */
export async function readSettingsMany<const N extends SettingsName>(
  db: DbOrTx,
  eventId: string,
  names: readonly N[],
): Promise<{ [K in N]: Settings<K> }> {
  const rows = await db
    .select({ name: settings.name, data: settings.data })
    .from(settings)
    .where(and(eq(settings.eventId, eventId), inArray(settings.name, [...names])));
  const byName = new Map(rows.map((r) => [r.name, r.data]));
  const result: Partial<Record<SettingsName, unknown>> = {};
  for (const name of names) {
    if (!byName.has(name)) throw new AppError(500, 'internal', SETTINGS_ERRORS[name].missing);
    const parsed = SETTINGS_SCHEMAS[name].safeParse(byName.get(name));
    if (!parsed.success) throw new AppError(500, 'internal', SETTINGS_ERRORS[name].invalid);
    result[name] = parsed.data;
  }
  return result as { [K in N]: Settings<K> };
}

/**
 * Changes one settings document: the input is parsed by the name's input schema, merged over the
 * stored document, parsed again as a whole document (so defaults and cross-field rules hold) and
 * written in one transaction. A change to 'event' also renames the event root and drops every
 * cached list of events, since names and dates show in `/api/me` (docs/decisions/0003-hot-path.md).
 */
export async function writeSettings<N extends EditableSettingsName>(
  db: Db,
  eventId: string,
  name: N,
  input: unknown,
  actor: string,
): Promise<Settings<N>> {
  const invalid = SETTINGS_ERRORS[name].invalid;
  const patch = SETTINGS_INPUT_SCHEMAS[name].safeParse(input);
  if (!patch.success) {
    throw badRequest(
      invalid,
      patch.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  const saved = await withTransaction(db, async (tx) => {
    const current = await readSettings(tx, eventId, name);
    const merged: Record<string, unknown> = { ...current, ...patch.data };
    // A null launch date clears it: the stored document leaves the key out.
    if (merged.launchDate === null) delete merged.launchDate;
    if (name === 'branding') merged.navTheme = navThemeFor(String(merged.navBgColor));
    const parsed = SETTINGS_SCHEMAS[name].safeParse(merged);
    if (!parsed.success) throw badRequest(invalid);
    const doc = parsed.data as Settings<N>;
    const issues = checkSettings(name, doc);
    if (issues.length > 0) throw badRequest(invalid, issues);
    await tx
      .update(settings)
      .set({ data: doc, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, name)));
    // The trail keeps the settings that changed, before and after (decision 0040).
    noteChange('settings', name, current, doc);
    if (name === 'event') {
      const event = doc as Settings<'event'>;
      await tx
        .update(events)
        .set({ name: event.eventName, updatedBy: actor, updatedAt: new Date() })
        .where(eq(events.id, eventId));
    }
    return doc;
  });
  return saved;
}
