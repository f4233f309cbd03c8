import type { z } from 'zod';
import type { Field, FieldOf, FieldType } from '../schema/field';
import { isFieldOf } from '../schema/field';

/**
 * How answers are turned into text: the event's locale and currency. (Answers hold calendar days,
 * never instants, so no time zone is needed.)
 */
export interface TextContext {
  locale: string;
  currency: string;
}

export const defaultTextContext: TextContext = {
  locale: 'en-GB',
  currency: 'GBP',
};

export interface ValidationMode {
  /** A draft skips the required checks (and minimum counts) but not the type checks. */
  isDraft: boolean;
}

/** A raw answer read for a field: nothing given, a well-typed value, or a type problem. */
export type Reading<V> =
  | { status: 'empty' }
  | { status: 'value'; value: V }
  | { status: 'invalid'; message: string };

export const EMPTY: { status: 'empty' } = { status: 'empty' };
export const invalid = (message: string): { status: 'invalid'; message: string } => ({
  status: 'invalid',
  message,
});
export const present = <V>(value: V): { status: 'value'; value: V } => ({ status: 'value', value });

/** What one field type knows about itself, written with its own precise types. */
export interface FieldTypeSpec<T extends FieldType, V> {
  type: T;
  /** The name the builder shows ('Short Text', 'Phone Number'). */
  displayName: string;
  /** False for layout items and computed fields: nothing is stored for them. */
  holdsValue: boolean;
  /** The stored answer's shape, or null when the type holds no value. */
  valueSchema: z.ZodType<V> | null;
  /** The answer of an untouched field (what the form starts with). */
  emptyValue: V | null;
  /** Turns a raw answer (JSON from a browser or the database) into a typed one, or says why not. */
  read(field: FieldOf<T>, raw: unknown): Reading<V>;
  /** Problems with a present answer (ranges, formats, counts); minimum counts are skipped for drafts. */
  check(field: FieldOf<T>, value: V, mode: ValidationMode): string[];
  /** Shown when a required field is left empty. */
  requiredMessage: string;
  /** What is stored for an answer that passed its checks, when that differs from what was read. */
  store?(field: FieldOf<T>, value: V): V;
  /** The answer as text for reports, emails and webhooks. */
  toText(field: FieldOf<T>, value: V, context: TextContext): string;
}

export interface Validated {
  reading: Reading<unknown>;
  messages: string[];
}

/** A field type's behaviour with the answer's type erased, so the engine can treat all alike. */
export interface FieldTypeEntry {
  type: FieldType;
  displayName: string;
  holdsValue: boolean;
  valueSchema: z.ZodType | null;
  emptyValue: unknown;
  requiredMessage: string;
  read(field: Field, raw: unknown): Reading<unknown>;
  /**
   * Reads and checks an answer: type problems always, required and minimums unless a draft. The
   * reading returned holds the value to store.
   */
  validate(field: Field, raw: unknown, mode: ValidationMode): Validated;
  /** The answer as text; '' when empty or unreadable. */
  toText(field: Field, raw: unknown, context: TextContext): string;
}

const wrongType = (field: Field, type: FieldType): { status: 'invalid'; message: string } =>
  invalid(`The field "${field.label}" is a ${field.type} field, not a ${type} field`);

export function defineFieldType<T extends FieldType, V>(spec: FieldTypeSpec<T, V>): FieldTypeEntry {
  const read = (field: Field, raw: unknown): Reading<V> =>
    isFieldOf(field, spec.type) ? spec.read(field, raw) : wrongType(field, spec.type);
  return {
    type: spec.type,
    displayName: spec.displayName,
    holdsValue: spec.holdsValue,
    valueSchema: spec.valueSchema,
    emptyValue: spec.emptyValue,
    requiredMessage: spec.requiredMessage,
    read,
    validate(field, raw, mode) {
      if (!isFieldOf(field, spec.type)) {
        const reading = wrongType(field, spec.type);
        return { reading, messages: [reading.message] };
      }
      const reading = spec.read(field, raw);
      if (reading.status === 'invalid') return { reading, messages: [reading.message] };
      if (reading.status === 'empty') {
        const missing = field.isRequired && !mode.isDraft && spec.holdsValue;
        return { reading, messages: missing ? [spec.requiredMessage] : [] };
      }
      const messages = spec.check(field, reading.value, mode);
      const stored = spec.store ? present(spec.store(field, reading.value)) : reading;
      return { reading: stored, messages };
    },
    toText(field, raw, context) {
      if (!isFieldOf(field, spec.type)) return '';
      const reading = spec.read(field, raw);
      return reading.status === 'value' ? spec.toText(field, reading.value, context) : '';
    },
  };
}

/** Treats null, undefined and blank text alike: the person gave no answer. */
export function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

export function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
