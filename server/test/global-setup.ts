import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../platform/db/client';
import { migrate } from '../platform/db/migrate';
import { ROOT_DIR } from '../platform/paths';

/**
 * One template per run (its own name), so two runs on one PostgreSQL — two checkouts, or a run
 * while another one's setup drops its template — never build test databases from each other's.
 */
const TEMPLATE_DB = `portal_test_template_${process.pid}`;

/**
 * Migrates one template database for the whole run: a PGlite data dir dumped to a file (each
 * test file loads a copy in well under a second), or on PostgreSQL a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, TEMPLATE_DB));
    await migrate(database);
    await database.close();
    project.provide('databaseUrl', url);
    project.provide('templateDb', TEMPLATE_DB);
    project.provide('pgliteTemplate', '');
    return async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await dropper.end();
    };
  }
  const database = await openPglite(undefined);
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const dir = join(ROOT_DIR, '.tmp');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'pglite-template.tar.gz');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  project.provide('databaseUrl', '');
  project.provide('templateDb', '');
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    databaseUrl: string;
    templateDb: string;
  }
}
