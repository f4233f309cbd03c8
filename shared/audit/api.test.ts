import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIT_REDACTED, AUDIT_REDACTED_FIELDS, diffFields, redact } from './api';

describe('what an audit entry may keep', () => {
  it('redacts secret-looking fields at any depth and keeps the rest', () => {
    expect(
      redact({
        name: 'CRM',
        password: 'x',
        nested: { headerValue: 'v', webhookSecret: 's' },
        list: [{ tokenHash: 'h' }],
      }),
    ).toEqual({
      name: 'CRM',
      password: AUDIT_REDACTED,
      nested: { headerValue: 'v', webhookSecret: AUDIT_REDACTED },
      list: [{ tokenHash: AUDIT_REDACTED }],
    });
  });

  it('never keeps the value of a secret field, whatever the value (property)', () => {
    const secretKey = fc.constantFrom(
      'password',
      'newPassword',
      'secret',
      'token',
      'passwordHash',
      'Authorization',
    );
    fc.assert(
      fc.property(secretKey, fc.jsonValue(), (key, value) => {
        const kept = JSON.stringify(redact({ outer: { [key]: value } }));
        expect(AUDIT_REDACTED_FIELDS.test(key)).toBe(true);
        expect(kept).toBe(JSON.stringify({ outer: { [key]: AUDIT_REDACTED } }));
      }),
    );
  });

  it('replaces text jsonb cannot hold (NUL, a lone surrogate)', () => {
    expect(redact('a\u0000b')).toBe('a\ufffdb');
    expect(redact('x\ud800y')).toBe('x\ufffdy');
    expect(redact('emoji 😀 stays')).toBe('emoji 😀 stays');
  });

  it('diffs only the fields that changed, before and after, without bookkeeping columns', () => {
    expect(
      diffFields(
        { title: 'Send logo', dueDate: '2027-04-01', updatedAt: 1, password: 'a' },
        { title: 'Send the logo', dueDate: '2027-04-01', updatedAt: 2, password: 'b' },
      ),
    ).toEqual({
      title: { before: 'Send logo', after: 'Send the logo' },
      password: { before: AUDIT_REDACTED, after: AUDIT_REDACTED },
    });
    expect(diffFields(null, { title: 'New' })).toEqual({ title: { after: 'New' } });
    expect(diffFields({ title: 'Gone' }, null)).toEqual({ title: { before: 'Gone' } });
  });

  it('sees no change in records whose keys come in another order (jsonb reorders them)', () => {
    const stored = { contacts: [{ email: 'ana@apex.example', lastName: 'Ng', firstName: 'Ana' }] };
    const sent = { contacts: [{ firstName: 'Ana', lastName: 'Ng', email: 'ana@apex.example' }] };
    expect(diffFields(stored, sent)).toEqual({});
    expect(diffFields(stored, { contacts: [{ ...sent.contacts[0], lastName: 'Lee' }] })).toHaveProperty(
      'contacts',
    );
    expect(diffFields({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toHaveProperty('tags');
  });

  it('compares as JSON text would, once keys are put in one order (property)', () => {
    const sortKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortKeys)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .sort(([x], [y]) => (x < y ? -1 : 1))
                .map(([k, x]) => [k, sortKeys(x)]),
            )
          : v;
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const changed = 'field' in diffFields({ field: a }, { field: b });
        expect(changed).toBe(JSON.stringify(sortKeys(a)) !== JSON.stringify(sortKeys(b)));
      }),
    );
  });
});
