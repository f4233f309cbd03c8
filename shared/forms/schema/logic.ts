import { z } from 'zod';
import { operatorSchema } from './common';

/**
 * What a rule reads. Field kinds name how a field's answer is compared; 'template' reads a looping
 * template (its loop count, or a field inside its loops); 'customField' reads the submitting
 * team's custom field; 'client' reads the signed-in person and their team.
 */
export const SOURCE_TYPES = [
  'text',
  'number',
  'checkbox',
  'dropdown',
  'boolean',
  'template',
  'customField',
  'client',
] as const;
export const sourceTypeSchema = z.enum(SOURCE_TYPES);
export type SourceType = z.output<typeof sourceTypeSchema>;

/** The 'client' sources a rule or a webhook payload can read. */
export const CLIENT_SOURCES = [
  'userId',
  'firstName',
  'surname',
  'fullName',
  'email',
  'teamId',
  'teamName',
] as const;
export const clientSourceSchema = z.enum(CLIENT_SOURCES);
export type ClientSource = z.output<typeof clientSourceSchema>;

/**
 * Which loops of a template a rule looks at: 'any' loop, 'all' loops, or the loop at 'index'
 * (loopIndex). Empty reads as 'index' when a loopIndex is set, else 'any'.
 */
export const loopOperatorSchema = z.enum(['', 'any', 'all', 'index']).default('');
export type LoopOperator = z.output<typeof loopOperatorSchema>;

/** Rule values are compared as text, so numbers and booleans sent by a builder are kept as text. */
const comparedValueSchema = z
  .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
  .default('');

export const conditionSchema = z.enum(['equals', 'notEquals']).default('equals');
export type Condition = z.output<typeof conditionSchema>;

export const ruleSchema = z.strictObject({
  sourceId: z.string().min(1),
  sourceType: sourceTypeSchema.default('text'),
  /** An option id for checkbox and dropdown sources, otherwise the text to compare with. */
  sourceValue: comparedValueSchema,
  condition: conditionSchema,
  /** 0-based loop a rule on a template looks at, or empty. */
  loopIndex: z
    .union([z.number().int().min(0), z.null(), z.literal('')])
    .transform((value) => (value === '' ? null : value))
    .default(null),
  /** The field inside the template's group that the rule reads. */
  nestedId: z.string().default(''),
  nestedType: z.union([z.literal(''), sourceTypeSchema]).default(''),
  nestedValue: comparedValueSchema,
  loopOperator: loopOperatorSchema,
});
export type Rule = z.output<typeof ruleSchema>;
export type RuleInput = z.input<typeof ruleSchema>;

/** Either branch may be left empty ("show X when ..." with no otherwise). */
const branchSchema = z
  .union([z.string(), z.null()])
  .transform((value) => value ?? '')
  .default('');

export const logicEntrySchema = z.strictObject({
  operator: operatorSchema,
  rules: z.array(ruleSchema).default(() => []),
  thenFieldId: branchSchema,
  elseFieldId: branchSchema,
});
export type LogicEntry = z.output<typeof logicEntrySchema>;
export type LogicEntryInput = z.input<typeof logicEntrySchema>;

/** Logic entries keyed by the id of the field that owns them (see docs/decisions/0002-form-logic.md). */
export const logicMapSchema = z.record(z.string(), logicEntrySchema).default(() => ({}));
export type LogicMap = z.output<typeof logicMapSchema>;
