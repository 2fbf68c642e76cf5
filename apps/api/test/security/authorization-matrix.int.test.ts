/**
 * Authorization matrix (issue 19, "A standing security suite"): every /api call the app registers × the six
 * demo identities and anonymous, with other companies' ids from the seeded demo data set.
 *
 * - no 2xx that reads or changes another company's data (foreign ids must get 401/403/404, unless the
 *   call is in ALLOWED_CROSS_COMPANY below, or a GET answered exactly what the caller's own ids give,
 *   i.e. it ignored the foreign id, or answered an empty list);
 * - ASSIST (read-only) changes nothing: with its OWN company's ids every write call is refused with 403
 *   and no call, whatever its method, changes a business table;
 * - anonymous gets 401 on every non-public call;
 * - nothing answers 5xx, and every error is { code, message }.
 *
 * The route list comes from the app itself (route-collector.ts), parameters from the rules in
 * security-fixture.ts: a call added later is in the matrix without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from './route-collector';
import {
  buildSecurityWorld,
  changedTables,
  digestDatabase,
  enumValues,
  type FilledRequest,
  fillRoute,
  type Identity,
  type Mode,
  pathParamNames,
  type SecurityWorld,
  shapeOf,
} from './security-fixture';

type Who = 'dealer' | 'installer' | 'anonymous';

/**
 * Calls that may answer 2xx with another company's id, and why. Keep each reason true: a call listed here
 * is not checked for cross-company reads or writes by that kind of caller.
 */
const ALLOWED_CROSS_COMPANY: { route: string; who: Who[]; why: string }[] = [
  // Decision 002 (company visibility): a dealer reads the specialists it may choose, an installer the
  // dealerships it may serve; non-members get the public view only (companies.repository publicViews).
  ...['GET /api/installers/:id', 'GET /api/installerLocations/:id', 'GET /api/installerAuth/:id'].map(
    (route) => ({
      route,
      who: ['dealer'] as Who[],
      why: 'public view of a specialist, for dealers choosing one (decision 002)',
    }),
  ),
  ...['GET /api/dealers/:id', 'GET /api/dealer/:id'].map((route) => ({
    route,
    who: ['installer'] as Who[],
    why: 'public view of a dealership, for specialists serving one (decision 002)',
  })),
  {
    route: 'POST /api/page-views',
    who: ['dealer', 'installer'],
    why: 'records the caller’s own page view; the ids in it say what was on screen, nothing of that record is read or changed',
  },
  {
    route: 'GET /api/vin/',
    who: ['dealer', 'installer'],
    why: 'VIN decoding (vPIC or the offline decoder): reference data about the VIN, the same for any caller',
  },
  {
    route: 'POST /api/messages/push',
    who: ['dealer', 'installer'],
    why: 'the recipient (userType + id) is checked against the caller’s contacts; requestId only labels the text',
  },
];

/** Public calls that write by design (anyone may call them, so ASSIST may too). */
const isPublic = (route: ApiRoute) =>
  route.config.public === true || route.url.toLowerCase().startsWith('/api/docs');

/** Calls that change data: as declared per call (config.effect); undeclared, any method but GET. */
const isWrite = (route: ApiRoute) =>
  route.config.effect ? route.config.effect === 'write' : route.method !== 'GET';

type Case = { route: ApiRoute; overrides: Record<string, string>; label: string };

type Outcome = {
  case: Case;
  identity: string;
  who: Who;
  mode: 'own' | 'foreign';
  request: FilledRequest;
  status: number;
  body: string;
  /** Tables changed by this call (ASSIST's own-id pass). */
  changed?: string[];
  /**
   * For a read answering 2xx to foreign ids: the answer gave nothing away, because it was the same as with
   * the caller's own ids (the id was ignored) or as with ids of records that do not exist.
   */
  givesNothingAway?: boolean;
};

const whoOf = (identity: Identity): Who => identity.userType ?? 'anonymous';

/** One case per route, or per value of an enum path parameter (each lifecycle action, …). */
function casesOf(routes: ApiRoute[]): Case[] {
  const cases: Case[] = [];
  for (const route of routes) {
    const shape = shapeOf(route.params);
    const enumParam = pathParamNames(route.url).find((name) => enumValues(name, shape[name]) !== null);
    if (!enumParam) {
      cases.push({ route, overrides: {}, label: route.key });
      continue;
    }
    for (const value of enumValues(enumParam, shape[enumParam]) ?? []) {
      cases.push({ route, overrides: { [enumParam]: value }, label: `${route.key} (${enumParam}=${value})` });
    }
  }
  return cases;
}

async function send(world: SecurityWorld, request: FilledRequest, identity: Identity) {
  const res = await world.app.inject({
    method: request.method as 'GET',
    url: request.url,
    query: request.query,
    headers: identity.headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  return { status: res.statusCode, body: res.body };
}

/** Whether the call answers the same with other ids (each id in an answer replaced by a placeholder). */
async function sameAnswer(world: SecurityWorld, c: Case, identity: Identity, mode: Mode, foreign: Outcome) {
  const other = fillRoute(world, c.route, identity, mode, c.overrides);
  const res = await send(world, other, identity);
  // Ids echoed back (an e-mail, a VIN) are blanked; short numbers are not, they could be any count.
  const blank = (body: string, values: string[]) =>
    values.filter((v) => v.length >= 5).reduce((b, v) => b.split(v).join('\u0001'), body);
  return (
    res.status === foreign.status &&
    (res.body === foreign.body ||
      blank(res.body, other.idValues) === blank(foreign.body, foreign.request.idValues))
  );
}

const isEmptyAnswer = (body: string) => ['[]', '{}', '', 'null'].includes(body.trim());
const describeOutcome = (o: Outcome) =>
  `${o.case.label} as ${o.identity} (${o.mode} ids${o.request.foreignKinds.length ? `: ${o.request.foreignKinds.join(',')}` : ''}) → ${o.status} ${o.body.slice(0, 160)}`;

describe('authorization matrix: every call × every demo identity and anonymous', () => {
  let world: SecurityWorld;
  let cases: Case[];
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    world = await buildSecurityWorld();
    cases = casesOf(world.routes);
    const record = async (c: Case, identity: Identity, mode: 'own' | 'foreign') => {
      const request = fillRoute(world, c.route, identity, mode, c.overrides);
      const { status, body } = await send(world, request, identity);
      const outcome: Outcome = {
        case: c,
        identity: identity.name,
        who: whoOf(identity),
        mode,
        request,
        status,
        body,
      };
      outcomes.push(outcome);
      return outcome;
    };

    // Refusals first, so nothing a legitimate caller may change affects them.
    for (const c of cases) await record(c, world.anonymous, 'foreign');

    const assist = world.identities.find((i) => i.access === 'ASSIST');
    if (!assist) throw new Error('no ASSIST demo identity');
    let digest = await digestDatabase(world.db);
    for (const c of cases) {
      const outcome = await record(c, assist, 'own');
      const after = await digestDatabase(world.db);
      outcome.changed = changedTables(digest, after);
      digest = after;
    }

    for (const identity of world.identities) {
      for (const c of cases) {
        const outcome = await record(c, identity, 'foreign');
        if (!isWrite(c.route) && outcome.status < 300 && outcome.request.foreignKinds.length > 0) {
          outcome.givesNothingAway =
            isEmptyAnswer(outcome.body) ||
            (await sameAnswer(world, c, identity, 'own', outcome)) ||
            (await sameAnswer(world, c, identity, 'missing', outcome));
        }
      }
    }
  }, 600_000);

  afterAll(() => world?.close());

  it('covers every registered /api call', () => {
    expect(world.routes.length).toBeGreaterThan(100);
    const perIdentity = cases.length;
    console.info(
      `authorization matrix on ${world.database.kind}: ${world.routes.length} calls, ${perIdentity} cases per identity, ${outcomes.length} requests`,
    );
    for (const route of world.routes) {
      expect(
        outcomes.some((o) => o.case.route === route),
        route.key,
      ).toBe(true);
    }
  });

  it('answers no call with a 5xx', () => {
    expect(outcomes.filter((o) => o.status >= 500).map(describeOutcome)).toEqual([]);
  });

  it('answers every refused call with { code, message }', () => {
    const bad = outcomes.filter((o) => {
      if (o.status < 400) return false;
      try {
        const body = JSON.parse(o.body) as { code?: unknown; message?: unknown };
        return typeof body.code !== 'string' || typeof body.message !== 'string';
      } catch {
        return true;
      }
    });
    expect(bad.map(describeOutcome)).toEqual([]);
  });

  it('refuses anonymous callers with 401 on every non-public call', () => {
    const bad = outcomes.filter((o) => o.who === 'anonymous' && !isPublic(o.case.route) && o.status !== 401);
    expect(bad.map(describeOutcome)).toEqual([]);
  });

  it('refuses every write by ASSIST with 403, even on its own company’s records', () => {
    const bad = outcomes.filter(
      (o) =>
        o.mode === 'own' &&
        isWrite(o.case.route) &&
        !isPublic(o.case.route) &&
        !o.case.route.config.allowAssist &&
        o.status !== 403,
    );
    expect(bad.map(describeOutcome)).toEqual([]);
  });

  it('lets ASSIST change no business table through any call', () => {
    const bad = outcomes.filter(
      (o) =>
        o.mode === 'own' &&
        !isPublic(o.case.route) &&
        !o.case.route.config.allowAssist &&
        (o.changed?.length ?? 0) > 0,
    );
    expect(bad.map((o) => `${describeOutcome(o)} changed ${o.changed?.join(', ')}`)).toEqual([]);
  });

  it('gives no identity another company’s data: foreign ids get 401, 403 or 404', () => {
    const allowed = (o: Outcome) =>
      ALLOWED_CROSS_COMPANY.some(
        (a) => a.route.toLowerCase() === o.case.route.key.toLowerCase() && a.who.includes(o.who),
      );
    const bad = outcomes.filter(
      (o) =>
        o.mode === 'foreign' &&
        o.who !== 'anonymous' &&
        o.request.foreignKinds.length > 0 &&
        o.status < 300 &&
        !allowed(o) &&
        !o.givesNothingAway,
    );
    expect(bad.map(describeOutcome)).toEqual([]);
  });

  it('shows no identity another company’s payment-provider, card-reader or calendar ids, in any answer', () => {
    const secretsOf = new Map(
      [...world.identities, world.anonymous].map((identity) => [identity.name, identity.foreignSecrets]),
    );
    expect(world.identities.every((identity) => identity.foreignSecrets.length > 0)).toBe(true);
    const bad = outcomes.flatMap((o) => {
      if (o.status >= 300) return [];
      const leaked = (secretsOf.get(o.identity) ?? []).filter((secret) => o.body.includes(secret));
      return leaked.length ? [`${describeOutcome(o)} shows ${leaked.join(', ')}`] : [];
    });
    expect(bad).toEqual([]);
  });

  it('keeps the allow-list to calls that exist', () => {
    const keys = new Set(world.routes.map((r) => r.key.toLowerCase()));
    expect(ALLOWED_CROSS_COMPANY.filter((a) => !keys.has(a.route.toLowerCase())).map((a) => a.route)).toEqual(
      [],
    );
  });
});
