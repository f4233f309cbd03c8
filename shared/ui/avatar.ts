/** Avatar colour groups by first letter (spec: a-e, f-k, l-p, q-t, u-z); anything else joins the last. */
export function avatarColorGroup(name: string): 0 | 1 | 2 | 3 | 4 {
  const c = name.trim().charAt(0).toLowerCase();
  if (c >= 'a' && c <= 'e') return 0;
  if (c >= 'f' && c <= 'k') return 1;
  if (c >= 'l' && c <= 'p') return 2;
  if (c >= 'q' && c <= 't') return 3;
  return 4;
}

/**
 * Up to two initials: the first letters of the first and last words ("Ravi Shah" RS, "Cher" C).
 * The platform's own changes are by "System Update", so they show SU as the spec asks.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  // One character each, also when upper case makes two of one ("ß" is "SS").
  const initial = (word: string) => Array.from(Array.from(word)[0]?.toUpperCase() ?? '')[0] ?? '';
  return words.length > 1 ? `${initial(words[0])}${initial(words[words.length - 1])}` : initial(words[0]);
}
