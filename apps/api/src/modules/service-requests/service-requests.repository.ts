import type {
  TCalendarDay,
  TFullRequest,
  TListMode,
  TPaymentSummaryRow,
  TPaymentsSummary,
  TRequestimate,
  TRequestNote,
  TRequestOffer,
  TRequestReferral,
  TRequestService,
  TRequestState,
  TRequestStateRecord,
} from '@app/contracts/service-requests.contract';
import { isContractRequired } from '@app/domain/service-requests/request-status';
import { fillPlaceholders, is, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import type { ReadCache } from './read-cache';
import {
  DEALER_MODE_STATES,
  INSTALLER_MODE_STATES,
  type InstallerListPart,
  type ListScope,
  type Paging,
  statesOf,
  type Viewer,
} from './service-requests.scopes';

/**
 * The only file of the module that talks to the database, and the one place where rows become wire DTOs
 * (decision 4: both spellings; money cents → dollars; tenths of a day → days; request dates
 * 'YYYY/MM/DD HH:mm:ss' UTC).
 *
 * Every read is one SQL statement: a list is visibility + paging + total + the page's enrichment (names,
 * the caller's offer, deposit paid, referral); a detail read carries its visibility check in its WHERE, so
 * "not visible" and "does not exist" are the same empty result.
 *
 * Statements are built once per shape (role, modes, part) with placeholders for every value, and their
 * plans are reused: they join several tables, so planning costs more than running them (PostgreSQL: ≈2 ms
 * against ≈0.4 ms for the full request; PGlite ≈7 ms against ≈0.5 ms for a list page). On PostgreSQL each
 * runs as a named prepared statement (every pooled connection plans a shape once); PGlite ignores protocol
 * statement names, so there a shape is PREPAREd once in SQL on its single session and EXECUTEd with its
 * (integer) values. Building the SQL once also keeps Drizzle's query building off the per-request path.
 * (Named statements need session pooling: behind PgBouncer use session mode, or PgBouncer ≥ 1.21.)
 *
 * With a `cache`, list pages and full requests are kept per caller with the version of their scope
 * (read-cache.ts): a cached reply is served only after one primary-key read finds that version unchanged,
 * and the statement that fills the cache reads its version in the same snapshot as its rows.
 */
export function createServiceRequestsRepository(db: Db, { cache }: { cache?: ReadCache } = {}) {
  const dialect = new PgDialect();
  const isPglite = is(db._.session, PgliteSession);
  // PGlite's prepared statements live as long as its session: a name unique to this repository.
  const prefix = isPglite ? `sr${++repositoryCount}_` : 'sr_';
  const statements = new Map<string, Statement>();

  function prepare(key: string, build: () => SQL): Statement {
    const compiled = dialect.sqlToQuery(build());
    const name = `${prefix}${key}`;
    if (!isPglite) return db._.session.prepareQuery(compiled, undefined, name, false);
    let prepared: Promise<unknown> | undefined;
    return {
      async execute(values) {
        const args = fillPlaceholders(compiled.params, values).map(integerLiteral);
        prepared ??= db
          .execute(sql.raw(`prepare ${name} (${args.map(() => 'int').join(', ')}) as ${compiled.sql}`))
          .catch((error: unknown) => {
            prepared = undefined;
            throw error;
          });
        await prepared;
        return db.execute(sql.raw(`execute ${name}(${args.join(', ')})`));
      },
    };
  }

  async function run<T>(key: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
    let statement = statements.get(key);
    if (!statement) {
      statement = prepare(key, build);
      statements.set(key, statement);
    }
    const result = await statement.execute(values);
    return (result as { rows: T[] }).rows;
  }

  /** A part of a visible request (a JSON array built in SQL), or null when the request is not visible. */
  async function findPart<T>(key: string, viewer: Viewer, requestId: number, partSql: () => SQL) {
    const found = await run<{ part: T[] }>(
      `${key}_${viewer.role}`,
      () => sql`
        select ${partSql()} as part
        from service_requests sr
        where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
      { requestId, companyId: viewer.companyId },
    );
    return found[0]?.part ?? null;
  }

  type Loaded<T> = { value: T; version: string | null; bytes: number } | null;
  /** Statements filling the cache now, per key: readers that find the same version wait for them. */
  const loading = new Map<string, Promise<Loaded<unknown>>>();

  function readVersion(scope: VersionScope, scopeId: number): Promise<string | undefined> {
    return run<{ version: string }>(
      `version_${scope}`,
      () => sql`select ${versionSql(scope, P.scopeId)} as version`,
      { scopeId },
    ).then((rows) => rows[0]?.version);
  }

  /**
   * `load` answers the read with the version of its scope, read in the same statement (null: nothing to
   * keep). A kept answer is served again while one read of the scope's current version finds it unchanged.
   * When a change makes many callers miss at once, the first one's statement answers all those that read
   * the same version (one statement instead of twenty after every write).
   */
  async function cachedRead<T>(
    key: string,
    scope: VersionScope,
    scopeId: number,
    load: () => Promise<Loaded<T>>,
  ): Promise<T | null> {
    if (!cache) return (await load())?.value ?? null;
    const entry = cache.get(key);
    let current: string | undefined;
    if (entry) {
      current = await readVersion(scope, scopeId);
      if (current === entry.version) {
        cache.count(true);
        return entry.value as T;
      }
    }
    cache.count(false);
    const pending = loading.get(key) as Promise<Loaded<T>> | undefined;
    if (pending) {
      current ??= await readVersion(scope, scopeId);
      const shared = await pending.catch(() => null);
      if (shared && shared.version === current) return shared.value;
    }
    const mine = load();
    loading.set(key, mine);
    try {
      const loaded = await mine;
      if (loaded && loaded.version != null) cache.set(key, loaded.version, loaded.value, loaded.bytes);
      return loaded?.value ?? null;
    } finally {
      if (loading.get(key) === mine) loading.delete(key);
    }
  }

  return {
    /** One page of a list scope (ordered by available date, then id) and the scope's total. */
    async listRequests(scope: ListScope, paging: Paging): Promise<{ items: TRequestimate[]; total: number }> {
      const viewer: Viewer =
        scope.role === 'dealer'
          ? { role: 'dealer', companyId: scope.dealerId }
          : { role: 'installer', companyId: scope.installerId };
      const modes = [...scope.modes].sort();
      const part = scope.role === 'installer' ? scope.part : 'all';
      const shape = `list_${scope.role}_${modes.join('_')}_${part}`;
      const versionScope = scope.role === 'dealer' ? 'd' : 'i';
      const page = await cachedRead(
        `${shape}|${viewer.companyId}|${paging.limit}|${paging.offset}`,
        versionScope,
        viewer.companyId,
        async () => {
          const found = await run<
            RequestRow & { total: number; sort_id: number | null; cache_version: string }
          >(
            shape,
            () => sql`
              with visible as (${visibleIdsSql(scope.role, modes, part)})
              select t.total, t.cache_version, r.*
              from (
                select count(*)::int as total, ${versionSql(versionScope, P.companyId)} as cache_version
                from visible
              ) t
              left join lateral (
                select p.id as sort_id, p.available_date as sort_date, ${requestColumns}
                from (
                  select v.id, v.available_date from visible v
                  order by v.available_date, v.id
                  limit ${P.limit} offset ${P.offset}
                ) p
                join service_requests sr on sr.id = p.id
                ${requestJoins(scope.role)}
              ) r on true
              order by r.sort_date, r.sort_id`,
            { companyId: viewer.companyId, limit: paging.limit, offset: paging.offset },
          );
          const items = found.filter((r) => r.sort_id != null).map((r) => toRequestimate(r, viewer));
          return {
            value: { items, total: Number(found[0]?.total ?? 0) },
            version: found[0]?.cache_version ?? null,
            bytes: ENTRY_BYTES + items.length * ROW_BYTES,
          };
        },
      );
      return page ?? { items: [], total: 0 };
    },

    async findRequest(viewer: Viewer, requestId: number): Promise<TRequestimate | null> {
      const found = await run<RequestRow>(
        `request_${viewer.role}`,
        () => sql`
          select ${requestColumns}
          from service_requests sr
          ${requestJoins(viewer.role)}
          where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
        { requestId, companyId: viewer.companyId },
      );
      const row = found[0];
      return row ? toRequestimate(row, viewer) : null;
    },

    /** The request with all its parts in one statement; null when the viewer may not see it. */
    async findFullRequest(viewer: Viewer, requestId: number): Promise<TFullRequest | null> {
      return cachedRead(`full_${viewer.role}|${viewer.companyId}|${requestId}`, 'r', requestId, async () => {
        const found = await run<
          RequestRow & {
            services: ServiceJson[];
            notes: NoteJson[];
            offers: OfferJson[];
            calendar_days: CalendarJson[];
            payments: PaymentJson[];
            cache_version: string;
          }
        >(
          `full_${viewer.role}`,
          () => sql`
            select ${requestColumns},
              ${servicesJsonSql()} as services,
              ${notesJsonSql()} as notes,
              ${offersJsonSql(viewer.role)} as offers,
              ${calendarJsonSql(viewer.role)} as calendar_days,
              ${paymentsJsonSql(viewer.role)} as payments,
              ${versionSql('r', P.requestId)} as cache_version
            from service_requests sr
            ${requestJoins(viewer.role)}
            where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
          { requestId, companyId: viewer.companyId },
        );
        const row = found[0];
        if (!row) return null;
        const request = toRequestimate(row, viewer);
        const parts =
          row.services.length +
          row.notes.length +
          row.offers.length +
          row.calendar_days.length +
          row.payments.length;
        return {
          value: {
            ...request,
            services: row.services.map(toService),
            notes: row.notes.map(toNote),
            offers: row.offers.map(toOffer),
            calendarDays: row.calendar_days.map(toCalendarDay),
            payments: toPaymentsSummary(row.deposit_amount_cents, row.payments),
          },
          version: row.cache_version,
          bytes: ENTRY_BYTES + ROW_BYTES + parts * PART_BYTES,
        };
      });
    },

    /** Service lines, in their order; null when the request is not visible. */
    async listServices(viewer: Viewer, requestId: number): Promise<TRequestService[] | null> {
      const part = await findPart<ServiceJson>('services', viewer, requestId, servicesJsonSql);
      return part?.map(toService) ?? null;
    },

    async listNotes(viewer: Viewer, requestId: number): Promise<TRequestNote[] | null> {
      const part = await findPart<NoteJson>('notes', viewer, requestId, notesJsonSql);
      return part?.map(toNote) ?? null;
    },

    /** Offers of one request: dealers only accepted ones, installers only their own. */
    async listOffersOfRequest(viewer: Viewer, requestId: number): Promise<TRequestOffer[] | null> {
      const part = await findPart<OfferJson>('offers', viewer, requestId, () => offersJsonSql(viewer.role));
      return part?.map(toOffer) ?? null;
    },

    async listStateHistory(viewer: Viewer, requestId: number): Promise<TRequestStateRecord[] | null> {
      const part = await findPart<HistoryJson>(
        'history',
        viewer,
        requestId,
        () => sql`(select coalesce(json_agg(json_build_object(
            'id', h.id, 'request_id', h.request_id, 'state_date', ${wireDate(sql`h.state_date`)},
            'request_status', h.request_status, 'request_service_id', h.request_service_id,
            'changed_by_user_id', h.changed_by_user_id, 'changed_by_user_type', h.changed_by_user_type
          ) order by h.state_date, h.id), '[]'::json)
          from request_state_history h where h.request_id = sr.id)`,
      );
      return (
        part?.map((h) => ({
          id: h.id,
          requestId: h.request_id,
          stateDate: h.state_date,
          requestStatus: h.request_status,
          serviceId: h.request_service_id,
          changedByUserId: h.changed_by_user_id,
          changedByUserType: h.changed_by_user_type,
        })) ?? null
      );
    },

    /** Referrals converted into this request (normally one). Dealers see only their own dealership's. */
    async listReferrals(viewer: Viewer, requestId: number): Promise<TRequestReferral[] | null> {
      const part = await findPart<{ id: number; request_id: number; status: string; dealer_id: number }>(
        'referrals',
        viewer,
        requestId,
        () => sql`(select coalesce(json_agg(json_build_object(
            'id', r.id, 'request_id', r.request_id, 'status', r.status, 'dealer_id', r.dealer_id
          ) order by r.id), '[]'::json)
          from referrals r where r.request_id = sr.id
            ${viewer.role === 'dealer' ? sql`and r.dealer_id = ${P.companyId}` : sql``})`,
      );
      return (
        part?.map((r) => ({
          referral_id: r.id,
          referralId: r.id,
          requestId: r.request_id,
          status: r.status,
          dealerId: r.dealer_id,
        })) ?? null
      );
    },

    async listCalendarDays(viewer: Viewer, requestId: number): Promise<TCalendarDay[] | null> {
      const part = await findPart<CalendarJson>('calendar', viewer, requestId, () =>
        calendarJsonSql(viewer.role),
      );
      return part?.map(toCalendarDay) ?? null;
    },

    /**
     * Offers of a company (GET /requestOffered/{typeId}): an installer's own offers, or the accepted offers
     * on a dealership's requests; requests deleted are left out. Ordered by offer id.
     */
    async listOffersOfCompany(
      viewer: Viewer,
      paging: Paging,
    ): Promise<{ items: TRequestOffer[]; total: number }> {
      const visible = () =>
        viewer.role === 'installer'
          ? sql`select o.id from request_offers o
                join service_requests sr on sr.id = o.request_id
                where o.installer_id = ${P.companyId} and sr.deleted_at is null`
          : sql`select o.id from service_requests sr
                join request_offers o on o.request_id = sr.id
                where sr.requestor_dealer_id = ${P.companyId} and sr.request_type = 'dealer'
                  and sr.deleted_at is null and o.current_status = 'accepted'`;
      const found = await run<OfferJson & { total: number }>(
        `company_offers_${viewer.role}`,
        () => sql`
          with visible as (${visible()})
          select t.total, r.*
          from (select count(*)::int as total from visible) t
          left join lateral (
            select ${offerFields}
            from (select v.id from visible v order by v.id limit ${P.limit} offset ${P.offset}) p
            join request_offers o on o.id = p.id
            join installers oi on oi.id = o.installer_id
          ) r on true
          order by r.id`,
        { companyId: viewer.companyId, limit: paging.limit, offset: paging.offset },
      );
      return {
        total: Number(found[0]?.total ?? 0),
        items: found.filter((r) => r.id != null).map(toOffer),
      };
    },
  };
}
export type ServiceRequestsRepository = ReturnType<typeof createServiceRequestsRepository>;

type Statement = { execute: (values: Record<string, unknown>) => Promise<unknown> };
let repositoryCount = 0;

/** Every value of these statements is an integer (ids, limit, offset): anything else is a bug, not input. */
function integerLiteral(value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new Error(`statement value is not an integer: ${String(value)}`);
  }
  return String(value);
}

/** The values of every statement: always integer parameters, so a statement's text depends only on its shape. */
const P = {
  companyId: sql`${sql.placeholder('companyId')}::int`,
  requestId: sql`${sql.placeholder('requestId')}::int`,
  limit: sql`${sql.placeholder('limit')}::int`,
  offset: sql`${sql.placeholder('offset')}::int`,
  scopeId: sql`${sql.placeholder('scopeId')}::int`,
};

// ---------------------------------------------------------------------------------------------------
// Read-cache versions (migration 0004, read-cache.ts)

/** 'd' a dealership's lists, 'i' an installer's lists, 'r' one request's full view. */
type VersionScope = 'd' | 'i' | 'r';

/**
 * Estimated size of a cached reply, for the cache's bound: a list item is ≈60 fields, ≈1.3 KB of JSON,
 * and the routes keep the JSON they wrote beside the objects.
 */
const ENTRY_BYTES = 500;
const ROW_BYTES = 4500;
const PART_BYTES = 900;

/**
 * The version of a scope combined with the global one ('g', changed by names, contacts and capacities
 * that many requests show): text that changes whenever anything a read of the scope shows changes.
 */
function versionSql(scope: VersionScope, id: SQL): SQL {
  return sql`(coalesce((select v.version from read_cache_versions v where v.scope = ${sql.raw(`'${scope}'`)} and v.id = ${id}), 0)
    || '.' || coalesce((select g.version from read_cache_versions g where g.scope = 'g' and g.id = 0), 0))`;
}

// ---------------------------------------------------------------------------------------------------
// Visibility (the SQL of service-requests.scopes.ts)

/** A fixed list of states as SQL literals (constants only, never input), so the planner sees them. */
function stateList(states: readonly TRequestState[]): SQL {
  for (const s of states) if (!/^[a-z]+$/.test(s)) throw new Error(`not a state: ${s}`);
  return sql.raw(`(${states.map((s) => `'${s}'`).join(', ')})`);
}

/**
 * `select id, available_date` of every request in a list scope. Each branch matches one index of
 * schema/service-requests.ts: requestor_dealer_list_idx, requestor_installer_list_idx,
 * request_offers_installer_status_idx (+ the primary key) and assigned_list_idx.
 */
function visibleIdsSql(role: Viewer['role'], modes: readonly TListMode[], part: InstallerListPart): SQL {
  const branches: SQL[] = [];
  if (role === 'dealer') {
    branches.push(sql`select sr.id, sr.available_date from service_requests sr
      where sr.requestor_dealer_id = ${P.companyId} and sr.request_type = 'dealer'
        and sr.current_state in ${stateList(statesOf(DEALER_MODE_STATES, modes))}`);
  } else {
    if (modes.includes('requests')) {
      if (part !== 'dealerRequests') {
        branches.push(sql`select sr.id, sr.available_date from service_requests sr
          where sr.requestor_installer_id = ${P.companyId} and sr.request_type = 'installer'
            and sr.current_state = 'new'`);
      }
      if (part !== 'estimates') {
        branches.push(sql`select sr.id, sr.available_date from request_offers o
          join service_requests sr on sr.id = o.request_id
          where o.installer_id = ${P.companyId} and o.current_status = 'offered'
            and sr.request_type = 'dealer' and sr.current_state = 'new'`);
      }
    }
    const assignedStates = statesOf(
      INSTALLER_MODE_STATES,
      modes.filter((m) => m !== 'requests'),
    );
    if (assignedStates.length > 0) {
      const typeFilter =
        part === 'all'
          ? sql``
          : part === 'estimates'
            ? sql`and sr.request_type = 'installer'`
            : sql`and sr.request_type = 'dealer'`;
      branches.push(sql`select sr.id, sr.available_date from service_requests sr
        where sr.assigned_installer_id = ${P.companyId} and sr.current_state in ${stateList(assignedStates)}
          ${typeFilter}`);
    }
  }
  if (branches.length === 0)
    return sql`select null::int as id, null::timestamptz as available_date where false`;
  // The branches are disjoint (by request type, or by state), so UNION ALL needs no de-duplication.
  return sql.join(branches, sql` union all `);
}

/** Whether the viewer (`P.companyId`) may read request `sr` at all (detail reads). */
function visibleToSql(role: Viewer['role']): SQL {
  if (role === 'dealer') {
    return sql`(sr.request_type = 'dealer' and sr.requestor_dealer_id = ${P.companyId}
      and sr.deleted_at is null)`;
  }
  return sql`(sr.deleted_at is null and (
      sr.requestor_installer_id = ${P.companyId}
      or sr.assigned_installer_id = ${P.companyId}
      or (sr.request_type = 'dealer' and exists (
        select 1 from request_offers vo where vo.request_id = sr.id and vo.installer_id = ${P.companyId}))))`;
}

// ---------------------------------------------------------------------------------------------------
// Request rows

function wireDate(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS')`;
}

type RequestRow = {
  id: number;
  request_type: 'dealer' | 'installer';
  current_state: TRequestState;
  offer_state: string | null;
  created_date: string;
  available_date: string;
  due_date: string | null;
  duration_tenths: number;
  total_cents: number;
  discount_cents: number;
  fee_cents: number;
  taxes_cents: number;
  vehicle_year: number | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  vehicle_trim: string | null;
  vin: string | null;
  service_requested: string;
  latitude: number | null;
  longitude: number | null;
  assigned_installer_id: number | null;
  requestor_dealer_id: number | null;
  requestor_installer_id: number | null;
  dealer_id: number | null;
  customer_id: number | null;
  invoice_number: string | null;
  customer_facing_invoice: string | null;
  contract_url: string | null;
  dealer_customer_contract: string | null;
  contract_signed: boolean;
  schedule_start: string | null;
  schedule_end: string | null;
  deposit_amount_cents: number;
  review_score: number | null;
  dealer_name: string | null;
  dealer_email: string | null;
  dealer_phone: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  installer_name: string | null;
  installer_email: string | null;
  installer_phone: string | null;
  my_offer_status: string | null;
  deposit_paid_cents: number;
  referral_id: number | null;
  referral_status: string | null;
};

const requestColumns = sql`
  sr.id, sr.request_type, sr.current_state, sr.offer_state,
  ${wireDate(sql`sr.created_date`)} as created_date,
  ${wireDate(sql`sr.available_date`)} as available_date,
  ${wireDate(sql`sr.due_date`)} as due_date,
  sr.duration_tenths, sr.total_cents, sr.discount_cents, sr.fee_cents, sr.taxes_cents,
  sr.vehicle_year, sr.vehicle_make, sr.vehicle_model, sr.vehicle_trim, sr.vin, sr.service_requested,
  sr.latitude, sr.longitude, sr.assigned_installer_id, sr.requestor_dealer_id, sr.requestor_installer_id,
  sr.dealer_id, sr.customer_id, sr.invoice_number, sr.customer_facing_invoice, sr.contract_url,
  sr.deposit_amount_cents, sr.review_score,
  d.name as dealer_name, d.email as dealer_email, d.phone as dealer_phone,
  c.name as customer_name, c.email as customer_email, c.phone as customer_phone,
  i.name as installer_name, i.email as installer_email, i.phone as installer_phone,
  my.current_status as my_offer_status,
  d.customer_contract as dealer_customer_contract,
  exists (select 1 from contracts ct where ct.request_id = sr.id and ct.signed_at is not null) as contract_signed,
  ${wireDate(sql`rs.start_date`)} as schedule_start,
  ${wireDate(sql`rs.end_date`)} as schedule_end,
  case when sr.deposit_amount_cents > 0 then (
    select coalesce(sum(dp.amount_cents), 0)::int from payments dp
    where dp.request_id = sr.id and dp.payment_type = 'deposit' and dp.payment_state in ('paid', 'settled')
  ) else 0 end as deposit_paid_cents,
  ref.id as referral_id, ref.status as referral_status`;

/** Counterparts, the caller's own offer and the latest linked referral; each a primary-key or indexed lookup. */
function requestJoins(role: Viewer['role']): SQL {
  const ownInstaller = role === 'installer' ? P.companyId : sql`null::int`;
  return sql`
    left join dealers d on d.id = coalesce(sr.requestor_dealer_id, sr.dealer_id)
    left join customers c on c.id = sr.customer_id
    left join installers i on i.id = sr.assigned_installer_id
    left join request_offers my on my.request_id = sr.id and my.installer_id = ${ownInstaller}
    left join request_schedules rs on rs.request_id = sr.id
    left join lateral (
      select r.id, r.status from referrals r where r.request_id = sr.id order by r.id desc limit 1
    ) ref on true`;
}

const dollars = (cents: number) => Math.round(cents) / 100;
const days = (tenths: number) => tenths / 10;

function toRequestimate(r: RequestRow, viewer: Viewer): TRequestimate {
  const isDealerViewer = viewer.role === 'dealer';
  const hasDealer = r.dealer_name != null;
  // Counterpart (000 §2): installers see the dealership, or the retail customer of their own estimate;
  // dealers see the assigned installer. An installer never sees another installer's name or contact.
  const isAssignedToViewer = !isDealerViewer && r.assigned_installer_id === viewer.companyId;
  const installerName = isDealerViewer || isAssignedToViewer ? r.installer_name : null;
  const dealerName = hasDealer ? r.dealer_name : r.customer_name;
  const email = isDealerViewer ? r.installer_email : hasDealer ? r.dealer_email : r.customer_email;
  const phone = isDealerViewer ? r.installer_phone : hasDealer ? r.dealer_phone : r.customer_phone;
  const requestor = (r.request_type === 'dealer' ? r.requestor_dealer_id : r.requestor_installer_id) ?? 0;
  const deposit = dollars(r.deposit_amount_cents);
  const depositPaidCents = Number(r.deposit_paid_cents);
  return {
    requestId: r.id,
    Request_id: r.id,
    requestType: r.request_type,
    Request_type: r.request_type,
    currentState: r.current_state,
    current_state: r.current_state,
    offerState: isDealerViewer ? r.offer_state : r.my_offer_status,
    createdDate: r.created_date,
    created_date: r.created_date,
    availableDate: r.available_date,
    available_date: r.available_date,
    dueDate: r.due_date,
    due_date: r.due_date,
    requestDuration: days(r.duration_tenths),
    request_duration: days(r.duration_tenths),
    requestTotal: dollars(r.total_cents),
    Request_Total: dollars(r.total_cents),
    requestDiscount: dollars(r.discount_cents),
    Request_Discount: dollars(r.discount_cents),
    requestTaxes: dollars(r.taxes_cents),
    Request_taxes: dollars(r.taxes_cents),
    requestFee: dollars(r.fee_cents),
    Request_Fee: dollars(r.fee_cents),
    vehicleYear: r.vehicle_year,
    vehicleMake: r.vehicle_make,
    vehicleModel: r.vehicle_model,
    vehicleTrim: r.vehicle_trim,
    vin: r.vin,
    serviceRequested: r.service_requested,
    Service_Requested: r.service_requested,
    dealerName,
    installerName,
    email,
    phone_number: phone,
    latitude: r.latitude,
    longitude: r.longitude,
    assignedTo: r.assigned_installer_id ?? 0,
    requestor,
    Requestor: requestor,
    dealerId: r.dealer_id ?? r.requestor_dealer_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    invoiceId: r.invoice_number,
    customer_facing_invoice: r.customer_facing_invoice,
    contract_url: r.contract_url,
    contractRequired: isContractRequired({
      requestType: r.request_type,
      customerContract: r.dealer_customer_contract,
    }),
    contractSigned: r.contract_signed === true,
    scheduleStart: r.schedule_start,
    scheduleEnd: r.schedule_end,
    depositAmount: deposit,
    deposit_amount: deposit,
    depositIsPaid: isDepositPaid(r.deposit_amount_cents, depositPaidCents),
    depositPaidAmount: dollars(depositPaidCents),
    referral_id: r.referral_id,
    referral_status: r.referral_status,
    reviewScore: r.review_score,
  };
}

/** 'Paid' badge: something was paid towards the deposit and it covers the amount asked. */
function isDepositPaid(depositCents: number, paidCents: number): boolean {
  return paidCents > 0 && paidCents >= depositCents;
}

// ---------------------------------------------------------------------------------------------------
// Parts of a request, built as JSON arrays in SQL (one statement for the full request)

type ServiceJson = {
  id: number;
  request_id: number;
  service_id: number | null;
  master_service_id: number | null;
  position: number;
  service_category: string;
  description: string;
  custom_description: string | null;
  amount_cents: number;
  discount_cents: number;
  fee_cents: number;
  retail_price_cents: number | null;
  duration_tenths: number;
  service_state: 'new' | 'started' | 'finished';
  service_date: string | null;
  materials: string | null;
  template: string | null;
};

function servicesJsonSql(): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', rs.id, 'request_id', rs.request_id, 'service_id', rs.service_id,
      'master_service_id', rs.master_service_id, 'position', rs.position,
      'service_category', rs.service_category, 'description', rs.description,
      'custom_description', rs.custom_description, 'amount_cents', rs.amount_cents,
      'discount_cents', rs.discount_cents, 'fee_cents', rs.fee_cents,
      'retail_price_cents', rs.retail_price_cents, 'duration_tenths', rs.duration_tenths,
      'service_state', rs.service_state, 'service_date', ${wireDate(sql`rs.service_date`)},
      'materials', rs.materials, 'template', rs.template
    ) order by rs.position, rs.id), '[]'::json)
    from request_services rs where rs.request_id = sr.id)`;
}

function toService(s: ServiceJson): TRequestService {
  return {
    service_id: s.id,
    requestId: s.request_id,
    catalog_service_id: s.service_id,
    master_service_id: s.master_service_id,
    position: s.position,
    service_category: s.service_category,
    description: s.description,
    custom_description: s.custom_description,
    service_amount: dollars(s.amount_cents),
    service_cost: dollars(s.amount_cents),
    service_discount: dollars(s.discount_cents),
    service_fee: dollars(s.fee_cents),
    retail_price: s.retail_price_cents == null ? null : dollars(s.retail_price_cents),
    service_duration: days(s.duration_tenths),
    duration_days: days(s.duration_tenths),
    service_state: s.service_state,
    service_date: s.service_date,
    materials: s.materials,
    template: s.template,
  };
}

type NoteJson = {
  id: number;
  request_id: number;
  note_text: string;
  note_date: string;
  user_id: number | null;
  user_type: 'dealer' | 'installer' | null;
};

function notesJsonSql(): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', n.id, 'request_id', n.request_id, 'note_text', n.note_text,
      'note_date', ${wireDate(sql`n.note_date`)}, 'user_id', n.user_id, 'user_type', n.user_type
    ) order by n.note_date, n.id), '[]'::json)
    from request_notes n where n.request_id = sr.id)`;
}

function toNote(n: NoteJson): TRequestNote {
  return {
    noteId: n.id,
    requestId: n.request_id,
    note_text: n.note_text,
    noteDate: n.note_date,
    userId: n.user_id,
    userType: n.user_type,
  };
}

type OfferJson = {
  id: number;
  request_id: number;
  installer_id: number;
  installer_name: string;
  start_date: string | null;
  end_date: string | null;
  current_status: string;
  date_updated: string;
};

const offerFields = sql`o.id, o.request_id, o.installer_id, oi.name as installer_name,
  ${wireDate(sql`o.start_date`)} as start_date, ${wireDate(sql`o.end_date`)} as end_date,
  o.current_status, ${wireDate(sql`o.date_updated`)} as date_updated`;

/** Dealers see only accepted offers; an installer only its own (000 §2). */
function offerFilter(role: Viewer['role']): SQL {
  return role === 'dealer' ? sql`o.current_status = 'accepted'` : sql`o.installer_id = ${P.companyId}`;
}

function offersJsonSql(role: Viewer['role']): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'request_id', o.request_id, 'installer_id', o.installer_id, 'installer_name', oi.name,
      'start_date', ${wireDate(sql`o.start_date`)}, 'end_date', ${wireDate(sql`o.end_date`)},
      'current_status', o.current_status, 'date_updated', ${wireDate(sql`o.date_updated`)}
    ) order by o.id), '[]'::json)
    from request_offers o join installers oi on oi.id = o.installer_id
    where o.request_id = sr.id and ${offerFilter(role)})`;
}

function toOffer(o: OfferJson): TRequestOffer {
  return {
    offerId: o.id,
    requestId: o.request_id,
    installerId: o.installer_id,
    installerName: o.installer_name,
    startDate: o.start_date,
    endDate: o.end_date,
    currentStatus: o.current_status,
    dateUpdated: o.date_updated,
  };
}

type CalendarJson = {
  id: number;
  request_id: number;
  request_service_id: number | null;
  work_date: string;
  work_status: TCalendarDay['workStatus'];
  daily_work_tenths: number;
  capacity: number;
  installer_id: number;
  location_id: number | null;
  event_id: string | null;
};

/**
 * Installers see their own calendar days; dealers the days of the assigned installer and of installers
 * whose offer they may see (accepted), never a merely offered installer's draft.
 */
function calendarJsonSql(role: Viewer['role']): SQL {
  const filter =
    role === 'installer'
      ? sql`cd.installer_id = ${P.companyId}`
      : sql`(cd.installer_id = sr.assigned_installer_id or exists (
          select 1 from request_offers ao where ao.request_id = sr.id and ao.installer_id = cd.installer_id
            and ao.current_status = 'accepted'))`;
  return sql`(select coalesce(json_agg(json_build_object(
      'id', cd.id, 'request_id', cd.request_id, 'request_service_id', cd.request_service_id,
      'work_date', cd.work_date, 'work_status', cd.work_status, 'daily_work_tenths', cd.daily_work_tenths,
      'capacity', coalesce(cl.capacity, ci.capacity), 'installer_id', cd.installer_id,
      'location_id', cd.location_id, 'event_id', cd.event_id
    ) order by cd.work_date, cd.id), '[]'::json)
    from calendar_days cd
    join installers ci on ci.id = cd.installer_id
    left join installer_locations cl on cl.id = cd.location_id
    where cd.request_id = sr.id and ${filter})`;
}

function toCalendarDay(c: CalendarJson): TCalendarDay {
  return {
    id: c.id,
    requestId: c.request_id,
    serviceId: c.request_service_id,
    workDate: c.work_date,
    work_date: c.work_date,
    workStatus: c.work_status,
    work_status: c.work_status,
    daily_work: days(c.daily_work_tenths),
    capacity: c.capacity,
    installerId: c.installer_id,
    locationId: c.location_id,
    event_id: c.event_id,
    eventId: c.event_id,
  };
}

type PaymentJson = {
  id: number;
  payment_type: TPaymentSummaryRow['payment_type'];
  payment_state: TPaymentSummaryRow['payment_state'];
  amount_cents: number;
  payment_date: string | null;
  invoice_id: number | null;
};

/** Dealers see every payment of their request; an installer only the payments made to it. */
function paymentsJsonSql(role: Viewer['role']): SQL {
  const filter = role === 'installer' ? sql`and pm.installer_id = ${P.companyId}` : sql``;
  return sql`(select coalesce(json_agg(json_build_object(
      'id', pm.id, 'payment_type', pm.payment_type, 'payment_state', pm.payment_state,
      'amount_cents', pm.amount_cents, 'payment_date', ${wireDate(sql`pm.payment_date`)},
      'invoice_id', pm.invoice_id
    ) order by pm.id), '[]'::json)
    from payments pm where pm.request_id = sr.id ${filter})`;
}

const PAID_STATES = new Set(['paid', 'settled']);

function toPaymentsSummary(depositCents: number, payments: PaymentJson[]): TPaymentsSummary {
  const deposits = payments.filter((p) => p.payment_type === 'deposit');
  const depositPaidCents = deposits
    .filter((p) => PAID_STATES.has(p.payment_state))
    .reduce((sum, p) => sum + p.amount_cents, 0);
  const totalPaidCents = payments
    .filter((p) => PAID_STATES.has(p.payment_state))
    .reduce((sum, p) => sum + p.amount_cents, 0);
  const depositIsPaid = isDepositPaid(depositCents, depositPaidCents);
  return {
    depositAmount: dollars(depositCents),
    depositIsPaid,
    depositPaidAmount: dollars(depositPaidCents),
    depositStatus: depositIsPaid ? 'paid' : deposits.length > 0 ? 'invoiced' : 'none',
    totalPaid: dollars(totalPaidCents),
    payments: payments.map((p) => ({
      payment_id: p.id,
      payment_type: p.payment_type,
      payment_state: p.payment_state,
      payment_amount: dollars(p.amount_cents),
      payment_date: p.payment_date,
      invoice_id: p.invoice_id,
    })),
  };
}

type HistoryJson = {
  id: number;
  request_id: number;
  state_date: string;
  request_status: string;
  request_service_id: number | null;
  changed_by_user_id: number | null;
  changed_by_user_type: string | null;
};
