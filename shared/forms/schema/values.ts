import { z } from 'zod';
import { idSchema } from './common';

// The kinds of answer a submission stores, keyed by field id (spec: Submission value kinds).

export const textValueSchema = z.string();
export const numberValueSchema = z.number();
export const booleanValueSchema = z.boolean();
/** Ids of the chosen options of a checkbox or dropdown, in the order chosen. */
export const choiceValueSchema = z.array(z.string());

export const uploadedFileSchema = z.strictObject({
  /** The stored file's id (the platform's files); the server checks it belongs to this answer. */
  id: z.uuid().optional(),
  name: z.string().min(1),
  /** Bytes. */
  size: z.number().int().min(0),
  /** MIME type as the browser reported it. */
  type: z.string().default(''),
  /** Where the server stored it (forms/submissions/{submissionId}/{fieldId}...). */
  path: z.string().optional(),
  url: z.string().optional(),
});
export type UploadedFile = z.output<typeof uploadedFileSchema>;
export const filesValueSchema = z.array(uploadedFileSchema);

const part = z.string().optional();

export const addressValueSchema = z.strictObject({
  addressLine1: part,
  addressLine2: part,
  city: part,
  county: part,
  country: part,
  postcode: part,
});
export type AddressValue = z.output<typeof addressValueSchema>;

export const nameValueSchema = z.strictObject({
  prefix: part,
  firstName: part,
  middleName: part,
  surname: part,
  postNominals: part,
});
export type NameValue = z.output<typeof nameValueSchema>;

const cellValueSchema = z.union([z.string(), z.number()]).optional();
export const repeaterRowSchema = z.strictObject({
  cell1: cellValueSchema,
  cell2: cellValueSchema,
  cell3: cellValueSchema,
  cell4: cellValueSchema,
});
export type RepeaterRow = z.output<typeof repeaterRowSchema>;
export const repeaterValueSchema = z.array(repeaterRowSchema);

/** The price is the item's price when the answer was saved, in minor units. */
export const itemQuantitySchema = z.strictObject({
  itemId: idSchema,
  price: z.number().int().min(0),
  quantity: z.number().int().min(0),
});
export type ItemQuantity = z.output<typeof itemQuantitySchema>;
export const itemListValueSchema = z.array(itemQuantitySchema);

/** Every kind of answer except a template's (templates do not nest). */
export const plainValueSchema = z.union([
  textValueSchema,
  numberValueSchema,
  booleanValueSchema,
  choiceValueSchema,
  filesValueSchema,
  addressValueSchema,
  nameValueSchema,
  repeaterValueSchema,
  itemListValueSchema,
]);
export type PlainValue = z.output<typeof plainValueSchema>;

/** A looping template's answers: one record of answers per loop. */
export const templateValueSchema = z.strictObject({
  loopCount: z.number().int().min(0),
  templateValues: z.array(z.record(z.string(), plainValueSchema)),
});
export type TemplateValue = z.output<typeof templateValueSchema>;

export const fieldValueSchema = z.union([plainValueSchema, templateValueSchema]);
export type FieldValue = z.output<typeof fieldValueSchema>;
export type FieldValueInput = z.input<typeof fieldValueSchema>;

export const submissionValuesSchema = z.record(z.string(), fieldValueSchema);
export type SubmissionValues = z.output<typeof submissionValuesSchema>;
