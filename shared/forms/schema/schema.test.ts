import { describe, expect, it } from 'vitest';
import { FormsDataError } from './common';
import { parseConfirmation } from './confirmation';
import { fieldSchema, parseField, parseFields } from './field';
import { fieldGroupInputSchema, parseFieldGroup } from './field-group';
import { parseForm } from './form';
import { parseNotification, parseNotifications } from './notification';
import { parseSubmissionAfterUpload } from './submission';
import { parseWebhook } from './webhook';

const stamps = {
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'u1',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'u1',
};

function thrownMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormsDataError);
    return error instanceof Error ? error.message : '';
  }
  throw new Error('expected an error');
}

describe('field defaults, from the spec', () => {
  it('gives every field empty label, report label, description and not required', () => {
    const field = parseField({ id: 'f1', type: 'text' });
    expect(field).toMatchObject({
      label: '',
      reportLabel: '',
      description: '',
      isRequired: false,
      fieldGroupId: '',
    });
  });

  it('gives number min and max as empty, and reads an empty input as empty', () => {
    expect(parseField({ id: 'n', type: 'number' })).toMatchObject({ min: null, max: null });
    expect(parseField({ id: 'n', type: 'number', min: '', max: 10 })).toMatchObject({ min: null, max: 10 });
  });

  it('gives a checkbox the options Yes/yes and No/no, single choice', () => {
    const field = parseField({ id: 'c', type: 'checkbox' });
    expect(field).toMatchObject({
      isMulti: false,
      min: null,
      max: null,
      options: [
        { id: 'yes', label: 'Yes', value: 'yes' },
        { id: 'no', label: 'No', value: 'no' },
      ],
    });
  });

  it('gives a dropdown no options, and an option without id its value as id', () => {
    expect(parseField({ id: 'd', type: 'dropdown' })).toMatchObject({ options: [] });
    const field = parseField({
      id: 'd',
      type: 'dropdown',
      options: [{ label: 'Red', value: 'red', isDisabled: true }],
    });
    expect(field).toMatchObject({ options: [{ id: 'red', label: 'Red', value: 'red', isDisabled: true }] });
  });

  it('shows every address part by default', () => {
    const field = parseField({ id: 'a', type: 'address' });
    for (const part of ['addressLine1', 'addressLine2', 'city', 'county', 'country', 'postcode']) {
      expect(field).toHaveProperty([part, 'show'], true);
    }
    expect(field).toHaveProperty(['postcode', 'label'], 'Postcode');
  });

  it('shows firstName, middleName and surname of a full name, not prefix or postNominals', () => {
    const field = parseField({ id: 'n', type: 'fullName' });
    expect(field).toMatchObject({
      prefix: { show: false },
      firstName: { show: true },
      middleName: { show: true },
      surname: { show: true },
      postNominals: { show: false },
    });
  });

  it('keeps a repeater to at most four cells', () => {
    expect(parseField({ id: 'r', type: 'repeater' })).toMatchObject({
      cellSchema: { cell1: { type: 'text' } },
    });
    const fiveCells = { cell1: {}, cell2: {}, cell3: {}, cell4: {}, cell5: {} };
    expect(fieldSchema.safeParse({ id: 'r', type: 'repeater', cellSchema: fiveCells }).success).toBe(false);
    expect(fieldSchema.safeParse({ id: 'r', type: 'repeater', cellSchema: {} }).success).toBe(false);
  });

  it('gives an upload one file, no size override and every accept group', () => {
    expect(parseField({ id: 'u', type: 'upload' })).toMatchObject({
      isMulti: false,
      hasMaxFileSize: false,
      maxFileSizeMB: null,
      accept: ['images', 'docs', 'videos'],
    });
    expect(fieldSchema.safeParse({ id: 'u', type: 'upload', accept: ['zips'] }).success).toBe(false);
  });

  it('makes a disclaimer required by default', () => {
    expect(parseField({ id: 'd', type: 'disclaimer' }).isRequired).toBe(true);
    expect(parseField({ id: 'd', type: 'disclaimer', isRequired: false }).isRequired).toBe(false);
  });

  it('gives an item list its totals shown, and refuses prices that are not whole minor units', () => {
    const field = parseField({
      id: 'i',
      type: 'itemList',
      items: [{ itemId: 'a', label: 'Chair', price: 1850 }],
    });
    expect(field).toMatchObject({ showTotal: true, showPrice: true, showSubtotals: true });
    expect(
      fieldSchema.safeParse({ id: 'i', type: 'itemList', items: [{ itemId: 'a', price: 18.5 }] }).success,
    ).toBe(false);
    expect(
      fieldSchema.safeParse({ id: 'i', type: 'itemList', items: [{ itemId: 'a', price: -1 }] }).success,
    ).toBe(false);
  });

  it("gives a callout the style 'default' and media their ids", () => {
    expect(parseField({ id: 'c', type: 'callout' })).toMatchObject({ style: 'default' });
    expect(parseField({ id: 'i', type: 'image' })).toMatchObject({ assetId: '' });
    expect(parseField({ id: 'y', type: 'youTube', videoId: 'abc' })).toMatchObject({ videoId: 'abc' });
    expect(parseField({ id: 'v', type: 'vimeo' })).toMatchObject({ videoId: '' });
  });

  it('gives a template maxLoops 1, not looping', () => {
    const field = parseField({ id: 't', type: 'template', fieldGroupId: 'g' });
    expect(field).toMatchObject({
      isLooping: false,
      maxLoops: 1,
      loopPrefix: '',
      isUsingDefaultTitles: false,
    });
    expect(fieldSchema.safeParse({ id: 't', type: 'template', fieldGroupId: 'g', maxLoops: 0 }).success).toBe(
      false,
    );
  });

  it('parses every layout type with no settings of its own', () => {
    for (const type of ['customText', 'section', 'newPage', 'divider', 'grandTotal'] as const) {
      expect(parseField({ id: 'x', type }).type).toBe(type);
    }
  });

  it('rejects unknown keys and unknown types rather than store them', () => {
    expect(fieldSchema.safeParse({ id: 'x', type: 'text', colour: 'red' }).success).toBe(false);
    expect(fieldSchema.safeParse({ id: 'x', type: 'signature' }).success).toBe(false);
  });
});

describe("the spec's error messages", () => {
  it('names the list a bad field came in', () => {
    expect(thrownMessage(() => parseFields([{ id: 'x' }]))).toBe('Invalid fields');
    expect(thrownMessage(() => parseFields([{ id: 'x' }], 'new'))).toBe('Invalid new fields');
    expect(thrownMessage(() => parseFields([{ id: 'x' }], 'updated'))).toBe('Invalid updated fields');
    expect(thrownMessage(() => parseField({ type: 'text' }, 'first'))).toBe('Invalid first field');
  });

  it('refuses a bad form, confirmation, notification, webhook and submission in their own words', () => {
    expect(thrownMessage(() => parseForm({ title: 'No id' }))).toBe('Invalid form');
    expect(thrownMessage(() => parseConfirmation({ id: 'c', isActive: 'yes' }))).toBe('Invalid confirmation');
    expect(thrownMessage(() => parseNotification({ id: 'n', sendToType: 'everyone' }))).toBe(
      'Invalid notification',
    );
    expect(thrownMessage(() => parseNotifications([{ id: 'n', sendToLoopIndex: -1 }]))).toBe(
      'Invalid notifications',
    );
    expect(thrownMessage(() => parseWebhook({ id: 'w', requestURL: 'not a url' }))).toBe('Invalid webhook');
    expect(
      thrownMessage(() => parseSubmissionAfterUpload({ id: 's', values: { a: { b: Symbol('x') } } })),
    ).toBe('Invalid submission data after upload');
  });

  it('refuses a field group without its stamps, and accepts one with them', () => {
    const group = { id: 'g', title: ' Guests ', description: '', fieldIds: [], logicMap: {} };
    expect(thrownMessage(() => parseFieldGroup(group))).toBe('Invalid field group');
    const parsed = parseFieldGroup({ ...group, ...stamps });
    // The parser defaults the flags to false and trims the title.
    expect(parsed).toMatchObject({ title: 'Guests', isPublished: false, isArchived: false });
  });

  it('starts a new field group published, unarchived and empty', () => {
    expect(fieldGroupInputSchema.parse({ id: 'g' })).toMatchObject({
      isPublished: true,
      isArchived: false,
      fieldIds: [],
      title: '',
    });
  });
});

describe('form, confirmation, notification, webhook and submission defaults', () => {
  it('fills a form with empty lists, an empty logic map and every flag off', () => {
    expect(parseForm({ id: 'f' })).toMatchObject({
      fieldIds: [],
      logicMap: {},
      isArchived: false,
      isPublished: false,
      isEditable: false,
      isPublic: false,
    });
  });

  it('reads a logic entry with operator ANY, rule text/equals and empty branches', () => {
    const form = parseForm({
      id: 'f',
      logicMap: { q: { rules: [{ sourceId: 'q', sourceValue: 3 }], elseFieldId: null } },
    });
    expect(form.logicMap.q).toEqual({
      operator: 'ANY',
      thenFieldId: '',
      elseFieldId: '',
      rules: [
        {
          sourceId: 'q',
          sourceType: 'text',
          sourceValue: '3',
          condition: 'equals',
          loopIndex: null,
          nestedId: '',
          nestedType: '',
          nestedValue: '',
          loopOperator: '',
        },
      ],
    });
  });

  it('makes a confirmation active and not the default', () => {
    expect(parseConfirmation({ id: 'c' })).toMatchObject({
      isActive: true,
      isDefault: false,
      operator: 'ANY',
      rules: [],
    });
  });

  it('sends a notification to the user, with the form title as subject, loop 0', () => {
    expect(parseNotification({ id: 'n' })).toMatchObject({
      sendToType: 'user',
      isFormTitleSubjectLine: true,
      sendToLoopIndex: 0,
      isActive: true,
    });
  });

  it('posts a webhook as JSON, active, and checks payload fields by category', () => {
    const webhook = parseWebhook({ id: 'w', requestURL: 'https://hooks.example/x' });
    expect(webhook).toMatchObject({
      isActive: true,
      requestMethod: 'POST',
      requestFormat: 'JSON',
      payloadFields: [],
    });
    const badClient = { category: 'client', targetId: 'who', sourceId: 'password' };
    expect(() =>
      parseWebhook({ id: 'w', requestURL: 'https://hooks.example/x', payloadFields: [badClient] }),
    ).toThrow('Invalid webhook');
    const nested = { category: 'customField', targetId: 'x', sourceId: 'cf', nestedKey: 'city' };
    expect(() =>
      parseWebhook({ id: 'w', requestURL: 'https://hooks.example/x', payloadFields: [nested] }),
    ).toThrow();
    expect(() => parseWebhook({ id: 'w', requestURL: 'ftp://files.example/x' })).toThrow('Invalid webhook');
    expect(() =>
      parseWebhook({ id: 'w', requestURL: 'https://a.example', headerValue: 'a\r\nX-Evil: 1' }),
    ).toThrow();
  });
});
