import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that the routes' Zod schemas are turned into. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};

/**
 * Text an attacker sends in a string field: what PostgreSQL cannot store (NUL, lone surrogates),
 * control characters, spreadsheet formula prefixes, markup, path tricks, very long text and
 * unicode that is valid but unusual (emoji, right-to-left, combining marks, a BOM).
 */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u0001\u001f\u007f',
  '=HYPERLINK("http://evil.test","x")',
  '+1+cmd|" /C calc"!A0',
  '-2+3',
  '@SUM(A1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; drop table accounts;--",
  '../../etc/passwd',
  '%00',
  'javascript:alert(1)',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301',
  '\ufeff👩‍👩‍👧‍👦',
  '',
  ' ',
  'a'.repeat(10_000),
  '€'.repeat(70_000),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 12 }).map((s) => `${s}\u0000`),
);

export type ArbitraryOptions = {
  /** Ids worth trying where the schema asks for a uuid: the route's event, another event's, unknown ones. */
  ids: string[];
  /** How often a well-formed value is replaced by a hostile one (0..1). */
  hostileRatio?: number;
};

const pick = (schema: JsonSchema) => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.filter((t) => t !== 'null');
};

/** Values shaped like the schema asks (valid most of the time), with hostile text in its string fields. */
export function arbitraryFromSchema(
  schema: JsonSchema | undefined,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  const hostile = options.hostileRatio ?? 0.3;
  const orHostile = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => {
    const hostileWeight = Math.round(hostile * 10);
    return hostileWeight > 0
      ? fc.oneof(
          { weight: 10 - hostileWeight, arbitrary: valid },
          { weight: hostileWeight, arbitrary: hostileString },
        )
      : valid;
  };
  const build = (s: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> => {
    if (!s || depth > 6) return fc.oneof(hostileString, fc.integer(), fc.boolean(), fc.constant(null));
    const nullable = s.nullable || (Array.isArray(s.type) && s.type.includes('null'));
    const inner = buildNonNull(s, depth);
    return nullable ? fc.oneof({ weight: 4, arbitrary: inner }, fc.constant(null)) : inner;
  };
  const buildNonNull = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return orHostile(fc.constant(s.const));
    if (s.enum?.length) return orHostile(fc.constantFrom(...s.enum));
    const union = s.anyOf ?? s.oneOf;
    if (union?.length) return fc.oneof(...union.map((branch) => build(branch, depth + 1)));
    if (s.allOf?.length) return build(Object.assign({}, ...s.allOf), depth + 1);
    const [type] = pick(s);
    switch (type) {
      case 'string':
        return orHostile(validString(s, options.ids));
      case 'integer':
      case 'number': {
        // A million either side unless the schema bounds it, and never an empty range.
        const max = Math.min(s.maximum ?? Math.max(1_000_000, s.minimum ?? 0), Number.MAX_SAFE_INTEGER);
        const min = Math.max(s.minimum ?? Math.min(-1_000_000, max), Number.MIN_SAFE_INTEGER);
        const valid =
          type === 'integer'
            ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
            : fc.double({ min, max, noNaN: true });
        return fc.oneof(
          { weight: 8, arbitrary: valid },
          fc.constantFrom(-1, 0, 2 ** 53, 1e308, -0.5),
          hostileString,
        );
      }
      case 'boolean':
        return fc.oneof({ weight: 8, arbitrary: fc.boolean() }, fc.constantFrom('true', 0, null));
      case 'array':
        return fc.oneof(
          {
            weight: 8,
            arbitrary: fc.array(build(s.items, depth + 1), {
              minLength: s.minItems ?? 0,
              maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
            }),
          },
          fc.constant(Array.from({ length: 2_000 }, () => 'x')),
          hostileString,
        );
      case 'object':
        return objectOf(s, depth);
      default:
        // An open schema ({}): any JSON value.
        return fc.oneof(
          hostileString,
          fc.integer(),
          fc.boolean(),
          fc.constant(null),
          fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
        );
    }
  };
  const objectOf = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    const properties = s.properties ?? {};
    const required = new Set(s.required ?? []);
    const known = fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, build(value, depth + 1)])),
      { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
    );
    // Mass assignment: keys the schema does not name (ids, levels, another event's id).
    const extra = fc.dictionary(
      fc.constantFrom('id', 'eventId', 'permissions', 'accountId', 'isAdmin', '__proto__', 'constructor'),
      fc.oneof(fc.constantFrom(...options.ids), fc.constant('staff'), hostileString),
      { maxKeys: 2 },
    );
    return fc.oneof(
      { weight: 8, arbitrary: known },
      fc.tuple(known, extra).map(([a, b]) => ({ ...(a as object), ...b })),
      fc.constantFrom(null, [], 'x'),
    );
  };
  return build(schema, 0);
}

function validString(s: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  switch (s.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid({ version: 4 }));
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
    default:
      return fc.string({
        unit: 'grapheme',
        minLength: s.minLength ?? 0,
        maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 40, 40)),
      });
  }
}
