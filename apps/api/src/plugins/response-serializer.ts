import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Replies are written by fast-json-stringify, compiled once per route from the JSON Schema of the
 * route's zod reply schema. Validating a 50-row list with zod and then JSON.stringify-ing it was the
 * largest single cost of a list call (≈0.6 ms of ≈3.6 ms, measured with --cpu-prof).
 *
 * A reply schema that JSON Schema cannot express (transforms, dates, custom checks) keeps the zod
 * serializer. With `verify` (the test configuration) every reply also goes through zod: the zod
 * validation still fails on a reply that breaks its contract, and the fast output must equal zod's
 * output exactly, so the whole integration suite checks that both writers agree.
 */
export function createResponseSerializerCompiler({ verify }: { verify: boolean }): SerializerCompiler {
  return (routeSchema) => {
    const zodSerialize = zodSerializerCompiler(
      routeSchema as Parameters<typeof zodSerializerCompiler>[0],
    ) as (data: unknown) => string;
    // Compiled on the route's first reply, not at boot: ≈160 routes would add a second to every start.
    let chosen: ((data: unknown) => string) | undefined;
    const choose = (): ((data: unknown) => string) => {
      const fast = compileFast(routeSchema.schema);
      if (!fast) return zodSerialize;
      if (!verify) return fast;
      return (data: unknown) => {
        const expected = zodSerialize(data);
        const actual = fast(data);
        if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
          throw new Error(
            `fast reply serializer disagrees with zod for ${routeSchema.method} ${routeSchema.url}:\n${actual}\n${expected}`,
          );
        }
        return actual;
      };
    };
    return (data: unknown) => {
      chosen ??= choose();
      return chosen(data);
    };
  };
}

export function compileFast(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
  const normalized = withNullableKeyword(jsonSchema);
  if (!isFastSafe(normalized)) return null;
  try {
    return fastJsonStringify(normalized as unknown as Parameters<typeof fastJsonStringify>[0]) as (
      data: unknown,
    ) => string;
  } catch {
    return null;
  }
}

/**
 * zod writes `.nullable()` as `{ anyOf: [X, { type: 'null' }] }`; fast-json-stringify would pick the
 * branch by validating every value. Rewrite it as X with `nullable: true`, which it writes directly.
 */
function withNullableKeyword(node: unknown): Record<string, unknown> {
  return rewrite(node) as Record<string, unknown>;
  function rewrite(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const branches = record.anyOf as unknown[] | undefined;
    if (Array.isArray(branches) && branches.length === 2 && Object.keys(record).length === 1) {
      const other = branches.find((b) => (b as { type?: unknown }).type !== 'null');
      const hasNull = branches.some((b) => (b as { type?: unknown }).type === 'null');
      if (hasNull && other && typeof other === 'object' && !('anyOf' in other)) {
        return { ...(rewrite(other) as Record<string, unknown>), nullable: true };
      }
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, rewrite(v)]));
  }
}

/**
 * fast-json-stringify picks a branch of anyOf/oneOf by validating the value; keep the zod serializer
 * for the schemas that still have such choices after the nullable rewrite.
 */
function isFastSafe(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isFastSafe);
  if (node === null || typeof node !== 'object') return true;
  const record = node as Record<string, unknown>;
  if (['anyOf', 'oneOf', 'allOf', 'not', '$ref', 'if', 'patternProperties'].some((k) => k in record))
    return false;
  return Object.values(record).every(isFastSafe);
}
