import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './errors';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './text';

/**
 * Every route's params, query and body pass here: first the check for text that cannot be stored
 * (once, for all routes), then the route's shared Zod schema.
 */
export const validateRequestPart: FastifySchemaCompiler<ZodType> = (route) => {
  const bySchema = validatorCompiler(route);
  return (data: unknown) => {
    const issue = findUnstorableText(data);
    if (issue) return { error: new AppError(400, 'validation', UNSTORABLE_TEXT_MESSAGE, [issue]) };
    return bySchema(data);
  };
};
