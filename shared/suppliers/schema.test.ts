import { describe, expect, it } from 'vitest';
import { contactSchema, groupIdSchema, SUPPLIER_ERRORS, supplierBodySchema } from './schema';

const TYPE = '11111111-1111-4111-8111-111111111111';

describe('supplierBodySchema (spec: text trimmed, valid contact email, empty arrays, false booleans)', () => {
  it('trims text and fills the defaults', () => {
    const parsed = supplierBodySchema.parse({
      company: '  Apex Stands  ',
      website: ' https://apex.example ',
    });
    expect(parsed).toEqual({
      company: 'Apex Stands',
      description: '',
      website: 'https://apex.example',
      logoUrl: '',
      logoFileId: null,
      isFeatured: false,
      contacts: [],
      showToTeamTypeIds: [],
      hideFromTeamTypeIds: [],
      groupIds: [],
    });
  });

  it('trims contacts and lower-cases their email', () => {
    const contact = contactSchema.parse({ firstName: ' Ana ', email: ' Ana@Apex.Example ' });
    expect(contact).toEqual({
      firstName: 'Ana',
      surname: '',
      phone: '',
      email: 'ana@apex.example',
      jobTitle: '',
    });
  });

  it('refuses a contact email that is not an e-mail, a blank company, and unknown keys', () => {
    expect(
      supplierBodySchema.safeParse({ company: 'X', contacts: [{ email: 'not-an-email' }] }).success,
    ).toBe(false);
    expect(supplierBodySchema.safeParse({ company: '   ' }).success).toBe(false);
    expect(supplierBodySchema.safeParse({ company: 'X', colour: 'red' }).success).toBe(false);
    expect(supplierBodySchema.safeParse({ company: 'X', website: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });

  it('refuses a logo given twice and a team type both shown to and hidden from', () => {
    const twice = supplierBodySchema.safeParse({
      company: 'X',
      logoUrl: 'https://x.example/logo.png',
      logoFileId: TYPE,
    });
    expect(twice.error?.issues[0].message).toBe(SUPPLIER_ERRORS.logoTwice);
    const both = supplierBodySchema.safeParse({
      company: 'X',
      showToTeamTypeIds: [TYPE],
      hideFromTeamTypeIds: [TYPE],
    });
    expect(both.error?.issues[0].message).toBe(SUPPLIER_ERRORS.shownAndHidden);
  });

  it("answers 'No ID' for an empty group id", () => {
    expect(groupIdSchema.safeParse('  ').error?.issues[0].message).toBe('No ID');
    expect(supplierBodySchema.safeParse({ company: 'X', groupIds: [''] }).error?.issues[0].message).toBe(
      'No ID',
    );
    expect(supplierBodySchema.parse({ company: 'X', groupIds: [TYPE, TYPE] }).groupIds).toEqual([TYPE]);
  });
});
