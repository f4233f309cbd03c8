import { z } from 'zod';

/** Spec, shape checks: "Version text must be a valid semantic version (digits.digits.digits; empty means 0.0.0)". */
export const VERSION_ERROR = 'version must be a valid semantic version';

const SEMVER = /^\d+\.\d+\.\d+$/;

/** An event's version: digits.digits.digits; an empty text is read as 0.0.0. */
export const semanticVersionSchema = z
  .string()
  .trim()
  .transform((text) => (text === '' ? '0.0.0' : text))
  .refine((text) => SEMVER.test(text), VERSION_ERROR);

export { BUILD_HEADER } from './buildHeader';
