import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avatarColorGroup, initialsOf } from './avatar';

describe('avatarColorGroup (spec: a-e, f-k, l-p, q-t, u-z)', () => {
  it.each([
    ['Ada', 0],
    ['eve', 0],
    ['Fatima', 1],
    ['Kofi', 1],
    ['Lena', 2],
    ['Priya', 2],
    ['Quinn', 3],
    ['Tomasz', 3],
    ['Ursula', 4],
    ['Zoë', 4],
    ['  bo', 0],
  ] as const)('%s is in group %i', (name, group) => {
    expect(avatarColorGroup(name)).toBe(group);
  });

  it('puts any other first character in the last group, and always answers a group', () => {
    expect(avatarColorGroup('')).toBe(4);
    expect(avatarColorGroup('Émile')).toBe(4);
    fc.assert(fc.property(fc.string(), (name) => [0, 1, 2, 3, 4].includes(avatarColorGroup(name))));
  });
});

describe('initialsOf', () => {
  it('takes the first and last words, upper case', () => {
    expect(initialsOf('Ravi Shah')).toBe('RS');
    expect(initialsOf('mary ann de souza')).toBe('MS');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('shows SU for the platform’s own changes (spec: System Update with initials SU)', () => {
    expect(initialsOf('System Update')).toBe('SU');
  });

  it('never answers empty, and at most two characters', () => {
    expect(initialsOf('   ')).toBe('?');
    fc.assert(
      fc.property(fc.string(), (name) => {
        const out = initialsOf(name);
        return out.length > 0 && Array.from(out).length <= 2;
      }),
    );
  });
});
