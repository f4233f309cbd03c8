import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, type ZodType } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { remembered } from './serializerSharedText';

/**
 * Every answer's body through its route's response schema (decision 0058), compiled once per
 * schema instead of a Zod encode per answer.
 *
 * fastify-type-provider-zod's serializer encodes each answer with Zod (which builds a new copy of
 * every object and array, checking each value) and then stringifies the copy: for a page of 25
 * teams that cost about 1.5 times the JSON itself. Here the schema is walked once, when the route
 * is registered, into a writer that checks each value as it writes it and writes only what the
 * schema names: a key the contract does not name never leaves, as before.
 *
 * What the writer knows: objects (stripping, or strict), arrays, strings with length limits and
 * pattern formats, numbers with integer and range checks, booleans, null, literals, enums,
 * optional, nullable, readonly, dates, unknown. Anything else (unions, records, transforms,
 * defaults, pipes, other checks) is written by Zod itself, for that part of the answer only, with
 * Zod's own result. And when any check fails, the whole answer goes through Zod as before, so a
 * wrong answer fails exactly as it did (ResponseSerializationError with Zod's issues), and an
 * answer Zod would accept is never refused.
 */

type Writer = (value: unknown) => string;

/** Thrown inside a writer when a value does not fit: the caller hands the answer to Zod. */
const MISFIT: unique symbol = Symbol('misfit');

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  coerce?: boolean;
} & CheckDef;

type CheckDef = {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint | Date;
  inclusive?: boolean;
};

/** String formats zod checks by their pattern alone (others, like url, check more: left to Zod). */
const PATTERN_FORMATS = new Set([
  'uuid',
  'guid',
  'email',
  'datetime',
  'date',
  'time',
  'regex',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'ipv4',
  'e164',
]);

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a value may be left out (optional, also under nullable or readonly): Zod keeps it undefined. */
function mayBeUndefined(schema: ZodType): boolean {
  for (let def = defOf(schema); ; def = defOf(def.innerType as ZodType)) {
    if (def.type === 'optional') return true;
    if (def.type !== 'nullable' && def.type !== 'readonly') return false;
  }
}

/** A value test for one zod check, or null when the writer does not know it. */
function stringTest(check: CheckDef): ((s: string) => boolean) | null {
  switch (check.check) {
    case 'min_length':
      return (s) => s.length >= (check.minimum as number);
    case 'max_length':
      return (s) => s.length <= (check.maximum as number);
    case 'length_equals':
      return (s) => s.length === check.length;
    case 'string_format': {
      const pattern = check.pattern;
      if (!pattern || !check.format || !PATTERN_FORMATS.has(check.format)) return null;
      return (s) => {
        pattern.lastIndex = 0;
        return pattern.test(s);
      };
    }
    default:
      return null;
  }
}

function numberTest(check: CheckDef): ((n: number) => boolean) | null {
  const bound = typeof check.value === 'number' ? check.value : null;
  switch (check.check) {
    case 'number_format':
      return check.format === 'safeint' ? Number.isSafeInteger : null;
    case 'greater_than':
      if (bound === null) return null;
      return check.inclusive ? (n) => n >= bound : (n) => n > bound;
    case 'less_than':
      if (bound === null) return null;
      return check.inclusive ? (n) => n <= bound : (n) => n < bound;
    default:
      return null;
  }
}

/** The tests of a leaf: its own format (z.uuid(), z.int()) and its checks; null if one is unknown. */
function leafTests<T>(
  def: Def,
  test: (check: CheckDef) => ((v: T) => boolean) | null,
): ((v: T) => boolean)[] | null {
  const tests: ((v: T) => boolean)[] = [];
  for (const check of [...(def.check ? [def] : []), ...(def.checks ?? []).map((c) => c._zod.def)]) {
    const t = test(check);
    if (!t) return null;
    tests.push(t);
  }
  return tests;
}

/** Zod writes this part of the answer, with its own result (what the writer does not know). */
function byZod(schema: ZodType): Writer {
  return (value) => {
    let result: ReturnType<typeof safeEncode>;
    try {
      result = safeEncode(schema, value);
    } catch {
      // Zod throws on what it cannot encode (a transform): the whole answer goes to Zod to say so.
      throw MISFIT;
    }
    if (!result.success) throw MISFIT;
    return JSON.stringify(result.data) ?? 'null';
  };
}

/** Writes a value of an object's key, or undefined to leave the key out (an optional key unset). */
type KeyWriter = { key: string; prefix: string; write: Writer; optional: boolean };

/**
 * Writers made so far, by schema: a schema shared by several routes is compiled once, and one that
 * contains itself (an object whose shape refers back to it) gets a writer that looks itself up.
 */
const writers = new WeakMap<ZodType, Writer | 'compiling'>();

function compile(schema: ZodType): Writer {
  const known = writers.get(schema);
  if (known === 'compiling') return (value) => (writers.get(schema) as Writer)(value);
  if (known) return known;
  writers.set(schema, 'compiling');
  const writer = compileNew(schema);
  writers.set(schema, writer);
  return writer;
}

function compileNew(schema: ZodType): Writer {
  const def = defOf(schema);
  if (def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string': {
      const tests = leafTests<string>(def, stringTest);
      if (!tests) return byZod(schema);
      return (value) => {
        if (typeof value !== 'string') throw MISFIT;
        for (const test of tests) if (!test(value)) throw MISFIT;
        return JSON.stringify(value);
      };
    }
    case 'number': {
      const tests = leafTests<number>(def, numberTest);
      if (!tests) return byZod(schema);
      return (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value)) throw MISFIT;
        for (const test of tests) if (!test(value)) throw MISFIT;
        return JSON.stringify(value);
      };
    }
    case 'boolean':
      if (def.checks?.length) return byZod(schema);
      return (value) => {
        if (value === true) return 'true';
        if (value === false) return 'false';
        throw MISFIT;
      };
    case 'null':
      return (value) => {
        if (value !== null) throw MISFIT;
        return 'null';
      };
    case 'unknown':
    case 'any':
      return (value) => JSON.stringify(value) ?? 'null';
    case 'date':
      if (def.checks?.length) return byZod(schema);
      return (value) => {
        if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw MISFIT;
        return JSON.stringify(value);
      };
    case 'literal': {
      const values = def.values ?? [];
      if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
        return byZod(schema);
      return (value) => {
        if (!values.includes(value)) throw MISFIT;
        return JSON.stringify(value);
      };
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      if (![...values].every((v) => typeof v === 'string')) return byZod(schema);
      return (value) => {
        if (!values.has(value)) throw MISFIT;
        return JSON.stringify(value);
      };
    }
    case 'nullable': {
      const inner = compile(def.innerType as ZodType);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'readonly':
      return compile(def.innerType as ZodType);
    case 'optional': {
      // Outside an object (an array's item, a whole answer) undefined is written as JSON.stringify
      // writes it there; inside an object the key is left out (see 'object').
      const inner = compile(def.innerType as ZodType);
      return (value) => (value === undefined ? 'null' : inner(value));
    }
    case 'array': {
      if (def.checks?.length) return byZod(schema);
      const item = compile(def.element as ZodType);
      const itemOptional = mayBeUndefined(def.element as ZodType);
      return remembered((value) => {
        if (!Array.isArray(value)) throw MISFIT;
        if (value.length === 0) return '[]';
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const v = value[i];
          if (v === undefined && !itemOptional) throw MISFIT;
          out += (i === 0 ? '' : ',') + item(v);
        }
        return `${out}]`;
      });
    }
    case 'object':
      return compileObject(schema, def);
    default:
      return byZod(schema);
  }
}

function compileObject(schema: ZodType, def: Def): Writer {
  if (def.checks?.length) return byZod(schema);
  const catchall = def.catchall ? defOf(def.catchall).type : undefined;
  // A loose object or one with a catch-all writes keys the shape does not name: Zod decides.
  if (catchall !== undefined && catchall !== 'never') return byZod(schema);
  const strict = catchall === 'never';
  const shape = def.shape ?? {};
  const keys: KeyWriter[] = Object.entries(shape).map(([key, field]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    write: compile(field),
    optional: mayBeUndefined(field),
  }));
  const named = new Set(Object.keys(shape));
  return remembered((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw MISFIT;
    const record = value as Record<string, unknown>;
    if (strict) for (const key in record) if (!named.has(key)) throw MISFIT;
    let out = '{';
    let first = true;
    for (const { key, prefix, write, optional } of keys) {
      const v = record[key];
      if (v === undefined) {
        if (optional) continue;
        throw MISFIT;
      }
      out += (first ? '' : ',') + prefix + write(v);
      first = false;
    }
    return `${out}}`;
  });
}

/**
 * One writer per response schema. `crossCheck` (the tests) also encodes every answer with Zod and
 * fails the answer if the two differ: every API test checks the writer against Zod.
 */
export function createSerializerCompiler(
  options: { crossCheck?: boolean } = {},
): FastifySerializerCompiler<ZodType> {
  return ({ schema: given, method, url }) => {
    // As fastify-type-provider-zod takes it: the schema, or an object holding it as `properties`.
    const schema = (
      given instanceof $ZodType ? given : (given as { properties: ZodType }).properties
    ) as ZodType;
    if (!(schema instanceof $ZodType)) throw new Error(`not a Zod response schema: ${method} ${url}`);
    const write = compile(schema);
    const byZodWhole = (data: unknown) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    return (data: unknown) => {
      // An answer of nothing is Zod's to judge (JSON.stringify writes no text for it).
      if (data === undefined) return byZodWhole(data);
      let written: string;
      try {
        written = write(data);
      } catch (error) {
        if (error !== MISFIT) throw error;
        return byZodWhole(data);
      }
      if (options.crossCheck) {
        const expected = byZodWhole(data);
        if (expected !== written)
          throw new Error(
            `compiled serializer differs from Zod for ${method} ${url}: ${written} vs ${expected}`,
          );
      }
      return written;
    };
  };
}
