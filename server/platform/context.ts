import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Jobs } from './jobs';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage';

/** What every module's service needs from the platform; built once per process (or per test). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
};
