import { z } from 'zod';
import { parseOrThrow } from './common';
import {
  addressFieldSchema,
  areaFieldSchema,
  checkboxFieldSchema,
  dateFieldSchema,
  disclaimerFieldSchema,
  dropdownFieldSchema,
  emailFieldSchema,
  fullNameFieldSchema,
  numberFieldSchema,
  repeaterFieldSchema,
  telFieldSchema,
  textFieldSchema,
  uploadFieldSchema,
  urlFieldSchema,
} from './fields-answer';
import {
  calloutFieldSchema,
  customTextFieldSchema,
  dividerFieldSchema,
  grandTotalFieldSchema,
  imageFieldSchema,
  itemListFieldSchema,
  newPageFieldSchema,
  sectionFieldSchema,
  templateFieldSchema,
  vimeoFieldSchema,
  youTubeFieldSchema,
} from './fields-other';

/** Every field type, in the order the builder offers them. */
export const FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'url',
  'number',
  'area',
  'date',
  'checkbox',
  'dropdown',
  'address',
  'fullName',
  'repeater',
  'upload',
  'disclaimer',
  'itemList',
  'grandTotal',
  'customText',
  'section',
  'newPage',
  'divider',
  'callout',
  'image',
  'youTube',
  'vimeo',
  'template',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const fieldSchema = z.discriminatedUnion('type', [
  textFieldSchema,
  emailFieldSchema,
  telFieldSchema,
  urlFieldSchema,
  numberFieldSchema,
  areaFieldSchema,
  dateFieldSchema,
  checkboxFieldSchema,
  dropdownFieldSchema,
  addressFieldSchema,
  fullNameFieldSchema,
  repeaterFieldSchema,
  uploadFieldSchema,
  disclaimerFieldSchema,
  itemListFieldSchema,
  grandTotalFieldSchema,
  customTextFieldSchema,
  sectionFieldSchema,
  newPageFieldSchema,
  dividerFieldSchema,
  calloutFieldSchema,
  imageFieldSchema,
  youTubeFieldSchema,
  vimeoFieldSchema,
  templateFieldSchema,
]);

/** A field as stored: every default filled in. */
export type Field = z.output<typeof fieldSchema>;
/** A field as the builder may send it: defaults may be left out. */
export type FieldInput = z.input<typeof fieldSchema>;
export type FieldOf<T extends FieldType> = Extract<Field, { type: T }>;

export function isFieldOf<T extends FieldType>(field: Field, type: T): field is FieldOf<T> {
  return field.type === type;
}

/** Which list a batch of fields came in, so a failure carries the spec's message for it. */
export type FieldListKind = 'fields' | 'new' | 'updated' | 'first';

const fieldListMessages: Record<FieldListKind, string> = {
  fields: 'Invalid fields',
  new: 'Invalid new fields',
  updated: 'Invalid updated fields',
  first: 'Invalid first field',
};

/** Parses one field; throws 'Invalid field'-family errors in the spec's words. */
export function parseField(input: unknown, kind: FieldListKind = 'fields'): Field {
  return parseOrThrow(fieldSchema, input, fieldListMessages[kind]);
}

/** Parses a batch of fields (a group's fields, an update's new or updated fields). */
export function parseFields(input: unknown, kind: FieldListKind = 'fields'): Field[] {
  return parseOrThrow(z.array(fieldSchema), input, fieldListMessages[kind]);
}
