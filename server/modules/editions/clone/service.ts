import { createHash, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shiftDate } from '../../../../shared/editions/clone';
import { APP_VERSION } from '../../../../shared/ui/constants';
import type { Tx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { Storage } from '../../../platform/storage';
import { events } from '../../events/tables';
import { memberships } from '../../people/tables';
import { CLONE_PLAN, type CloneStep } from './plan';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Who made a row: the organiser running the clone, not the first edition's author. */
const ACTOR_COLUMNS = new Set(['createdBy', 'updatedBy', 'uploadedBy']);
/** Stamped afresh by the database's defaults. */
const STAMP_COLUMNS = new Set(['createdAt', 'updatedAt']);
/** Rows per insert: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

type Row = Record<string, unknown>;
export type CloneInput = {
  sourceEventId: string;
  name: string;
  shiftDays: number;
  actorId: string;
  /** Accounts made admin of the copy: the organiser who runs it. */
  adminIds: string[];
  /**
   * The copy's event id; the job passes its clone's (editionEventId), so a retry knows where an
   * attempt that died left its files. A fresh random id when not given.
   */
  newEventId?: string;
};

/**
 * The event id a clone job gives its copy: derived from the clone's id, so it is the same on every
 * attempt, and new (no other row has it). Every file the attempt copies is stored under this id's
 * folder, so an attempt that died before committing left its files there and nowhere else: the
 * retry removes that folder before it starts (decision 0054).
 */
export function editionEventId(cloneId: string): string {
  const hex = createHash('sha256').update(`edition:${cloneId.toLowerCase()}`).digest('hex');
  // Laid out as a version 4 id, as every other id is.
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The store's folder of an event: every file of the copy is under it (see copyFiles). */
export const eventFolder = (eventId: string) => `${eventId}/`;
export type CloneHooks = {
  /** After each step's rows are written (progress), with the step's table name. */
  afterStep?: (done: number, total: number, table: string) => void | Promise<void>;
};
export type CloneOutcome = {
  newEventId: string;
  /** Row counts copied per table, for the caller's record and the tests. */
  copied: Record<string, number>;
  /** Storage keys written for the copied files: removed again if the transaction rolls back. */
  writtenKeys: string[];
};

/** The id map of one clone: every copied row's id (and the event's) to its copy's. */
export class IdMap {
  private readonly ids = new Map<string, string>();
  add(oldId: string): string {
    const id = randomUUID();
    this.ids.set(oldId.toLowerCase(), id);
    return id;
  }
  set(oldId: string, newId: string) {
    this.ids.set(oldId.toLowerCase(), newId);
  }
  get(oldId: string): string | undefined {
    return this.ids.get(oldId.toLowerCase());
  }
  /** A reference column's value (an id or an array of ids): each copied id becomes its copy's. */
  ref(value: unknown): unknown {
    if (typeof value === 'string') return this.get(value) ?? value;
    if (Array.isArray(value)) return value.map((v) => this.ref(v));
    return value;
  }
  /** Ids inside text or JSON, as values or as keys (logic maps are keyed by field id). */
  within(value: unknown): unknown {
    if (typeof value === 'string') return value.replace(UUID, (id) => this.get(id) ?? id);
    if (Array.isArray(value)) return value.map((v) => this.within(v));
    if (value && typeof value === 'object' && !(value instanceof Date))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.within(k), this.within(v)]));
    return value;
  }
}

/**
 * Copies an event's set-up into a new event inside the caller's transaction, generically: each
 * step of CLONE_PLAN reads the event's rows of one table, every row's id gets a new one in one id
 * map (built for all tables before any insert, so a reference to a later table resolves), and the
 * declared reference columns and id-holding text are rewritten through the map. Files are copied
 * in the store under their new keys.
 */
export async function cloneEvent(
  tx: Tx,
  storage: Storage,
  input: CloneInput,
  hooks: CloneHooks = {},
  /** Filled as files are stored, so a caller can remove them if the transaction fails. */
  writtenKeys: string[] = [],
): Promise<CloneOutcome> {
  const [source] = await tx.select().from(events).where(eq(events.id, input.sourceEventId));
  if (!source) throw notFound('Event not found');
  const map = new IdMap();
  const newEventId = input.newEventId ?? randomUUID();
  map.set(source.id, newEventId);

  const read: { step: CloneStep; rows: Row[] }[] = [];
  for (const step of CLONE_PLAN) {
    const eventId = getTableColumns(step.table).eventId as PgColumn;
    const where = and(eq(eventId, source.id), step.where?.()) as SQL;
    const rows = (await tx.select().from(step.table).where(where)) as Row[];
    for (const row of rows) if (typeof row.id === 'string') map.add(row.id);
    read.push({ step, rows });
  }

  const total = CLONE_PLAN.length + 1;
  await tx.insert(events).values({
    id: newEventId,
    name: input.name,
    version: APP_VERSION,
    appUrl: source.appUrl,
    createdBy: input.actorId,
    updatedBy: input.actorId,
  });
  const copied: Record<string, number> = {};
  let done = 0;
  for (const { step, rows } of read) {
    const name = getTableName(step.table);
    let copies = rows.map((row) => copyRow(step, row, map, newEventId, input));
    if (name === 'settings') copies = copies.map((row) => moveEventDates(row, input));
    if (name === 'files') copies = await copyFiles(storage, rows, copies, newEventId, writtenKeys);
    for (let i = 0; i < copies.length; i += BATCH)
      await tx.insert(step.table).values(copies.slice(i, i + BATCH));
    copied[name] = copies.length;
    await hooks.afterStep?.(++done, total, name);
  }
  if (input.adminIds.length > 0)
    await tx.insert(memberships).values(
      [...new Set(input.adminIds)].map((accountId) => ({
        eventId: newEventId,
        accountId,
        permissions: 'admin' as const,
        createdBy: input.actorId,
        updatedBy: input.actorId,
      })),
    );
  await hooks.afterStep?.(++done, total, 'memberships');
  return { newEventId, copied, writtenKeys };
}

function copyRow(step: CloneStep, row: Row, map: IdMap, newEventId: string, input: CloneInput): Row {
  const refs = new Set(step.refs);
  const idsIn = new Set(step.idsIn);
  const dates = new Set(step.dates);
  const copy: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (STAMP_COLUMNS.has(key)) continue;
    if (key === 'eventId') copy[key] = newEventId;
    else if (key === 'id') copy[key] = map.get(value as string);
    else if (ACTOR_COLUMNS.has(key)) copy[key] = input.actorId;
    else if (refs.has(key)) copy[key] = map.ref(value);
    else if (idsIn.has(key)) copy[key] = map.within(value);
    else if (dates.has(key) && typeof value === 'string') copy[key] = shiftDate(value, input.shiftDays);
    else copy[key] = value;
  }
  return { ...copy, ...step.set };
}

/** The event settings document: the copy's name, and its dates moved like everything else. */
function moveEventDates(row: Row, input: CloneInput): Row {
  if (row.name !== 'event') return row;
  const data: Row = { ...(row.data as Row), eventName: input.name, longName: input.name };
  for (const key of ['startDate', 'endDate', 'launchDate'])
    if (typeof data[key] === 'string') data[key] = shiftDate(data[key] as string, input.shiftDays);
  return { ...row, data };
}

/**
 * Each copied file's stored bytes (the original and its resized variants) under new keys, through
 * the Storage interface so any store works. Every key is inside the new event's folder: a key
 * remapped elsewhere (one that did not start with the first edition's id) gets the folder in
 * front, so removing the folder removes every file an attempt wrote.
 */
async function copyFiles(
  storage: Storage,
  originals: Row[],
  copies: Row[],
  newEventId: string,
  writtenKeys: string[],
): Promise<Row[]> {
  const result: Row[] = [];
  for (const [i, copy] of copies.entries()) {
    const old = originals[i];
    const keys = new Map<string, string>();
    const newKey = (oldKey: string, remapped: string) => {
      const key = remapped.startsWith(eventFolder(newEventId)) ? remapped : `${newEventId}/${remapped}`;
      keys.set(oldKey, key);
      return key;
    };
    const storageKey = newKey(old.storageKey as string, copy.storageKey as string);
    const oldVariants = old.variants as Record<string, string> | null;
    const newVariants = copy.variants as Record<string, string> | null;
    const variants = oldVariants
      ? Object.fromEntries(
          Object.entries(oldVariants).map(([size, key]) => [size, newKey(key, newVariants?.[size] ?? key)]),
        )
      : null;
    for (const [from, to] of keys) {
      const body = await readAll(storage, from);
      if (!body) continue; // A file lost from the store stays lost; the copy's row still says so.
      await storage.put(to, body, to.endsWith('.webp') ? 'image/webp' : (old.contentType as string));
      writtenKeys.push(to);
    }
    result.push({ ...copy, storageKey, variants });
  }
  return result;
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const stream = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
