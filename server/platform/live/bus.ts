import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { liveMessageSchema } from '../../../shared/live/schema';
import type { Database, DbOrTx } from '../db/client';
import { liveAudienceSchema } from './audience';
import { createLockPlaces, createMemoryPlaces, type StreamPlaces } from './places';

/**
 * The bus that carries live signals between the code that changes something and the open streams.
 * On PostgreSQL it is LISTEN/NOTIFY on one channel, so a change in any server process reaches the
 * streams of every process: each process keeps ONE listening connection (not one per stream),
 * opened when its first stream opens and closed after its last. On PGlite, which one process owns,
 * it is an in-process emitter.
 */

export const LIVE_CHANNEL = 'portal_live';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

const noteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signal'),
    eventId: z.string(),
    to: liveAudienceSchema,
    message: liveMessageSchema,
  }),
  /** A session ended (sign-out): every stream opened with it closes, in every process. */
  z.object({ kind: z.literal('sessionEnded'), sessionKey: z.string() }),
  /**
   * Every session of an account ended (a password or email change, the account disabled or
   * deleted): all its streams close, in every process.
   */
  z.object({ kind: z.literal('accountEnded'), accountId: z.string() }),
]);
export type BusNote = z.infer<typeof noteSchema>;
/**
 * What a subscriber hears: the notes; `resync` when notes may have been missed; `placeLost` when
 * this process lost a stream's place (places.ts) to another process while its connection was down.
 */
export type BusEvent = BusNote | { kind: 'resync' } | { kind: 'placeLost'; accountId: string; place: number };
type Handler = (event: BusEvent) => void;

export interface LiveBus {
  /** Sends a note to every process; inside a transaction (`db` a tx) it leaves at commit. */
  publish(db: DbOrTx, note: BusNote): Promise<void>;
  /** Resolves once this process listens (or its first attempt failed: it keeps retrying). */
  subscribe(handler: Handler): { ready: Promise<void>; unsubscribe(): void };
  /** The streams' places per account, counted across every process that shares the bus. */
  places: StreamPlaces;
}

function encode(note: BusNote): string {
  const payload = JSON.stringify(note);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`live note of ${Buffer.byteLength(payload)} bytes is over the NOTIFY limit`);
  }
  return payload;
}

function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(_db, note) {
      encode(note);
      // As NOTIFY does, deliver after the caller goes on (never inside its stack).
      setImmediate(() => emitter.emit('note', note));
    },
    subscribe(handler) {
      emitter.on('note', handler);
      return { ready: Promise.resolve(), unsubscribe: () => emitter.off('note', handler) };
    },
    places: createMemoryPlaces(),
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

function createPostgresBus(connectionString: string, logger: Logger): LiveBus {
  const handlers = new Set<Handler>();
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let everListened = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  const dropped = new WeakSet<pg.Client>();
  // Stream places are advisory locks on the listening connection: it lives exactly while streams do.
  const places = createLockPlaces(() => client, logger);

  const dispatch = (event: BusEvent) => {
    for (const handler of handlers) handler(event);
  };

  const drop = (c: pg.Client) => {
    if (dropped.has(c)) return;
    dropped.add(c);
    if (client === c) client = null;
    c.end().catch(() => {});
    if (handlers.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const listen = (): Promise<void> => {
    if (starting) return starting;
    starting = (async () => {
      const c = new pg.Client({ connectionString, application_name: 'portal-live-listener' });
      c.on('error', (err) => {
        logger.warn({ err }, 'live listener connection lost; reconnecting');
        drop(c);
      });
      c.on('end', () => drop(c));
      c.on('notification', (msg) => {
        if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
        try {
          dispatch(noteSchema.parse(JSON.parse(msg.payload)));
        } catch (err) {
          logger.warn({ err }, 'live listener: a note it could not read was ignored');
        }
      });
      try {
        await c.connect();
        await c.query(`listen ${LIVE_CHANNEL}`);
      } catch (err) {
        logger.warn({ err }, 'live listener could not listen; retrying');
        drop(c);
        return;
      }
      if (handlers.size === 0) {
        drop(c);
        return;
      }
      client = c;
      retryMs = RETRY_FIRST_MS;
      // Whatever was sent while this process did not listen is lost: streams refetch.
      // Places held without a connection (an old one's locks went with it, or the first attempt
      // failed) are locked on this one; streams whose place another process took meanwhile close.
      try {
        for (const lost of await places.retake(c)) dispatch({ kind: 'placeLost', ...lost });
      } catch (err) {
        logger.warn({ err }, 'live listener could not take its stream places again');
      }
      if (everListened) dispatch({ kind: 'resync' });
      everListened = true;
    })().finally(() => {
      starting = null;
    });
    return starting;
  };

  return {
    async publish(db, note) {
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encode(note)})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      const ready = client ? Promise.resolve() : listen();
      return {
        ready,
        unsubscribe() {
          handlers.delete(handler);
          if (handlers.size > 0) return;
          clearTimeout(retryTimer);
          retryTimer = undefined;
          if (client) drop(client);
        },
      };
    },
    places,
  };
}

const buses = new WeakMap<Database, LiveBus>();

/** The bus of one database: one per process in production, one per test app in the tests. */
export function liveBus(database: Database, logger: Logger): LiveBus {
  let bus = buses.get(database);
  if (!bus) {
    bus =
      database.kind === 'postgres' && database.connectionString
        ? createPostgresBus(database.connectionString, logger)
        : createLocalBus();
    buses.set(database, bus);
  }
  return bus;
}
