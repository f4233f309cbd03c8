import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canPin,
  canReadThread,
  findMentions,
  insertMention,
  mentionQuery,
  mentionSuggestions,
  orderComments,
  type ThreadViewer,
} from './comments';
import { applyAssignment, parseCommentInput, toggleLike } from './schema';

const team = 'team-a';
const viewer = (over: Partial<ThreadViewer> = {}): ThreadViewer => ({
  accountId: 'me',
  level: 'user',
  teamId: team,
  isTeamOwner: false,
  ...over,
});

describe('who may read, pin and delete in a team thread', () => {
  it('lets the team and organisers read; never another team, nor someone in no team', () => {
    expect(canReadThread(viewer(), team)).toBe(true);
    expect(canReadThread(viewer({ teamId: 'team-b' }), team)).toBe(false);
    expect(canReadThread(viewer({ teamId: null }), team)).toBe(false);
    expect(canReadThread(viewer({ teamId: null, level: 'moderator' }), team)).toBe(true);
    // A report viewer reads reports, not other teams' conversations.
    expect(canReadThread(viewer({ teamId: 'team-b', level: 'reportViewer' }), team)).toBe(false);
  });

  it('lets the team owner and organisers pin, not members nor another team owner', () => {
    expect(canPin(viewer(), team)).toBe(false);
    expect(canPin(viewer({ isTeamOwner: true }), team)).toBe(true);
    expect(canPin(viewer({ isTeamOwner: true, teamId: 'team-b' }), team)).toBe(false);
    expect(canPin(viewer({ level: 'admin', teamId: null }), team)).toBe(true);
  });

  it('deletes own comments, or any as an organiser', () => {
    expect(canDelete(viewer(), team, 'me')).toBe(true);
    expect(canDelete(viewer(), team, 'someone')).toBe(false);
    expect(canDelete(viewer({ isTeamOwner: true }), team, 'someone')).toBe(false);
    expect(canDelete(viewer({ level: 'moderator', teamId: null }), team, 'someone')).toBe(true);
    expect(canDelete(viewer({ teamId: 'team-b' }), team, 'me')).toBe(false);
  });
});

describe('mentions', () => {
  const ann = { id: 'ann', firstName: 'Ann', surname: 'Lee' };
  const annSmith = { id: 'ann-smith', firstName: 'Ann', surname: 'Lee-Smith' };
  const bo = { id: 'bo', firstName: 'Bø', surname: 'Østergaard' };
  const members = [ann, annSmith, bo];

  it('finds each @First Surname of a member, case-insensitive, once', () => {
    expect(findMentions('@Ann Lee can you check? cc @ann lee', members)).toEqual(['ann']);
    expect(findMentions('@bø østergaard and @Ann Lee-Smith', members)).toEqual(['bo', 'ann-smith']);
  });

  it('does not match a longer name, an email address, or a first name alone', () => {
    expect(findMentions('@Ann Leeming', members)).toEqual([]);
    expect(findMentions('write to ann@Ann Lee.example', members)).toEqual([]);
    expect(findMentions('@Ann, thanks', members)).toEqual([]);
    expect(findMentions('no mention here', members)).toEqual([]);
  });

  it('finds every member whose mention is in a text, whatever surrounds it (property)', () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ firstName: name, surname: name }), {
          minLength: 1,
          maxLength: 5,
          selector: (m) => `${m.firstName} ${m.surname}`.toLowerCase(),
        }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.array(fc.constantFrom(' ', '. ', ', ', '\n', '! '), { minLength: 6, maxLength: 6 }),
        (people, picks, gaps) => {
          const list = people.map((p, i) => ({ ...p, id: `m${i}` }));
          const chosen = [...new Set(picks.map((p) => p % list.length))];
          const text =
            chosen.map((i, k) => `${gaps[k]}@${list[i].firstName} ${list[i].surname}`).join('') + gaps[5];
          const found = findMentions(text, list);
          // Every chosen member is found; anyone else found has a name that is also written there.
          for (const i of chosen) expect(found).toContain(list[i].id);
          for (const id of found) {
            const m = list.find((x) => x.id === id);
            expect(text.toLowerCase()).toContain(`@${m?.firstName} ${m?.surname}`.toLowerCase());
          }
        },
      ),
    );
  });

  it('offers suggestions while typing after @, and inserts the full name', () => {
    expect(mentionQuery('Hello @An', 9)).toEqual({ start: 6, query: 'An' });
    expect(mentionQuery('Hello @Ann Le', 13)).toEqual({ start: 6, query: 'Ann Le' });
    expect(mentionQuery('mail ann@x', 10)).toBeNull();
    expect(mentionQuery('@Ann Lee thanks a lot', 21)).toBeNull();
    expect(mentionQuery('no at sign', 5)).toBeNull();
    expect(mentionSuggestions(members, 'ann le').map((m) => m.id)).toEqual(['ann', 'ann-smith']);
    expect(mentionSuggestions(members, 'øst').map((m) => m.id)).toEqual(['bo']);
    expect(mentionSuggestions(members, '', 2)).toHaveLength(2);
    expect(insertMention('Hi @An please', 6, ann)).toEqual({ text: 'Hi @Ann Lee  please', caret: 12 });
  });
});

describe('order, likes and assignment', () => {
  it('puts pinned comments first, most recently pinned on top, then oldest first', () => {
    const c = (id: string, createdAt: string, pinnedAt: string | null = null) => ({
      id,
      createdAt,
      isPinned: pinnedAt !== null,
      pinnedAt,
    });
    const ordered = orderComments([
      c('a', '2027-01-01T10:00:00Z'),
      c('b', '2027-01-01T09:00:00Z'),
      c('p1', '2027-01-01T11:00:00Z', '2027-01-02T10:00:00Z'),
      c('p2', '2027-01-01T08:00:00Z', '2027-01-03T10:00:00Z'),
    ]);
    expect(ordered.map((x) => x.id)).toEqual(['p2', 'p1', 'b', 'a']);
  });

  it('toggles a like per user: twice is nothing (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid()), fc.uuid(), (likes, user) => {
        const once = toggleLike(likes, user);
        expect(once.includes(user)).toBe(!likes.includes(user));
        expect(new Set(toggleLike(once, user))).toEqual(new Set(likes));
      }),
    );
  });

  it('adds and removes assignees without duplicates', () => {
    expect(applyAssignment(['a', 'b'], { add: ['b', 'c'], remove: ['a'] })).toEqual(['b', 'c']);
    expect(applyAssignment([], { add: ['a', 'a'], remove: [] })).toEqual(['a']);
  });

  it('trims comment text and refuses an empty one with the spec words', () => {
    expect(parseCommentInput({ text: '  hi  ' })).toEqual({ text: 'hi' });
    expect(() => parseCommentInput({ text: '   ' })).toThrow('Invalid comment');
  });
});
