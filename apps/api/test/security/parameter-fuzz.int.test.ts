/**
 * Fuzz pass (issue 19, "A standing security suite"): every /api call the app registers, with path
 * parameters, query and JSON bodies drawn by fast-check from hostile values (NUL, lone surrogates, long
 * strings, huge, negative and fractional numbers, objects where strings are expected, …), as a dealer, an
 * installer and anonymously. Nothing may answer 5xx, and every error must be { code, message }.
 *
 * Runs are bounded and seeded: a failure prints the call, the seed and the fast-check path to replay it
 * (set FUZZ_SEED below to that seed and `path` in the fc.check options).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from './route-collector';
import {
  buildSecurityWorld,
  enumValues,
  fillRoute,
  type Identity,
  pathParamNames,
  type SecurityWorld,
  shapeOf,
} from './security-fixture';

/** Base seed of the pass; each call's seed is derived from it and the call's key (stable when calls are added). */
const FUZZ_SEED = 1919;
const RUNS_PER_CALL = 20;

/** Strings that broke or could break parsers, drivers and path handling. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '😀',
  'ñandú',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999999999',
  '2147483648',
  '%00',
  '%',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{"a":1}',
  'x'.repeat(101),
  'y'.repeat(2000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Any JSON value, with hostile leaves: what a body field may receive instead of what it expects. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: -1 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.5, -0.5) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, []) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/** encodeURIComponent, except that lone surrogates go out as the bytes a careless client would send. */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function queryKeys(route: ApiRoute): string[] {
  return Object.keys(shapeOf(route.querystring));
}

/** A stable 32-bit hash of a call's key, so each call gets its own reproducible seed. */
function seedOf(key: string): number {
  let h = FUZZ_SEED;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

type Sample = {
  identity: Identity;
  path: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
};

function sampleOf(world: SecurityWorld, route: ApiRoute, callers: Identity[]): fc.Arbitrary<Sample> {
  const shape = shapeOf(route.params);
  const path: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const name of pathParamNames(route.url)) {
    const choices = enumValues(name, shape[name]);
    path[name] = fc.oneof(
      fc.constant(undefined), // keep the rule's valid value
      hostileString,
      ...(choices ? [fc.constantFrom(...choices)] : []),
    );
  }
  const query: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const name of queryKeys(route)) query[name] = fc.option(hostileString, { nil: undefined });
  const base = fillRoute(world, route, callers[0] as Identity, 'own', {}).body;
  const body: fc.Arbitrary<unknown> =
    route.body === undefined
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 1, arbitrary: fc.constant(base) },
          {
            weight: 4,
            arbitrary:
              base !== null && typeof base === 'object' && !Array.isArray(base)
                ? fc
                    .record(
                      Object.fromEntries(
                        Object.keys(base).map((k) => [k, fc.option(hostileJson, { nil: undefined })]),
                      ),
                    )
                    .map((patch) => {
                      const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
                      for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = v;
                      return out;
                    })
                : hostileJson,
          },
          { weight: 1, arbitrary: hostileJson },
        );
  return fc.record({
    identity: fc.constantFrom(...callers),
    path: fc.record(path),
    query: fc.record(query),
    body,
  });
}

async function send(world: SecurityWorld, route: ApiRoute, sample: Sample) {
  const defaults = fillRoute(world, route, sample.identity, 'own', {});
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodePart(sample.path[name] ?? defaults.params[name] ?? ''),
  );
  const query = {
    ...defaults.query,
    ...Object.fromEntries(Object.entries(sample.query).filter(([, v]) => v !== undefined)),
  };
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodePart(k)}=${encodePart(String(v))}`)
    .join('&');
  const hasBody = route.body !== undefined && sample.body !== undefined;
  const res = await world.app.inject({
    method: route.method as 'GET',
    url: qs ? `${path}?${qs}` : path,
    headers: { ...sample.identity.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(sample.body) } : {}),
  });
  return res;
}

function problemOf(status: number, body: string): string | null {
  if (status >= 500) return `${status}`;
  if (status < 400) return null;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string' && typeof parsed.message === 'string') return null;
  } catch {
    // not JSON
  }
  return `${status} not in the { code, message } shape`;
}

describe('fuzz pass: hostile parameters on every call', () => {
  let world: SecurityWorld;
  beforeAll(async () => {
    world = await buildSecurityWorld();
  }, 120_000);
  afterAll(() => world?.close());

  it('answers no 5xx and only { code, message } errors', async () => {
    const dealer = world.identities.find((i) => i.name === 'dealer@demo.test') as Identity;
    const installer = world.identities.find((i) => i.name === 'installer@demo.test') as Identity;
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const route of world.routes) {
      const seed = seedOf(route.key);
      let last = '';
      const result = await fc.check(
        fc.asyncProperty(sampleOf(world, route, [dealer, installer, world.anonymous]), async (sample) => {
          requests++;
          const res = await send(world, route, sample);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = problemOf(res.statusCode, res.body);
          last = `${problem} ${res.body.slice(0, 200)}`;
          return problem === null;
        }),
        { numRuns: RUNS_PER_CALL, seed, endOnFailure: true },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample?.[0], (k, v) =>
          k === 'identity'
            ? (v as Identity).name
            : k === 'headers'
              ? undefined
              : typeof v === 'string' && v.length > 60
                ? `${v.slice(0, 60)}…(${v.length})`
                : v,
        );
        failures.push(
          `${route.key} → ${last} | seed ${seed}, path "${result.counterexamplePath}" | ${example}`,
        );
      }
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `fuzz pass on ${world.database.kind}: ${world.routes.length} calls, ${requests} requests (${byStatus.join(' ')})`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
