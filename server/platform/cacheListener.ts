import pg from 'pg';
import type { Logger } from 'pino';
import type { ReadCache } from './cache';
import { READ_CACHE_CHANNEL } from './db/cacheNotify';

/**
 * The read cache on PostgreSQL (decision 0051): this process keeps ONE connection that LISTENs for
 * the writes every process (this one too) tells at commit (`db/cacheNotify.ts`), and drops the
 * models they name. The cache is on only while that connection listens:
 * - until the first LISTEN succeeds, and from the moment the connection is lost (an error, its end,
 *   or a heartbeat not answered in time) until a new one listens, the cache is bypassed (every
 *   read goes to the database, nothing is stored) and cleared, because notifications sent
 *   meanwhile are lost to this process. A lost notification never leaves a stale answer.
 * - once listening again, it is cleared (the generation moves on, so a load that started while
 *   bypassed does not store what it read) and switched on.
 */

export type CacheListener = {
  /** Resolves once this process listens, or its first attempt failed (it keeps retrying). */
  ready: Promise<void>;
  /** Whether the cache is on right now (listening). */
  readonly listening: boolean;
  /** The listening connection's server process id (a test ends it to prove the bypass). */
  readonly backendPid: number | null;
  /** How many notifications this process has heard (a test waits for one to arrive). */
  readonly heardCount: number;
  close(): Promise<void>;
};

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
/** How often the listening connection proves it is alive, and how long it may take to answer. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

export function startCacheListener(
  connectionString: string,
  cache: ReadCache,
  logger: Pick<Logger, 'warn' | 'info'>,
  options: { heartbeatMs?: number } = {},
): CacheListener {
  let client: pg.Client | null = null;
  let closed = false;
  let heardCount = 0;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  const bypass = () => {
    cache.enabled = false;
    cache.listening = false;
    cache.clear();
    cache.releaseEchoes();
  };
  bypass();

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    bypass();
    clearInterval(heartbeat);
    c.end().catch(() => {});
    if (closed) return;
    logger.warn({ err }, 'read cache listener lost: the cache is bypassed until it listens again');
    schedule();
  };

  const schedule = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: 'portal-cache-listener', keepAlive: true });
    c.on('notification', (msg) => {
      if (msg.channel !== READ_CACHE_CHANNEL) return;
      heardCount++;
      // `models|nonce`. An empty or unreadable payload drops everything: a reload is cheaper than
      // a stale answer.
      const [models, nonce] = (msg.payload ?? '').split('|');
      if (models) cache.dropModels(models.split(','));
      else cache.clear();
      if (nonce) cache.heard(nonce);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${READ_CACHE_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      if (!closed) {
        logger.warn({ err }, 'read cache listener could not listen; retrying (cache bypassed)');
        schedule();
      }
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = RETRY_FIRST_MS;
    // Whatever was written before this LISTEN was not heard: start from nothing.
    cache.clear();
    cache.enabled = true;
    cache.listening = true;
    heartbeat = setInterval(() => {
      const timer = setTimeout(
        () => lost(c, new Error('heartbeat not answered in time')),
        HEARTBEAT_TIMEOUT_MS,
      );
      timer.unref();
      c.query('select 1').then(
        () => clearTimeout(timer),
        (err) => {
          clearTimeout(timer);
          lost(c, err);
        },
      );
    }, heartbeatMs);
    heartbeat.unref();
  };

  const ready = listen();
  return {
    ready,
    get listening() {
      return client !== null;
    },
    get heardCount() {
      return heardCount;
    },
    get backendPid() {
      return (client as unknown as { processID?: number } | null)?.processID ?? null;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      bypass();
      await c?.end().catch(() => {});
    },
  };
}
