/**
 * A LIKE/ILIKE pattern that finds `text` anywhere, with its own % and _ taken literally: the one
 * way every list's search box reaches the database.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
