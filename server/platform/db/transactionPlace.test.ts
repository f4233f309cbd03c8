import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '../..');
const MODULES = join(SERVER, 'modules');
/** The one place a transaction is opened (decision 0048). */
const OPENER = join(__dirname, 'transaction.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Line numbers of each `.transaction(` not marked, on the line or the two before, as a meant savepoint. */
function transactionsOpened(text: string): number[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!/\.transaction\s*\(/.test(line)) return [];
    const near = lines.slice(Math.max(0, i - 2), i + 1).join('\n');
    return /Savepoint meant:/.test(near) ? [] : [i + 1];
  });
}

describe('transactions', () => {
  /**
   * Services own transactions (withTransaction, with its after-commit effects); a route that opened
   * one would bring back the hand-wired "dispatch after commit" this rule removed (decision 0021).
   */
  it('route files open none', () => {
    const files = sourceFiles(MODULES).filter((file) => /outes\.ts$/.test(file));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files
      .filter((file) => /\.transaction\s*\(|withTransaction\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(MODULES, file));
    expect(offenders).toEqual([]);
  });

  /**
   * One way to open a transaction (decision 0048): `withTransaction` joins the one open in the call
   * chain and runs after-commit effects; a raw `db.transaction` would open a second one (a deadlock
   * on PGlite's one connection) and `tx.transaction` a savepoint. A savepoint that is really meant
   * says so in a comment starting "Savepoint meant:".
   */
  it('open only through withTransaction, outside tests', () => {
    const files = sourceFiles(SERVER).filter((file) => file !== OPENER);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      transactionsOpened(readFileSync(file, 'utf8')).map((line) => `${relative(SERVER, file)}:${line}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees a raw transaction, and a marked savepoint passes', () => {
    const found = (text: string) => transactionsOpened(text).length > 0;
    expect(found('  await ctx.db.transaction(async (tx) => {')).toBe(true);
    expect(found('  return db\n    .transaction((tx) => work(tx));')).toBe(true);
    expect(found('// A savepoint.\nawait tx.transaction((sp) => one(sp));')).toBe(true);
    expect(found('// Savepoint meant: one row fails alone.\nawait tx.transaction((sp) => one(sp));')).toBe(
      false,
    );
  });
});
