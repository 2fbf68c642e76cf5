/**
 * The standing security suite's world: the demo data set seeded into a fresh test database, plus one
 * dealership and one specialist with no relationship to anyone ("strangers", so every identity has a
 * foreign record of every kind even where the demo companies all work together), the whole app built
 * once, the six demo identities signed in, and for each identity the ids of records it owns and of
 * records it must not see.
 *
 * Parameters are filled by RULES (by parameter name, and for `id`/`Id` by path), never per route, so a
 * route added later is in the matrix and the fuzz pass on its first day; a parameter name without a rule
 * fails with a message asking the author to add one.
 */
import { lifecycleActions } from '@app/contracts/lifecycle.contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { buildApp } from '../../src/app';
import { createTestConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { createCatalogTemplate } from '../../src/db/factories/catalog';
import { createCustomer } from '../../src/db/factories/customers';
import {
  createDealer,
  createInstaller,
  createInstallerLocation,
  createUser,
} from '../../src/db/factories/identity';
import { createCardPaymentAttempt, createInvoice } from '../../src/db/factories/money';
import { createServiceRequest } from '../../src/db/factories/service-requests';
import { createVehicle } from '../../src/db/factories/vehicles';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/seed';
import { signIn } from '../build-test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { type ApiRoute, createRouteCollector } from './route-collector';

export const DEMO_EMAILS = [
  'dealer@demo.test',
  'assist@demo.test',
  'dealer2@demo.test',
  'installer@demo.test',
  'installer2@demo.test',
  'installer3@demo.test',
] as const;

/** Kinds of records a parameter can name. */
export type Kind =
  | 'template'
  | 'request'
  | 'customer'
  | 'dealer'
  | 'installer'
  | 'invoice'
  | 'user'
  | 'masterService'
  | 'service'
  | 'userEmail'
  | 'vin'
  | 'reader'
  | 'cardPayment'
  | 'trimOverride';

export type Pool = Record<Kind, string>;

export type Identity = {
  name: string;
  headers: Record<string, string>;
  userType: 'dealer' | 'installer' | null;
  access: string | null;
  /** Ids of records this identity owns or works on (used for ASSIST's writes and "was the id ignored?"). */
  own: Pool;
  /** Ids of records of companies this identity has no relationship with. */
  foreign: Pool;
  /**
   * Payment-provider, card-reader and calendar ids of companies this identity does not belong to: no answer
   * to it may contain one, whatever the call (issue 19: company records read across types leaked them).
   */
  foreignSecrets: string[];
};

export type SecurityWorld = {
  app: FastifyInstance;
  database: TestDatabase;
  db: Db;
  routes: ApiRoute[];
  identities: Identity[];
  anonymous: Identity;
  /** Ids of records that do not exist: what a refused read must be indistinguishable from. */
  missing: Pool;
  reference: { makeId: number; modelId: number; trimId: number; year: number };
  close: () => Promise<void>;
};

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ids = (list: number[]) => sql.raw(list.length > 0 ? list.map((n) => Math.trunc(n)).join(',') : '-1');

/** One dealership and one specialist that work with nobody, each with a user, customer, vehicle and job. */
async function addStrangers(db: Db) {
  const dealer = await createDealer(db, { name: 'Stranger Motors', stripeCustomerId: 'cus_stranger' });
  const installer = await createInstaller(db, { name: 'Stranger Films', stripeAccountId: 'acct_stranger' });
  await createInstallerLocation(db, { installerId: installer.id, cardReaderId: 'sim_reader_stranger' });
  await createUser(db, { userType: 'dealer', dealerId: dealer.id, email: 'owner@strangermotors.test' });
  await createUser(db, {
    userType: 'installer',
    installerId: installer.id,
    email: 'owner@strangerfilms.test',
  });
  const customer = await createCustomer(db, {
    owningInstallerId: installer.id,
    email: 'buyer@stranger.test',
  });
  const vehicle = await createVehicle(db, { installerId: installer.id });
  await createVehicle(db, { dealerId: dealer.id });
  await createServiceRequest(db, { requestorDealerId: dealer.id, dealerId: dealer.id });
  const job = await createServiceRequest(db, {
    requestorInstallerId: installer.id,
    assignedInstallerId: installer.id,
    customerId: customer.id,
    vehicleId: vehicle.id,
    currentState: 'finished',
  });
  const invoice = await createInvoice(db, { requestId: job.request.id, status: 'open' });
  await createCardPaymentAttempt(db, { invoiceId: invoice.id });
  await createCatalogTemplate(db, { installerId: installer.id, name: 'Stranger Package' });
}

/** SQL conditions "related to the identity" for requests (alias r), over its dealers D and installers I. */
function relatedRequest(D: number[], I: number[]) {
  return sql`coalesce(r.requestor_dealer_id in (${ids(D)}) or r.dealer_id in (${ids(D)})
    or r.requestor_installer_id in (${ids(I)}) or r.assigned_installer_id in (${ids(I)})
    or exists (select 1 from request_offers o where o.request_id = r.id and o.installer_id in (${ids(I)}))
    or exists (select 1 from referrals f where f.request_id = r.id and f.dealer_id in (${ids(D)})), false)`;
}

/** The first row's `v`; without one, `fallback` (a record the identity has none of), else an error. */
async function first(
  db: Db,
  query: ReturnType<typeof sql>,
  what: string,
  fallback?: string,
): Promise<string> {
  const [row] = await rows<{ v: string | number }>(db, query);
  if (row?.v != null) return String(row.v);
  if (fallback !== undefined) return fallback;
  throw new Error(`security fixture: no ${what}`);
}

/**
 * Own and foreign ids of an identity. Dealers act for their dealership D; installers for their installer
 * group I (installer@ reaches both Elite locations, which share a group), so "foreign" is outside the group.
 */
async function poolsOf(db: Db, D: number[], I: number[]): Promise<{ own: Pool; foreign: Pool }> {
  const rel = relatedRequest(D, I);
  // Companies the identity works with (links, requests, offers, preferences): reading their public
  // records can be legitimate, so "foreign" companies are the others.
  const relatedInstallers = sql`(select installer_id from installer_dealers where dealer_id in (${ids(D)})
    union select assigned_installer_id from service_requests r where ${rel} and assigned_installer_id is not null
    union select requestor_installer_id from service_requests r where ${rel} and requestor_installer_id is not null
    union select o.installer_id from request_offers o join service_requests r on r.id = o.request_id where ${rel}
    union select installer_id from dealer_preferred_installers where dealer_id in (${ids(D)})
    union select claimed_by_installer_id from referrals where dealer_id in (${ids(D)}) and claimed_by_installer_id is not null
    union select unnest(array[${ids(I)}]::int[]))`;
  const relatedDealers = sql`(select dealer_id from installer_dealers where installer_id in (${ids(I)})
    union select requestor_dealer_id from service_requests r where ${rel} and requestor_dealer_id is not null
    union select dealer_id from service_requests r where ${rel} and dealer_id is not null
    union select dealer_id from referrals where claimed_by_installer_id in (${ids(I)})
    union select unnest(array[${ids(D)}]::int[]))`;
  const foreignRequest = sql`(select r.id from service_requests r where not ${rel})`;
  const ownCustomer = sql`coalesce(c.owning_installer_id in (${ids(I)}) or c.dealer_id in (${ids(D)})
    or exists (select 1 from service_requests r where r.customer_id = c.id and ${rel})
    or exists (select 1 from referrals f where f.customer_id = c.id
      and (f.dealer_id in (${ids(D)}) or f.claimed_by_installer_id in (${ids(I)}))), false)`;
  const ownVehicle = sql`coalesce(v.dealer_id in (${ids(D)}) or v.installer_id in (${ids(I)})
    or exists (select 1 from service_requests r where r.vehicle_id = v.id and ${rel}), false)`;
  const foreignLocations = sql`(select card_reader_id from installer_locations
    where card_reader_id is not null and installer_id not in ${relatedInstallers} order by id limit 1)`;
  const ownUser = sql`coalesce(u.dealer_id in (${ids(D)}) or u.installer_id in (${ids(I)}), false)`;
  const foreign: Pool = {
    template: await first(
      db,
      sql`select min(id) as v from catalog_templates where installer_id not in (${ids(I)})`,
      'foreign template',
    ),
    request: await first(db, sql`select min(id) as v from ${foreignRequest} x`, 'foreign request'),
    customer: await first(
      db,
      sql`select min(c.id) as v from customers c where not ${ownCustomer}`,
      'customer',
    ),
    dealer: await first(
      db,
      sql`select min(id) as v from dealers where id not in ${relatedDealers}`,
      'dealer',
    ),
    installer: await first(
      db,
      sql`select min(id) as v from installers where id not in ${relatedInstallers}`,
      'foreign installer',
    ),
    invoice: await first(
      db,
      sql`select min(i.id) as v from invoices i where i.request_id in ${foreignRequest}
        and i.installer_id not in (${ids(I)}) and (i.dealer_id is null or i.dealer_id not in (${ids(D)}))`,
      'foreign invoice',
    ),
    user: await first(db, sql`select min(u.id) as v from users u where not ${ownUser}`, 'foreign user'),
    masterService: await first(
      db,
      sql`select min(id) as v from master_services where installer_id not in (${ids(I)})`,
      'foreign master service',
    ),
    service: await first(
      db,
      sql`select min(id) as v from services where installer_id not in (${ids(I)})`,
      'foreign service',
    ),
    userEmail: await first(
      db,
      sql`select u.email as v from users u where not ${ownUser} and u.login_enabled order by u.id limit 1`,
      'foreign user e-mail',
    ),
    vin: await first(
      db,
      sql`select v.vin as v from vehicles v where not ${ownVehicle}
        and not exists (select 1 from vehicles w where w.vin = v.vin and w.id <> v.id) order by v.id limit 1`,
      'foreign vehicle',
    ),
    reader: await first(
      db,
      sql`select card_reader_id as v from ${foreignLocations} x`,
      'foreign card reader',
    ),
    cardPayment: await first(
      db,
      sql`select provider_intent_id as v from card_payment_attempts
        where installer_id not in ${relatedInstallers} order by id limit 1`,
      'foreign card payment',
    ),
    trimOverride: await first(
      db,
      sql`select min(id) as v from service_trim_overrides where installer_id not in (${ids(I)})`,
      'foreign trim override',
      '99999999',
    ),
  };
  const own: Pool = {
    template: await first(
      db,
      sql`select min(id) as v from catalog_templates where installer_id in (${ids(I)})`,
      'own template',
      '99999999',
    ),
    request: await first(
      db,
      sql`select r.id as v from service_requests r where ${rel} order by
        coalesce(r.assigned_installer_id in (${ids(I)}) or r.requestor_dealer_id in (${ids(D)}), false) desc, r.id limit 1`,
      'own request',
    ),
    customer: await first(
      db,
      sql`select min(c.id) as v from customers c where ${ownCustomer}`,
      'own customer',
    ),
    dealer:
      D[0] !== undefined
        ? String(D[0])
        : await first(db, sql`select min(id) as v from dealers where id in ${relatedDealers}`, 'own dealer'),
    installer:
      I[0] !== undefined
        ? String(I[0])
        : await first(
            db,
            sql`select min(id) as v from installers where id in ${relatedInstallers}`,
            'own installer',
          ),
    invoice: await first(
      db,
      sql`select min(i.id) as v from invoices i join service_requests r on r.id = i.request_id where ${rel}`,
      'own invoice',
      '999999',
    ),
    user: await first(db, sql`select min(u.id) as v from users u where ${ownUser}`, 'own user'),
    masterService: await first(
      db,
      sql`select id as v from master_services where installer_id in (${ids(I)}) order by installer_id, id limit 1`,
      'own master service',
      '99999999',
    ),
    service: await first(
      db,
      sql`select id as v from services where installer_id in (${ids(I)}) order by installer_id, id limit 1`,
      'own service',
      '99999999',
    ),
    userEmail: await first(
      db,
      sql`select u.email as v from users u where ${ownUser} and u.login_enabled order by u.id limit 1`,
      'own e-mail',
    ),
    vin: await first(
      db,
      sql`select v.vin as v from vehicles v where ${ownVehicle} order by v.id limit 1`,
      'vin',
    ),
    reader: await first(
      db,
      sql`select card_reader_id as v from installer_locations where card_reader_id is not null
        and installer_id in ${relatedInstallers} order by id limit 1`,
      'own card reader',
    ),
    cardPayment: await first(
      db,
      sql`select coalesce((select provider_intent_id from card_payment_attempts a
        where a.installer_id in ${relatedInstallers} order by a.id limit 1), 'pi_none') as v`,
      'own card payment',
    ),
    trimOverride: await first(
      db,
      sql`select min(id) as v from service_trim_overrides where installer_id in (${ids(I)})`,
      'own trim override',
      '99999999',
    ),
  };
  return { own, foreign };
}

/** Companies a demo user acts for: its dealership, or every installer of its installer group. */
async function companiesOf(db: Db, email: string): Promise<{ D: number[]; I: number[] }> {
  const [user] = await rows<{ dealer_id: number | null; installer_id: number | null }>(
    db,
    sql`select dealer_id, installer_id from users where email = ${email}`,
  );
  if (!user) throw new Error(`no demo user ${email}`);
  if (user.dealer_id != null) return { D: [user.dealer_id], I: [] };
  const group = await rows<{ id: number }>(
    db,
    sql`select i.id from installers i, installers mine where mine.id = ${user.installer_id}
      and (i.id = mine.id or (mine.installer_group_id is not null and i.installer_group_id = mine.installer_group_id))`,
  );
  return { D: [], I: group.map((g) => Number(g.id)) };
}

/** Provider, reader and calendar ids of every company other than the given dealers and installers. */
async function secretsOutside(db: Db, D: number[], I: number[]): Promise<string[]> {
  const dealerIds = D.length ? D : [0];
  const installerIds = I.length ? I : [0];
  const found = await rows<{ secret: string | null }>(
    db,
    sql`select stripe_customer_id as secret from dealers where id <> all(${`{${dealerIds.join(',')}}`}::int[])
      union all select stripe_account_id from installers where id <> all(${`{${installerIds.join(',')}}`}::int[])
      union all select calendar_id from installers where id <> all(${`{${installerIds.join(',')}}`}::int[])
      union all select card_reader_id from installer_locations
        where installer_id <> all(${`{${installerIds.join(',')}}`}::int[])`,
  );
  return found.map((f) => f.secret).filter((secret): secret is string => !!secret && secret.length >= 6);
}

/** The seeded, signed-in world the matrix and the fuzz pass run against (one app, one database). */
export async function buildSecurityWorld(): Promise<SecurityWorld> {
  const database = await createTestDatabase();
  const { db } = database;
  await seedDemoData(db);
  await addStrangers(db);
  const config = createTestConfig();
  const collector = createRouteCollector();
  const app = await buildApp({ config, database, onRoute: collector.onRoute });
  await app.ready();
  const routes = collector.apiRoutes();

  const identities: Identity[] = [];
  for (const email of DEMO_EMAILS) {
    const session = await signIn(app, email, DEMO_PASSWORD);
    const { D, I } = await companiesOf(db, email);
    const [user] = await rows<{ user_type: 'dealer' | 'installer'; access: string }>(
      db,
      sql`select user_type, access from users where email = ${email}`,
    );
    identities.push({
      name: email,
      headers: session.headers,
      userType: user?.user_type ?? null,
      access: user?.access ?? null,
      ...(await poolsOf(db, D, I)),
      foreignSecrets: await secretsOutside(db, D, I),
    });
  }
  const dealerPools = identities[0] as Identity;
  const anonymous: Identity = {
    name: 'anonymous',
    headers: {},
    userType: null,
    access: null,
    own: dealerPools.foreign,
    foreign: dealerPools.foreign,
    foreignSecrets: await secretsOutside(db, [], []),
  };
  const [ref] = await rows<{ make_id: number; model_id: number; trim_id: number; year: number }>(
    db,
    sql`select m.make_id, t.model_id, t.id as trim_id, t.start_production_year as year from vehicle_trims t
      join vehicle_models m on m.id = t.model_id order by t.id limit 1`,
  );
  if (!ref) throw new Error('security fixture: no vehicle reference data');
  return {
    app,
    database,
    db,
    routes,
    identities,
    anonymous,
    missing: {
      template: '99999999',
      request: '99999999',
      customer: '99999999',
      dealer: '99999999',
      installer: '99999999',
      invoice: '99999999',
      user: '99999999',
      masterService: '99999999',
      service: '99999999',
      userEmail: 'nobody@nowhere.test',
      vin: '1M8GDM9AXKP042788',
      reader: 'sim_reader_nobody',
      cardPayment: 'pi_nobody',
      trimOverride: '99999999',
    },
    reference: { makeId: ref.make_id, modelId: ref.model_id, trimId: ref.trim_id, year: ref.year },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

// ── Parameter rules ────────────────────────────────────────────────────────────────────────────────

type Filled = { value: string; kind: Kind | null };
export type Mode = 'own' | 'foreign' | 'missing';
type Ctx = { route: ApiRoute; identity: Identity; mode: Mode; world: SecurityWorld };

const poolOf = (ctx: Pick<Ctx, 'identity' | 'mode' | 'world'>): Pool =>
  ctx.mode === 'missing' ? ctx.world.missing : ctx.identity[ctx.mode];
const ofKind =
  (kind: Kind) =>
  (ctx: Ctx): Filled => ({ value: poolOf(ctx)[kind], kind });
const constant = (value: string) => (): Filled => ({ value, kind: null });
/** The caller's own company kind: typeId names the caller's dealership or installer. */
const callerCompany = (ctx: Ctx): Filled =>
  ofKind(ctx.identity.userType === 'dealer' ? 'dealer' : 'installer')(ctx);

/** `id` (path) and `Id` (query) name different records on different calls: by the call's path. */
const ID_BY_PATH: [RegExp, Kind][] = [
  [/^\/api\/dealers?\//i, 'dealer'],
  [/^\/api\/(installers|installerLocations|installerAuth|updateLocation)\//i, 'installer'],
  [/^\/api\/userAccess\//i, 'user'],
  [/^\/api\/users\//i, 'user'],
  [/^\/api\/customers?\//i, 'customer'],
  [/^\/api\/invoices\//i, 'invoice'],
  [/^\/api\/terminal\//i, 'reader'],
  [/^\/api\/requestimates\/getdealerrequests/i, 'dealer'],
  [/^\/api\/requestimates\/getinstaller/i, 'installer'],
  [/^\/api\/(requestimates\/(requestbyID|fullrequest)|matchAll|matchA)\//i, 'request'],
  [/^\/api\/vin\//i, 'vin'],
  [/^\/api\/dealerPayments\//i, 'dealer'],
  [/^\/api\/stripe\/dashboard\//i, 'installer'],
  [/^\/api\/installerBlockedCalendars\//i, 'installer'],
];

function byPath(ctx: Ctx): Filled {
  // /requestOffered/{id}: GET lists the caller's company's offers (the spec's typeId); PUT changes a request's offer.
  if (/^\/api\/requestOffered\//i.test(ctx.route.url)) {
    return ctx.route.method === 'GET' ? callerCompany(ctx) : ofKind('request')(ctx);
  }
  // /service/{id}/{installerId}: PUT names a price row (serviceId), DELETE a master service (rows 116, 117).
  if (/^\/api\/service\//i.test(ctx.route.url)) {
    return ofKind(ctx.route.method === 'PUT' ? 'service' : 'masterService')(ctx);
  }
  const match = ID_BY_PATH.find(([pattern]) => pattern.test(ctx.route.url));
  if (!match) {
    throw new Error(
      `${ctx.route.key}: no rule says what its id names. Add the path to ID_BY_PATH in apps/api/test/security/security-fixture.ts`,
    );
  }
  return ofKind(match[1])(ctx);
}

/** Path parameters by name. A name missing here fails the suite (see fillRoute). */
export const PATH_RULES: Record<string, (ctx: Ctx) => Filled> = {
  id: byPath,
  // GET /installerPayments/{id} names the installer (the template it shares with DELETE names a request).
  requestId: (ctx) =>
    ctx.route.method === 'GET' && /^\/api\/installerPayments\//i.test(ctx.route.url)
      ? ofKind('installer')(ctx)
      : ofKind('request')(ctx),
  customer: ofKind('customer'),
  dealerId: ofKind('dealer'),
  // GET /getcustomerjobs/{customerId}/{typeId} (row 135).
  customerId: ofKind('customer'),
  // PUT and DELETE /installerCalendars/{installerId} (rows 62, 63) share row 64's template: a request id there.
  installerId: (ctx) =>
    ctx.route.method !== 'GET' && /^\/api\/installerCalendars\/:installerId$/i.test(ctx.route.url)
      ? ofKind('request')(ctx)
      : ofKind('installer')(ctx),
  typeId: callerCompany,
  templateId: ofKind('template'),
  companyId: callerCompany,
  invoiceId: ofKind('invoice'),
  paymentId: ofKind('cardPayment'),
  readerId: ofKind('reader'),
  overrideId: ofKind('trimOverride'),
  email: ofKind('userEmail'),
  vin: ofKind('vin'),
  // GET /referrals/{userId}: the dealer user whose dealership's referrals are read.
  userId: ofKind('user'),
  // GET /masterServices/{installerId}/{masterServiceId} (row 115).
  masterServiceId: ofKind('masterService'),
  // Not company records: reference data and enumerations.
  size: constant('M'),
  catalog: constant('WHOLE'),
  category: constant('PPF'),
  taxRateId: constant('txr_demo_fl_hillsborough'),
  zip: constant('33609'),
  month: constant('2026-03'),
  // DELETE /installerBlockedCalendars/{id}/{workDate}: a calendar day.
  workDate: constant('2026-03-20'),
  year: (ctx) => constant(String(ctx.world.reference.year))(),
  yearAndMake: (ctx) => constant(`${ctx.world.reference.year}${ctx.world.reference.makeId}`)(),
  modelId: (ctx) => constant(String(ctx.world.reference.modelId))(),
  trimId: (ctx) => constant(String(ctx.world.reference.trimId))(),
  // The public ICS feed (GET /calendar/{token}.ics): a token nobody was issued.
  token: constant('not-an-issued-feed-token'),
};

/** Query parameters that name records (others are left out unless required, then they need a rule). */
export const QUERY_RULES: Record<string, (ctx: Ctx) => Filled> = {
  Id: byPath,
  requestId: ofKind('request'),
  userId: ofKind('user'),
  contactId: ofKind('user'),
  entityId: callerCompany,
  installerId: ofKind('installer'),
  dealerId: ofKind('dealer'),
  customerId: ofKind('customer'),
  email: ofKind('userEmail'),
  // The public claim link (GET /claim?request&token): a request id and a token nobody was sent.
  request: ofKind('request'),
  token: () => ({ value: 'not-a-sent-claim-token', kind: null }),
  // Public referral links (GET /claimreferral, /referral-benefits): a referral id with a token nobody was sent.
  referral: () => ({ value: '1', kind: null }),
  // The calendar screen's period (row 65).
  from: () => ({ value: '2026-03-01', kind: null }),
  to: () => ({ value: '2026-03-31', kind: null }),
  // The bookkeeper report's range (row 110).
  startDate: () => ({ value: '2026-03-01', kind: null }),
  endDate: () => ({ value: '2026-03-31', kind: null }),
  // Export Week's first day (GET /installerCalendars/{installerId}/week.pdf?start).
  start: () => ({ value: '2026-03-02', kind: null }),
  // A local storage link (GET /storage/object) nobody signed: refused 403 whoever opens it.
  key: () => ({ value: 'contracts/request-1/unsigned.pdf', kind: null }),
  expires: () => ({ value: '4102444800', kind: null }),
  signature: () => ({ value: 'not-a-signature', kind: null }),
};

/** Body fields whose names say which record they name. */
const BODY_ID_FIELDS: [RegExp, Kind][] = [
  [/^(request_?id|requestID|Request_id|invoiceRequestId)$/i, 'request'],
  [/^invoice_?id$/i, 'invoice'],
  [/^(installer_?id|owningInstaller|toInstaller|fromInstaller|assignedTo|type_?id)$/i, 'installer'],
  [/^(dealer_?id|dealership_?ids)$/i, 'dealer'],
  [/^(customer_?id|customer)$/i, 'customer'],
  [/^(user_?id|contactId)$/i, 'user'],
  [/^(reader_?id)$/i, 'reader'],
  [/^vin$/i, 'vin'],
];

export type FilledRequest = {
  method: string;
  url: string;
  /** The path parameters' values (decoded). */
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** The record kinds of another company's ids this request carries (empty: nothing foreign in it). */
  foreignKinds: Kind[];
  /** Every id value put in (path, query or body). */
  idValues: string[];
};

/** The fields of an object schema (through optional/pipe wrappers); {} for none. */
export function shapeOf(schema: ZodType | undefined): Record<string, ZodType> {
  // biome-ignore lint/suspicious/noExplicitAny: zod 4 internals (def) are untyped here
  let s: any = schema;
  while (s?._zod?.def && !s._zod.def.shape) s = s._zod.def.innerType ?? s._zod.def.in ?? s._zod.def.schema;
  return (s?._zod?.def?.shape ?? {}) as Record<string, ZodType>;
}

/** Path parameters that pick what a call does; each value is its own case (they are strings on the wire). */
const PATH_VALUES: Record<string, readonly string[]> = { action: lifecycleActions };

/** Values a path parameter that picks an action takes (an enum, or PATH_VALUES), else null. */
export function enumValues(name: string, schema: ZodType | undefined): readonly string[] | null {
  // biome-ignore lint/suspicious/noExplicitAny: zod 4 internals
  const def = (schema as any)?._zod?.def;
  if (def?.type === 'enum') return Object.values(def.entries as Record<string, string>);
  return PATH_VALUES[name] ?? null;
}

const isOptional = (schema: ZodType) => schema.safeParse(undefined).success;

/** The path with its parameters replaced, e.g. /api/customers/:id → /api/customers/13. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Path parameter names of a route, from its url (the schema may be missing). */
export const pathParamNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/**
 * Fills a route's path, query and body for an identity with its own or foreign ids.
 * `overrides` fixes some path parameters (enum values).
 */
export function fillRoute(
  world: SecurityWorld,
  route: ApiRoute,
  identity: Identity,
  mode: Mode,
  overrides: Record<string, string> = {},
): FilledRequest {
  const ctx: Ctx = { route, identity, mode, world };
  const kinds = new Set<Kind>();
  const params: Record<string, string> = {};
  for (const name of pathParamNames(route.url)) {
    if (overrides[name] !== undefined) {
      params[name] = overrides[name];
      continue;
    }
    const choices = enumValues(name, shapeOf(route.params)[name]);
    if (choices) {
      params[name] = choices[0] as string;
      continue;
    }
    const rule = PATH_RULES[name];
    if (!rule) {
      throw new Error(
        `${route.key}: no rule for path parameter "${name}". Add it to PATH_RULES in apps/api/test/security/security-fixture.ts (which record does it name?)`,
      );
    }
    const filled = rule(ctx);
    params[name] = filled.value;
    if (filled.kind) kinds.add(filled.kind);
  }
  const query: Record<string, string> = {};
  for (const [name, schema] of Object.entries(shapeOf(route.querystring))) {
    const rule = QUERY_RULES[name];
    if (!rule) {
      if (isOptional(schema)) continue;
      throw new Error(
        `${route.key}: no rule for required query parameter "${name}". Add it to QUERY_RULES in apps/api/test/security/security-fixture.ts`,
      );
    }
    const filled = rule(ctx);
    query[name] = filled.value;
    if (filled.kind) kinds.add(filled.kind);
  }
  const body = route.body
    ? exampleOf(route.body, '', (key) => {
        const match = BODY_ID_FIELDS.find(([pattern]) => pattern.test(key));
        if (!match) return null;
        kinds.add(match[1]);
        return poolOf(ctx)[match[1]];
      })
    : undefined;
  return {
    method: route.method,
    url: fillPath(route.url, params),
    params,
    query,
    body,
    foreignKinds: mode === 'foreign' ? [...kinds] : [],
    idValues: [...kinds].map((kind) => poolOf(ctx)[kind]),
  };
}

const STRING_CANDIDATES = [
  'security-suite@example.test',
  '2030-06-20',
  '2030/06/20 10:00:00',
  'Security suite',
  'WHOLE',
  'M',
  'PPF',
  'x',
];

/**
 * A plausible value of a zod schema: id-named fields get the pool's ids, the rest the first candidate the
 * schema accepts (so write calls reach their access checks instead of stopping at validation).
 */
// biome-ignore lint/suspicious/noExplicitAny: walks zod 4 internals
export function exampleOf(schema: any, key: string, idFor: (key: string) => string | null): unknown {
  const def = schema?._zod?.def;
  if (!def) return 'x';
  const id = key ? idFor(key) : null;
  const firstAccepted = (candidates: unknown[]) => candidates.find((c) => schema.safeParse(c).success);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(def.shape as Record<string, ZodType>)) {
        if (isOptional(field) && !idFor(k)) continue;
        out[k] = exampleOf(field, k, idFor);
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(def.innerType, key, idFor);
    case 'pipe':
      return exampleOf(def.in, key, idFor);
    case 'lazy':
      return exampleOf(def.getter(), key, idFor);
    case 'string':
      return firstAccepted(id !== null ? [id, ...STRING_CANDIDATES] : STRING_CANDIDATES) ?? 'x';
    case 'number':
    case 'int':
    case 'bigint':
      return firstAccepted(id !== null ? [Number(id), id, 1, 0, 100] : [1, 0, 100, 0.5]) ?? 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'array': {
      const element = exampleOf(def.element, key, idFor);
      return firstAccepted([[element], [element, element], []]) ?? [element];
    }
    case 'tuple':
      return def.items.map((item: ZodType) => exampleOf(item, key, idFor));
    case 'union': {
      for (const option of def.options) {
        const candidate = exampleOf(option, key, idFor);
        if (schema.safeParse(candidate).success) return candidate;
      }
      return exampleOf(def.options[0], key, idFor);
    }
    case 'intersection':
      return {
        ...(exampleOf(def.left, key, idFor) as object),
        ...(exampleOf(def.right, key, idFor) as object),
      };
    case 'record':
      return {};
    case 'date':
      return '2030-06-20';
    default:
      return id ?? 'x';
  }
}

// ── Database digest ────────────────────────────────────────────────────────────────────────────────

/**
 * Tables a refused or read-only call may still write: bookkeeping, not business data.
 * page_views: the caller's own analytics (POST /page-views is allowAssist by design);
 * rate_limit_hits: sign-in/reset throttling counts attempts, refused ones included;
 * read_cache_*: the read cache's own versions.
 */
const DIGEST_EXCLUDED = new Set([
  'page_views',
  'rate_limit_hits',
  'read_cache_versions',
  'read_cache_flushes',
]);

/**
 * Columns a read may fill in once, whoever reads first: not a change anyone makes.
 * invoices: the hosted pay link (metadata.pay_token, hosted_invoice_url) is created on the first read of an
 * open invoice (payments ensurePayToken).
 */
const DIGEST_ROW: Record<string, string> = {
  invoices: `(to_jsonb(x) - 'hosted_invoice_url' - 'metadata') || jsonb_build_object('metadata', x.metadata - 'pay_token')`,
};

/** A fingerprint of every business table: md5 of its rows, per table. */
export async function digestDatabase(db: Db): Promise<Map<string, string>> {
  const tables = (
    await rows<{ t: string }>(
      db,
      sql`select table_name as t from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((r) => r.t)
    .filter((t) => !DIGEST_EXCLUDED.has(t) && !t.startsWith('__'));
  const query = tables
    .map(
      (t) =>
        `select '${t}' as t, md5(coalesce(string_agg((${DIGEST_ROW[t] ?? 'to_jsonb(x)'})::text, '|' order by x::text), '')) as h from "${t}" x`,
    )
    .join(' union all ');
  const result = await rows<{ t: string; h: string }>(db, sql.raw(query));
  return new Map(result.map((r) => [r.t, r.h]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}
