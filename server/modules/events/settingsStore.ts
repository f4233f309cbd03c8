import { and, eq } from 'drizzle-orm';
import {
  SETTINGS_ERRORS,
  SETTINGS_NAMES,
  SETTINGS_SCHEMAS,
  type Settings,
  type SettingsName,
} from '../../../shared/events/settings';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/http/errors';
import { settings } from './tables';

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
