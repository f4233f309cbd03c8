import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import type { z } from 'zod';
import { fieldErrors } from './errors';

type FieldMessages = Record<string, string>;
/** A check's findings; an undefined entry means that field passed. */
type CheckMessages = Record<string, string | undefined>;

export type SchemaForm<Values, Output> = UseFormReturnType<Values, Output> & {
  /** Shows a failed request's issues next to their fields (and clears them when it has none). */
  setServerErrors: (error: unknown) => void;
};

type Options<Values> = {
  initialValues: Values;
  /** Rules the schema cannot hold; see below. */
  check?: (values: Values) => CheckMessages;
  /**
   * The request body the values stand for, when the two differ (a checkbox that adds a key, a
   * value sent only when changed); the schema's issue paths must still name the inputs.
   */
  toInput?: (values: Values) => unknown;
};

/**
 * The one way a screen holds a form: a Mantine form checked by the shared schema the server uses
 * (the server checks it again), so its messages are the ones the server would answer with. The
 * submit handler receives the schema's output (trimmed, defaulted), and `setServerErrors` puts a
 * 400's issues on the same fields, so a screen maps no errors of its own.
 *
 * `check` holds rules the schema cannot know: ones that depend on loaded data (a custom field's
 * "required"), a second password box, or a screen's own wording for an empty input. Its messages
 * are shown with the schema's, and win where both name the same field.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output>,
  options: Options<Values> & { toInput: (values: Values) => unknown },
): SchemaForm<Values, Output>;
export function useSchemaForm<Values extends Input, Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<Options<Values>, 'toInput'>,
): SchemaForm<Values, Output>;
export function useSchemaForm<Values extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output>,
  options: Options<Values>,
): SchemaForm<Values, Output> {
  const toInput = options.toInput ?? ((values: Values): unknown => values);
  // Sync: the shared schemas have no async refinements, and a sync check keeps submit immediate.
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<Values, Output>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values): FormErrors => {
      const errors = resolve(toInput(values));
      return options.check ? { ...errors, ...options.check(values) } : errors;
    },
    // Only reached after validation passed, so parse cannot throw here.
    transformValues: (values) => schema.parse(toInput(values)),
    // Messages stay until the next submit, as they always have on these screens.
    clearInputErrorOnChange: false,
  });
  return Object.assign(form, { setServerErrors: (error: unknown) => form.setErrors(fieldErrors(error)) });
}

/** Field messages as plain text, for components that take a `Record<string, string>` of errors. */
export function errorTexts(errors: FormErrors): FieldMessages {
  const texts: FieldMessages = {};
  for (const [path, message] of Object.entries(errors))
    if (typeof message === 'string') texts[path] = message;
  return texts;
}
