import { can, type Permission } from '../auth/permissions';

/**
 * Comments on a task, one thread per team (spec: Comment, Reply; decision 0011). Organisers
 * (moderator and above) and the team's members read and write a thread; no other team ever sees it.
 * Pure rules shared by the server and the screens: who may do what, mentions, order.
 */

export const COMMENT_ERRORS = {
  invalidComment: 'Invalid comment',
  invalidReply: 'Invalid reply',
  notFound: 'Comment not found',
  pinDenied: 'Only the team owner or an organiser can pin comments',
  pinReply: 'Only comments can be pinned, not replies',
  replyToReply: 'Reply to the comment instead',
  deleteDenied: 'You can only delete your own comments',
} as const;

/** Who is looking at a team's thread, as the rules need it. */
export type ThreadViewer = {
  accountId: string;
  level: Permission;
  /** The viewer's own team in the event, if any. */
  teamId: string | null;
  isTeamOwner: boolean;
};

/** Organisers run the event: moderators and above see and moderate every team's thread. */
export const isOrganiser = (viewer: Pick<ThreadViewer, 'level'>) => can(viewer.level, 'moderator');

export function canReadThread(viewer: ThreadViewer, threadTeamId: string): boolean {
  return isOrganiser(viewer) || viewer.teamId === threadTeamId;
}

/** Pinning puts a comment on top for the whole team: the owner leads the team, organisers run the event. */
export function canPin(viewer: ThreadViewer, threadTeamId: string): boolean {
  return isOrganiser(viewer) || (viewer.teamId === threadTeamId && viewer.isTeamOwner);
}

export function canDelete(viewer: ThreadViewer, threadTeamId: string, authorId: string): boolean {
  if (!canReadThread(viewer, threadTeamId)) return false;
  return isOrganiser(viewer) || authorId === viewer.accountId;
}

// ---- Mentions ----

export type Mentionable = { id: string; firstName: string; surname: string };

export const mentionName = (m: Pick<Mentionable, 'firstName' | 'surname'>) =>
  `${m.firstName} ${m.surname}`.trim();

const isNameChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_'-]/u.test(ch);

/**
 * The members mentioned in a text: each '@First Surname' (case-insensitive) of a member, not
 * followed by another letter, so '@Ann Lee' does not mention Ann Leeming. A longer name wins where
 * two start alike ('@Ann Lee-Smith' mentions Ann Lee-Smith, not Ann Lee). Each member counts once.
 */
export function findMentions(text: string, members: readonly Mentionable[]): string[] {
  const lower = text.toLocaleLowerCase();
  const byLength = [...members]
    .map((m) => ({ id: m.id, name: `@${mentionName(m).toLocaleLowerCase()}` }))
    .filter((m) => m.name.length > 1)
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Set<string>();
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    // An address such as ann@example.com is not a mention.
    if (at > 0 && isNameChar(lower[at - 1])) continue;
    const match = byLength.find(
      (m) => lower.startsWith(m.name, at) && !isNameChar(lower[at + m.name.length]),
    );
    if (match) found.add(match.id);
  }
  return [...found];
}

/** The word being typed after an '@' at the caret, for the suggestion list; null when none. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1 || (at > 0 && isNameChar(before[at - 1]))) return null;
  const query = before.slice(at + 1);
  // A mention is at most a first name and a surname: two words, no line break.
  if (/\n/.test(query) || query.split(' ').length > 2) return null;
  return { start: at, query };
}

/** Members whose name starts with the query (either name, or the whole name), at most `limit`. */
export function mentionSuggestions<M extends Mentionable>(
  members: readonly M[],
  query: string,
  limit = 6,
): M[] {
  const q = query.trim().toLocaleLowerCase();
  return members
    .filter((m) => {
      const name = mentionName(m).toLocaleLowerCase();
      return name.startsWith(q) || m.surname.toLocaleLowerCase().startsWith(q);
    })
    .slice(0, limit);
}

/** Replaces the '@query' at the caret with '@First Surname ' and answers the new text and caret. */
export function insertMention(
  text: string,
  caret: number,
  member: Pick<Mentionable, 'firstName' | 'surname'>,
): { text: string; caret: number } {
  const current = mentionQuery(text, caret);
  const start = current?.start ?? caret;
  const inserted = `@${mentionName(member)} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

// ---- Order ----

/** Pinned comments first (most recently pinned on top), then the conversation oldest first. */
export function orderComments<C extends { isPinned: boolean; pinnedAt: string | null; createdAt: string }>(
  comments: readonly C[],
): C[] {
  return [...comments].sort((a, b) => {
    if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
    if (a.isPinned && b.isPinned) return (b.pinnedAt ?? '').localeCompare(a.pinnedAt ?? '');
    return a.createdAt.localeCompare(b.createdAt);
  });
}
