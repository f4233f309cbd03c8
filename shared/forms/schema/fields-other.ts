import { z } from 'zod';
import { idSchema } from './common';
import { fieldCommonShape, plainField } from './field-common';

// Priced item lists and their grand total, layout items, and templates that embed a field group.

/** Prices are integers in minor units (pence, cents) so totals never drift. */
export const MAX_ITEM_PRICE = 1_000_000_000;

/** The most loops a template may allow. */
export const MAX_LOOPS = 100;

export const itemSchema = z.strictObject({
  itemId: idSchema,
  label: z.string().default(''),
  price: z.number().int().min(0).max(MAX_ITEM_PRICE),
  description: z.string().default(''),
});
export type Item = z.output<typeof itemSchema>;

export const itemListFieldSchema = z.strictObject({
  type: z.literal('itemList'),
  ...fieldCommonShape,
  items: z.array(itemSchema).default(() => []),
  showTotal: z.boolean().default(true),
  showPrice: z.boolean().default(true),
  showSubtotals: z.boolean().default(true),
});

export const grandTotalFieldSchema = plainField('grandTotal');

export const customTextFieldSchema = plainField('customText');
export const sectionFieldSchema = plainField('section');
export const newPageFieldSchema = plainField('newPage');
export const dividerFieldSchema = plainField('divider');

export const calloutStyleSchema = z.enum(['default', 'info', 'success', 'warning', 'error']);

export const calloutFieldSchema = z.strictObject({
  type: z.literal('callout'),
  ...fieldCommonShape,
  style: calloutStyleSchema.default('default'),
});

export const imageFieldSchema = z.strictObject({
  type: z.literal('image'),
  ...fieldCommonShape,
  assetId: z.string().default(''),
});

export const youTubeFieldSchema = z.strictObject({
  type: z.literal('youTube'),
  ...fieldCommonShape,
  videoId: z.string().default(''),
});

export const vimeoFieldSchema = z.strictObject({
  type: z.literal('vimeo'),
  ...fieldCommonShape,
  videoId: z.string().default(''),
});

export const templateFieldSchema = z.strictObject({
  type: z.literal('template'),
  ...fieldCommonShape,
  fieldGroupId: idSchema,
  isLooping: z.boolean().default(false),
  /** Capped so that no answer can make the engine build an unbounded number of loops. */
  maxLoops: z.number().int().min(1).max(MAX_LOOPS).default(1),
  /** 'Guest' gives loop titles 'Guest 1', 'Guest 2'. */
  loopPrefix: z.string().default(''),
  /** Use the field group's title ('Guest details 1') even when a prefix is set. */
  isUsingDefaultTitles: z.boolean().default(false),
});
