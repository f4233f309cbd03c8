import { describe, expect, it } from 'vitest';
import { cateringOrderFixture, hotelBookingFixture, standBuildFixture } from './fixtures';
import { testForm } from './testing';
import { validateSubmission } from './validate';

const stand = standBuildFixture.definition;

describe('validateSubmission', () => {
  it('checks required fields only when they are shown', () => {
    // A shell scheme stand never sees the construction page, so its required fields do not apply.
    const result = validateSubmission(stand, {
      'sb-stand-number': 'A1',
      'sb-stand-type': ['shell'],
      'sb-fascia-name': 'NORTHWIND',
      'sb-build-date': '2026-06-14',
      'sb-health-safety': true,
      'sb-regulations': true,
    });
    expect(result.problems).toEqual([]);
    expect(result.isValid).toBe(true);
  });

  it('lists every problem with its field, loop and a message for a person', () => {
    const result = validateSubmission(stand, {
      'sb-stand-type': ['space'],
      'sb-stand-height': 9,
      'sb-contractor-email': 'tom@',
    });
    expect(result.isValid).toBe(false);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        {
          fieldId: 'sb-stand-number',
          templateFieldId: null,
          loopIndex: null,
          message: 'This field is required',
        },
        {
          fieldId: 'sb-contractor-email',
          templateFieldId: null,
          loopIndex: null,
          message: 'Enter a valid email address, like name@example.com',
        },
        {
          fieldId: 'sb-stand-height',
          templateFieldId: null,
          loopIndex: null,
          message: 'Enter a number no greater than 6',
        },
        {
          fieldId: 'sb-health-safety',
          templateFieldId: null,
          loopIndex: null,
          message: 'You must accept this to continue',
        },
      ]),
    );
    expect(result.problems.map((problem) => problem.fieldId)).not.toContain('sb-fascia-name');
  });

  it('drops the answers of hidden fields and of ids that are not fields', () => {
    const result = validateSubmission(stand, {
      'sb-stand-type': ['shell'],
      'sb-fascia-name': 'NORTHWIND',
      'sb-contractor-company': 'Typed before switching to shell scheme',
      'sb-intro-section': 'layout items hold nothing',
      'not-a-field': 'x',
    });
    expect(result.values).toEqual({ 'sb-stand-type': ['shell'], 'sb-fascia-name': 'NORTHWIND' });
  });

  it('lets a draft skip required checks but not type checks', () => {
    const result = validateSubmission(
      stand,
      { 'sb-stand-type': ['space'], 'sb-stand-height': 'tall' },
      { isDraft: true },
    );
    expect(result.problems).toEqual([
      { fieldId: 'sb-stand-height', templateFieldId: null, loopIndex: null, message: 'Enter a number' },
    ]);
  });

  it('checks each loop of a template with its own logic, naming the loop', () => {
    const values = {
      'hb-hotel': ['riverside'],
      'hb-guests': {
        loopCount: 2,
        templateValues: [
          {
            'hg-name': { firstName: 'Ann', surname: 'Lee' },
            'hg-email': 'ann@example.com',
            'hg-arrival': '2026-06-15',
            'hg-departure': '2026-06-18',
            'hg-room': ['single'],
          },
          {
            'hg-name': { firstName: 'Bo', surname: 'Chan' },
            'hg-email': 'bo@example.com',
            'hg-arrival': '2026-06-15',
            'hg-departure': '2026-06-31',
            'hg-room': ['twin'],
            'hg-parking': ['yes'],
          },
        ],
      },
    };
    const result = validateSubmission(hotelBookingFixture.definition, values);
    expect(result.problems).toEqual([
      {
        fieldId: 'hg-departure',
        templateFieldId: 'hb-guests',
        loopIndex: 1,
        message: 'Enter a real date, like 2026-03-14',
      },
      {
        fieldId: 'hg-car-registration',
        templateFieldId: 'hb-guests',
        loopIndex: 1,
        message: 'This field is required',
      },
    ]);
  });

  it('stores template answers per loop, hidden nested answers dropped', () => {
    const result = validateSubmission(hotelBookingFixture.definition, hotelBookingFixture.submission.values);
    expect(result.isValid).toBe(true);
    const guests = result.values['hb-guests'];
    expect(guests).toMatchObject({ loopCount: 3 });
    const stale = {
      ...hotelBookingFixture.submission.values,
      'hb-guests': {
        loopCount: 1,
        templateValues: [
          {
            'hg-name': { firstName: 'Ann', surname: 'Lee' },
            'hg-email': 'ann@example.com',
            'hg-arrival': '2026-06-15',
            'hg-departure': '2026-06-18',
            'hg-room': ['single'],
            'hg-parking': ['no'],
            'hg-car-registration': 'OLD 123',
          },
        ],
      },
    };
    const cleaned = validateSubmission(hotelBookingFixture.definition, stale);
    expect(cleaned.isValid).toBe(true);
    expect(cleaned.values['hb-guests']).toEqual({
      loopCount: 1,
      templateValues: [
        {
          'hg-name': { firstName: 'Ann', surname: 'Lee' },
          'hg-email': 'ann@example.com',
          'hg-arrival': '2026-06-15',
          'hg-departure': '2026-06-18',
          'hg-room': ['single'],
          'hg-parking': ['no'],
        },
      ],
    });
  });

  it('requires the first loop of an untouched template', () => {
    const result = validateSubmission(hotelBookingFixture.definition, { 'hb-hotel': ['riverside'] });
    expect(
      result.problems.filter((problem) => problem.loopIndex === 0).map((problem) => problem.fieldId),
    ).toEqual(['hg-name', 'hg-email', 'hg-arrival', 'hg-departure', 'hg-room']);
  });

  it('stores item lists at the list prices', () => {
    const tampered = {
      ...cateringOrderFixture.submission.values,
      'co-catering': [{ itemId: 'tea-coffee', price: 1, quantity: 2 }],
    };
    const result = validateSubmission(cateringOrderFixture.definition, tampered);
    expect(result.values['co-catering']).toEqual([{ itemId: 'tea-coffee', price: 1250, quantity: 2 }]);
  });

  it('reports instead of throwing when the answers are not an object', () => {
    for (const input of ['text', 42, [1, 2], true]) {
      const result = validateSubmission(testForm([{ id: 'a', type: 'text' }]), input);
      expect(result.problems[0]).toEqual({
        fieldId: '',
        templateFieldId: null,
        loopIndex: null,
        message: 'The answers could not be read. Reload the form and try again',
      });
    }
  });
});
