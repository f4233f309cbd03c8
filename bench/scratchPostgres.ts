import pg from 'pg';
import { type Database, openPostgres } from '../server/platform/db/client';

/** A database of its own on the server `url` names, made for one run and dropped after it. */
export async function scratchPostgres(
  url: string,
  prefix: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
