import fc from 'fast-check';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { teamListResponseSchema } from '../../../shared/people/schema';
import { ReadCache } from '../cache';
import { createSerializerCompiler } from './serializer';

/** Decision 0058: the compiled writer answers what fastify-type-provider-zod's Zod encode answers. */
const compiled = createSerializerCompiler();
const writerOf = (schema: z.ZodType) => compiled({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
const zodOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

/** Both serialise the same text, or both throw a ResponseSerializationError. */
function expectSame(schema: z.ZodType, data: unknown): void {
  let expected: string | Error;
  try {
    expected = zodOf(schema)(data) as string;
  } catch (error) {
    expected = error as Error;
  }
  if (expected instanceof Error) {
    expect(isResponseSerializationError(expected)).toBe(true);
    let thrown: unknown;
    try {
      writerOf(schema)(data);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  } else {
    expect(writerOf(schema)(data)).toBe(expected);
  }
}

const row = z.object({
  id: z.uuid(),
  name: z.string().max(20),
  count: z.number().int().min(0),
  ratio: z.number(),
  flag: z.boolean(),
  kind: z.enum(['a', 'b']),
  exact: z.literal('x'),
  note: z.string().nullable(),
  maybe: z.string().optional(),
  maybeNull: z.string().optional().nullable(),
  at: z.date(),
  tags: z.array(z.string()),
  either: z.union([z.string(), z.number()]),
  record: z.record(z.string(), z.number()),
  trimmed: z.string().trim(),
  nested: z.strictObject({ a: z.number() }),
  anything: z.unknown(),
});
const schema = z.object({ items: z.array(row), total: z.number().int() });

const good = {
  id: '0b6d1b84-6f6f-4c1e-9a55-0a4f4b0e1c11',
  name: 'Stand "A" \\ ü 🎪',
  count: 3,
  ratio: 0.5,
  flag: true,
  kind: 'b',
  exact: 'x',
  note: null,
  maybeNull: null,
  at: new Date('2026-11-28T02:30:00.000Z'),
  tags: ['x', 'y'],
  either: 4,
  record: { k: 1 },
  trimmed: ' padded ',
  nested: { a: 1 },
  anything: { deep: [1, 'two'] },
};

describe('the compiled response serialiser (decision 0058)', () => {
  it('writes what Zod writes, in the schema’s key order, with every kind it knows and those it leaves to Zod', () => {
    expectSame(schema, { items: [good, { ...good, maybe: 'here', note: 'n', either: 'e' }], total: 2 });
    expectSame(schema, { total: 0, items: [] });
    expectSame(teamListResponseSchema, { items: [], total: 0, page: 1, pageSize: 100 });
  });

  it('never writes a key the schema does not name (a column outside the contract)', () => {
    const written = writerOf(schema)({
      items: [{ ...good, passwordHash: 'secret' }],
      total: 1,
      extra: 1,
    }) as string;
    expect(written).not.toContain('secret');
    expect(written).not.toContain('extra');
    expectSame(schema, { items: [{ ...good, passwordHash: 'secret' }], total: 1 });
  });

  it('fails as Zod fails on an answer that breaks the contract', () => {
    for (const broken of [
      { ...good, id: 'not-a-uuid' },
      { ...good, name: 'x'.repeat(21) },
      { ...good, count: 1.5 },
      { ...good, count: -1 },
      { ...good, ratio: Number.NaN },
      { ...good, kind: 'c' },
      { ...good, note: undefined },
      { ...good, at: new Date('nonsense') },
      { ...good, nested: { a: 1, b: 2 } },
      { ...good, tags: [1] },
      { ...good, either: true },
    ])
      expectSame(schema, { items: [broken], total: 1 });
    expectSame(schema, { items: 'no', total: 1 });
    expectSame(schema, null);
  });

  it('agrees with Zod on arbitrary values', () => {
    const small = z.object({
      a: z.string().min(1).max(5),
      b: z.number().int().max(10).nullable(),
      c: z.array(z.enum(['p', 'q'])).optional(),
      d: z.boolean(),
    });
    fc.assert(
      fc.property(
        fc.record(
          {
            a: fc.oneof(fc.string({ maxLength: 7 }), fc.integer()),
            b: fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double(), fc.constant(null)),
            c: fc.oneof(fc.array(fc.constantFrom('p', 'q', 'r')), fc.constant(undefined)),
            d: fc.oneof(fc.boolean(), fc.constant(0)),
            e: fc.string(),
          },
          { requiredKeys: [] },
        ),
        (value) => expectSame(small, value),
      ),
    );
  });

  it('writes a schema that contains itself', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    expectSame(node, { name: 'root', children: [{ name: 'leaf', children: [], extra: 1 }] });
    expectSame(node, { name: 'root', children: [{ name: 2, children: [] }] });
  });

  it('in cross-check mode (the API tests), an answer is written when Zod writes the same', () => {
    const checked = createSerializerCompiler({ crossCheck: true });
    expect(
      checked({ schema, method: 'GET', url: '/x', httpStatus: '200' })({ items: [good], total: 1 }),
    ).toBe(zodOf(schema)({ items: [good], total: 1 }));
  });
});

describe('a value a read model holds is written once per writer (decision 0061)', () => {
  const item = z.object({ id: z.string(), name: z.string() });
  const page = z.object({ items: z.array(item), total: z.number() });

  /** A read model holding a list (as an account's events are held), answered inside a new object. */
  async function cachedItems(counter: { reads: number }) {
    const cache = new ReadCache();
    cache.enabled = true;
    const model = cache.model<z.output<typeof item>[]>('items', []);
    const items = [
      {
        id: 'a',
        get name() {
          counter.reads++;
          return 'first';
        },
      },
    ];
    return (await model.load({}, 'key', async () => items)) as z.output<typeof item>[];
  }

  it('writes the same text again without reading the value, and it is frozen', async () => {
    const counter = { reads: 0 };
    const items = await cachedItems(counter);
    const write = writerOf(page);
    const before = counter.reads;
    const text = write({ items, total: 1 });
    expect(text).toBe('{"items":[{"id":"a","name":"first"}],"total":1}');
    expect(counter.reads).toBe(before + 1);
    // A new answer around the same held list: the list's text is reused, the rest written.
    expect(write({ items, total: 2 })).toBe('{"items":[{"id":"a","name":"first"}],"total":2}');
    // Each route's writer keeps its own texts: another writer reads the value once too.
    const writeList = writerOf(z.array(item));
    expect(writeList(items)).toBe('[{"id":"a","name":"first"}]');
    expect(writeList(items)).toBe('[{"id":"a","name":"first"}]');
    expect(counter.reads).toBe(before + 2);
    expect(Object.isFrozen(items) && Object.isFrozen(items[0])).toBe(true);
    expect(() => {
      items.push({ id: 'b', name: 'second' });
    }).toThrow(TypeError);
  });

  it('another schema writes its own text of the same value; an unshared value is read each time', async () => {
    const counter = { reads: 0 };
    const items = await cachedItems(counter);
    expect(writerOf(z.array(item))(items)).toBe('[{"id":"a","name":"first"}]');
    expect(writerOf(z.array(z.object({ id: z.string() })))(items)).toBe('[{"id":"a"}]');
    const plain = { items: [{ id: 'b', name: 'second' }], total: 1 };
    const write = writerOf(page);
    expect(write(plain)).toBe(write({ ...plain }));
    plain.items[0].name = 'changed';
    expect(write(plain)).toContain('changed');
  });
});
