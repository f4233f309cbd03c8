import { z } from 'zod';

/** Ids are opaque strings: the server makes UUIDs, fixtures use readable ids. */
export const idSchema = z.string().trim().min(1);

/**
 * "Number or empty" in the spec: builders post '' for a cleared input, so '' is read as empty
 * (null) instead of being refused.
 */
export const optionalNumberSchema = z
  .union([z.number(), z.null(), z.literal('')])
  .transform((value) => (value === '' ? null : value))
  .default(null);

/** The same, for counts (selections, rows, loops): whole numbers of 0 or more. */
export const optionalCountSchema = z
  .union([z.number().int().min(0), z.null(), z.literal('')])
  .transform((value) => (value === '' ? null : value))
  .default(null);

/** Created and updated stamps every stored entity carries. */
export const stampsShape = {
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
};

/** Stamps on records the builder sends before the server has stamped them. */
export const optionalStampsShape = {
  createdAt: z.string().optional(),
  createdBy: z.string().optional(),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
};

export const operatorSchema = z.enum(['ANY', 'ALL']).default('ANY');
export type Operator = z.output<typeof operatorSchema>;

/** The error the engine throws for data that fails its shape check; the message is the spec's. */
export class FormsDataError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(message: string, issues: readonly z.core.$ZodIssue[] = []) {
    super(message);
    this.name = 'FormsDataError';
    this.issues = issues;
  }
}

/** Parses with a schema and throws the spec's message (with Zod's issues attached) on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new FormsDataError(message, result.error.issues);
  return result.data;
}
