/**
 * What a statement writes, read from its SQL text: the read cache follows the writes this way
 * (decision 0042), so no service has to remember which cached read models its write touches.
 * Drizzle quotes every table and column name, also inside `sql` templates that interpolate a
 * table, so a write reads `insert into "t"`, `update "t" set "c" = …` or `delete from "t"`, at the
 * start of the statement or inside a CTE.
 */
export type WriteKind = 'insert' | 'update' | 'delete';
/** `columns` is the columns an update sets, or null when they cannot be told (every column then). */
export type TableWrite = { kind: WriteKind; table: string; columns: string[] | null };

const WRITE = /\b(insert\s+into|update|delete\s+from)\s+"([^"]+)"/gi;

/** Quick test first: most statements are reads, and this runs for every one. */
const MAY_WRITE = /\b(insert|update|delete)\b/i;

export function writesOf(sqlText: string): TableWrite[] {
  if (!MAY_WRITE.test(sqlText)) return [];
  const writes: TableWrite[] = [];
  for (const match of sqlText.matchAll(WRITE)) {
    const verb = match[1].toLowerCase();
    const kind: WriteKind = verb.startsWith('insert')
      ? 'insert'
      : verb.startsWith('delete')
        ? 'delete'
        : 'update';
    const table = match[2];
    const columns = kind === 'update' ? setColumns(sqlText, (match.index ?? 0) + match[0].length) : null;
    writes.push({ kind, table, columns });
  }
  return writes;
}

/**
 * The columns of an update's `set` list, read from `from` on: `"c" = …` pairs at the list's own
 * depth, up to its `where`, `from` or `returning` (or the end of a CTE's parentheses). A tuple
 * form `set (a, b) = (…)`, or anything else, is null: treated as every column.
 */
const PAIR = /"([^"]+)"\s*=/y;
const END = /\s(where|from|returning)\b/iy;

function setColumns(sqlText: string, from: number): string[] | null {
  const rest = sqlText.slice(from);
  const start = /^\s*set\s+/i.exec(rest);
  if (!start) return null;
  const columns: string[] = [];
  let depth = 0;
  let expectColumn = true;
  for (let i = start[0].length; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === "'") {
      const close = rest.indexOf("'", i + 1);
      if (close < 0) return null;
      i = close;
    } else if (ch === '(') {
      if (depth === 0 && expectColumn) return null;
      depth++;
    } else if (ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && ch === ',') {
      expectColumn = true;
    } else if (depth === 0 && expectColumn && ch === '"') {
      PAIR.lastIndex = i;
      const pair = PAIR.exec(rest);
      if (!pair) return null;
      columns.push(pair[1]);
      expectColumn = false;
      i += pair[0].length - 1;
    } else if (depth === 0 && (ch === ' ' || ch === '\n')) {
      END.lastIndex = i;
      if (END.test(rest)) break;
    } else if (depth === 0 && expectColumn) {
      return null;
    }
  }
  return columns.length > 0 ? columns : null;
}
