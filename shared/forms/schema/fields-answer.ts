import { z } from 'zod';
import { idSchema, optionalCountSchema, optionalNumberSchema } from './common';
import { fieldCommonShape, partSchema, plainField } from './field-common';

// Fields a person answers with text, a number, a date, a choice, a file or a tick.

export const textFieldSchema = plainField('text');
export const emailFieldSchema = plainField('email');
export const telFieldSchema = plainField('tel');
export const urlFieldSchema = plainField('url');
export const areaFieldSchema = plainField('area');
export const dateFieldSchema = plainField('date');

export const numberFieldSchema = z.strictObject({
  type: z.literal('number'),
  ...fieldCommonShape,
  min: optionalNumberSchema,
  max: optionalNumberSchema,
});

/** An option of a checkbox or dropdown. Without an id, its value serves as the id rules point at. */
export const choiceOptionSchema = z
  .strictObject({
    id: idSchema.optional(),
    label: z.string(),
    value: z.string(),
    isDisabled: z.boolean().optional(),
    data: z.json().optional(),
  })
  .transform(({ id, ...option }) => ({ id: id ?? option.value, ...option }));
export type ChoiceOption = z.output<typeof choiceOptionSchema>;

const choiceShape = {
  ...fieldCommonShape,
  isMulti: z.boolean().default(false),
  /** Fewest and most selections when isMulti. */
  min: optionalCountSchema,
  max: optionalCountSchema,
};

export const defaultCheckboxOptions = (): ChoiceOption[] => [
  { id: 'yes', label: 'Yes', value: 'yes' },
  { id: 'no', label: 'No', value: 'no' },
];

export const checkboxFieldSchema = z.strictObject({
  type: z.literal('checkbox'),
  ...choiceShape,
  options: z.array(choiceOptionSchema).default(defaultCheckboxOptions),
});

export const dropdownFieldSchema = z.strictObject({
  type: z.literal('dropdown'),
  ...choiceShape,
  options: z.array(choiceOptionSchema).default(() => []),
});

export const ADDRESS_PARTS = [
  'addressLine1',
  'addressLine2',
  'city',
  'county',
  'country',
  'postcode',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const addressFieldSchema = z.strictObject({
  type: z.literal('address'),
  ...fieldCommonShape,
  addressLine1: partSchema('Address line 1', true),
  addressLine2: partSchema('Address line 2', true),
  city: partSchema('City', true),
  county: partSchema('County', true),
  country: partSchema('Country', true),
  postcode: partSchema('Postcode', true),
});

export const NAME_PARTS = ['prefix', 'firstName', 'middleName', 'surname', 'postNominals'] as const;
export type NamePart = (typeof NAME_PARTS)[number];

export const fullNameFieldSchema = z.strictObject({
  type: z.literal('fullName'),
  ...fieldCommonShape,
  prefix: partSchema('Prefix', false),
  firstName: partSchema('First name', true),
  middleName: partSchema('Middle name', true),
  surname: partSchema('Surname', true),
  postNominals: partSchema('Post-nominals', false),
});

export const REPEATER_CELLS = ['cell1', 'cell2', 'cell3', 'cell4'] as const;
export type RepeaterCell = (typeof REPEATER_CELLS)[number];
export const repeaterCellTypeSchema = z.enum(['text', 'email', 'tel', 'url', 'number', 'date']);

const repeaterCellSchema = z.strictObject({
  label: z.string().default(''),
  type: repeaterCellTypeSchema.default('text'),
});

export const repeaterFieldSchema = z.strictObject({
  type: z.literal('repeater'),
  ...fieldCommonShape,
  // A strict object with four optional keys is what keeps a repeater to at most four cells.
  cellSchema: z
    .strictObject({
      cell1: repeaterCellSchema.optional(),
      cell2: repeaterCellSchema.optional(),
      cell3: repeaterCellSchema.optional(),
      cell4: repeaterCellSchema.optional(),
    })
    .refine((cells) => REPEATER_CELLS.some((cell) => cells[cell]), 'A repeater needs at least one cell')
    .default(() => ({ cell1: { label: '', type: 'text' as const } })),
  /** Fewest and most rows. */
  min: optionalCountSchema,
  max: optionalCountSchema,
});

export const uploadAcceptSchema = z.enum(['images', 'docs', 'videos']);
export type UploadAccept = z.output<typeof uploadAcceptSchema>;

export const uploadFieldSchema = z.strictObject({
  type: z.literal('upload'),
  ...fieldCommonShape,
  isMulti: z.boolean().default(false),
  hasMaxFileSize: z.boolean().default(false),
  maxFileSizeMB: optionalNumberSchema,
  accept: z.array(uploadAcceptSchema).default((): UploadAccept[] => ['images', 'docs', 'videos']),
});

export const disclaimerFieldSchema = z.strictObject({
  type: z.literal('disclaimer'),
  ...fieldCommonShape,
  isRequired: z.boolean().default(true),
});
