import type {
  TListMode,
  TRequestimate,
  TRequestOffer,
  TRequestState,
} from '@app/contracts/service-requests.contract';
import { type SQL, sql } from 'drizzle-orm';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { offerJsonSql } from './service-requests.parts.repository';
import {
  DEALER_MODE_STATES,
  INSTALLER_MODE_STATES,
  type InstallerListPart,
  type ListScope,
  type Paging,
  statesOf,
  type Viewer,
} from './service-requests.scopes';
import {
  P,
  type Statements,
  textEntryBytes,
  versionSql,
  windowBound,
  windowOf,
} from './service-requests.statements.repository';
import { requestJoins, requestJsonSql } from './service-requests.wire.repository';

/** The list reads: a list scope's page (cached), and a company's offers. */
export function createListReads({ run, cachedRead }: Statements) {
  return {
    /**
     * One page of a list scope (ordered by available date, then id), the scope's total and the cursor of
     * the next page. Each branch of the scope is read in index order and limited before the merge, and the
     * total is the sum of the scope's kept counts (decision 016), so a page costs the same whatever the
     * company's history.
     */
    async listRequests(
      scope: ListScope,
      paging: Paging,
    ): Promise<{ items: JsonText<TRequestimate[]>; total: number; next_cursor: string | null }> {
      const viewer: Viewer =
        scope.role === 'dealer'
          ? { role: 'dealer', companyId: scope.dealerId }
          : { role: 'installer', companyId: scope.installerId };
      const modes = [...scope.modes].sort();
      const part = scope.role === 'installer' ? scope.part : 'all';
      const keyset = paging.after !== undefined;
      const bound = windowBound(paging.limit + paging.offset);
      const shape = `list_${scope.role}_${modes.join('_')}_${part}${keyset ? '_after' : ''}_w${bound ?? 'deep'}`;
      const versionScope = scope.role === 'dealer' ? 'd' : 'i';
      const after = paging.after ?? { us: 0, id: 0 };
      const page = await cachedRead(
        `${shape}|${viewer.companyId}|${paging.limit}|${paging.offset}|${after.us}_${after.id}`,
        versionScope,
        viewer.companyId,
        async () => {
          const branches = listBranches(scope.role, modes, part);
          // One row: the total, the version, the page's requests as the wire's JSON array in list order,
          // how many there are and the last one's cursor.
          const [found] = await run<{
            total: number;
            cache_version: string;
            items: string;
            n: number;
            last_cursor: string | null;
          }>(
            shape,
            () => sql`
              with page as (
                select v.id, v.available_date
                from (${unionOf(branches, keyset, bound)}) v
                order by v.available_date, v.id
                limit ${P.limit} offset ${P.offset}
              )
              select t.total, t.cache_version, count(r.sort_id)::int as n,
                coalesce(json_agg(r.item order by r.sort_date, r.sort_id)
                  filter (where r.sort_id is not null), '[]')::text as items,
                (array_agg(r.sort_us || '_' || r.sort_id order by r.sort_date desc, r.sort_id desc)
                  filter (where r.sort_id is not null))[1] as last_cursor
              from (
                select ${totalSql(branches)} as total, ${versionSql(versionScope, P.companyId)} as cache_version
              ) t
              left join lateral (
                select p.id as sort_id, p.available_date as sort_date,
                  (extract(epoch from p.available_date) * 1000000)::bigint::text as sort_us,
                  ${requestJsonSql(scope.role)} as item
                from page p
                join service_requests sr on sr.id = p.id
                ${requestJoins(scope.role)}
              ) r on true
              group by t.total, t.cache_version`,
            {
              companyId: viewer.companyId,
              limit: paging.limit,
              offset: paging.offset,
              window: paging.limit + paging.offset,
              ...(keyset ? { afterUs: after.us, afterId: after.id } : {}),
            },
          );
          if (!found) return null;
          const count = Number(found.n);
          return {
            value: {
              items: asJsonText<TRequestimate[]>(found.items),
              total: Number(found.total),
              next_cursor: count === paging.limit ? found.last_cursor : null,
            },
            version: found.cache_version ?? null,
            bytes: textEntryBytes(found.items),
          };
        },
      );
      return page ?? { items: asJsonText<TRequestimate[]>('[]'), total: 0, next_cursor: null };
    },

    /**
     * Offers of a company (GET /requestOffered/{typeId}): an installer's own offers by offer id, or a
     * dealership's accepted offers — the quotes on its requests still awaiting its choice (state answered)
     * — in list order (available date, request id). Requests deleted are left out. The page is one index
     * range read in order and cut at offset + limit (request_offers_installer_live_idx,
     * service_requests_requestor_dealer_list_idx), and the total is the company's kept count (migration
     * 0020), so neither grows with the company's history (decision 016).
     */
    async listOffersOfCompany(
      viewer: Viewer,
      paging: Paging,
    ): Promise<{ items: JsonText<TRequestOffer[]>; total: number }> {
      // The first limit + offset (the window) of the visible offers in order, less the first offset: an
      // offset on the arm itself would skip them and then give a whole window. An installer's: one range
      // of the partial index of its offers not 'deleted', less those of deleted requests (the offer's
      // copy). A dealership's: its first answered requests in list order, then their accepted offers.
      const bound = windowBound(paging.limit + paging.offset);
      const window =
        viewer.role === 'installer'
          ? windowOf(
              sql`select o.id, o.id as s1, 0 as s2, 0 as s3 from request_offers o
                where o.installer_id = ${P.companyId} and o.current_status <> 'deleted'
                  and not o.request_deleted
                order by o.id`,
              sql`s1`,
              bound,
            )
          : sql`select o.id, sr.available_date as s1, sr.id as s2, o.id as s3
                from (${windowOf(
                  sql`select sr.id, sr.available_date from service_requests sr
                      where sr.requestor_dealer_id = ${P.companyId} and sr.current_state = 'answered'
                        and sr.request_type = 'dealer' and sr.deleted_at is null
                      order by sr.available_date, sr.id`,
                  sql`available_date, id`,
                  bound,
                )}) sr
                join request_offers o on o.request_id = sr.id and o.current_status = 'accepted'
                order by sr.available_date, sr.id, o.id limit ${P.window}`;
      const key =
        viewer.role === 'installer'
          ? sql`c.branch = 'company_offers_installer' and c.state = 'live'`
          : sql`c.branch = 'company_offers_dealer' and c.state = 'accepted'`;
      const [found] = await run<{ total: number; items: string }>(
        `company_offers_${viewer.role}_w${bound ?? 'deep'}`,
        () => sql`
          select t.total,
            coalesce(json_agg(r.item order by r.s1, r.s2, r.s3) filter (where r.s1 is not null), '[]')::text
              as items
          from (select coalesce(sum(c.n), 0)::int as total from request_list_counts c
                where c.company_id = ${P.companyId} and ${key}) t
          left join lateral (
            select ${offerJsonSql} as item, p.s1, p.s2, p.s3
            from (select * from (${window}) w order by w.s1, w.s2, w.s3 offset ${P.offset}) p
            join request_offers o on o.id = p.id
            join installers oi on oi.id = o.installer_id
          ) r on true
          group by t.total`,
        {
          companyId: viewer.companyId,
          limit: paging.limit,
          offset: paging.offset,
          window: paging.limit + paging.offset,
        },
      );
      return {
        total: Number(found?.total ?? 0),
        items: asJsonText<TRequestOffer[]>(found?.items ?? '[]'),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Visibility (the SQL of service-requests.scopes.ts), branch by branch (decision 016)

/**
 * One ordered index range of a list scope: a branch of request_list_counts and one state. Each matches one
 * index: requestor_dealer_list_idx, requestor_installer_list_idx, request_offers_open_offered_idx and
 * assigned_list_idx, all ending in the available date, so each range is read in list order and stops at
 * the page's window.
 */
type Branch = {
  branch: 'dealer' | 'estimate' | 'offered' | 'assigned_dealer' | 'assigned_installer';
  state: TRequestState;
};

/** The branches of a scope; the same keys the triggers of migration 0009 count under. */
export function listBranches(
  role: Viewer['role'],
  modes: readonly TListMode[],
  part: InstallerListPart,
): Branch[] {
  if (role === 'dealer') {
    return statesOf(DEALER_MODE_STATES, modes).map((state) => ({ branch: 'dealer', state }));
  }
  const branches: Branch[] = [];
  if (modes.includes('requests')) {
    if (part !== 'dealerRequests') branches.push({ branch: 'estimate', state: 'new' });
    if (part !== 'estimates') branches.push({ branch: 'offered', state: 'new' });
  }
  const assigned = statesOf(
    INSTALLER_MODE_STATES,
    modes.filter((m) => m !== 'requests'),
  );
  const kinds =
    part === 'all'
      ? (['assigned_dealer', 'assigned_installer'] as const)
      : part === 'estimates'
        ? (['assigned_installer'] as const)
        : (['assigned_dealer'] as const);
  for (const state of assigned) for (const branch of kinds) branches.push({ branch, state });
  return branches;
}

/** A state as an SQL literal (constants only, never input), so the planner sees it. */
function stateLiteral(state: TRequestState): SQL {
  if (!/^[a-z]+$/.test(state)) throw new Error(`not a state: ${state}`);
  return sql.raw(`'${state}'`);
}

/**
 * `select id, available_date` of one branch, in list order, at most the page's window (after a cursor),
 * cut first at the window's bound (windowOf).
 */
function branchPageSql(b: Branch, keyset: boolean, bound: number | null): SQL {
  const state = stateLiteral(b.state);
  const cursorDate = sql`(timestamptz 'epoch' + ${P.afterUs} * interval '1 microsecond')`;
  // The first condition bounds the index range; the second skips the cursor's own date up to its id.
  const afterCursor = (date: SQL, id: SQL) =>
    keyset ? sql`and ${date} >= ${cursorDate} and (${date}, ${id}) > (${cursorDate}, ${P.afterId})` : sql``;
  const ordered = (date: SQL, id: SQL) => sql`${afterCursor(date, id)} order by ${date}, ${id}`;
  return windowOf(branchRangeSql(b, state, ordered), sql`available_date, id`, bound);
}

/** The ordered range of one branch: `select id, available_date` in list order, not cut. */
function branchRangeSql(b: Branch, state: SQL, ordered: (date: SQL, id: SQL) => SQL): SQL {
  switch (b.branch) {
    case 'dealer':
      return sql`select sr.id, sr.available_date from service_requests sr
        where sr.requestor_dealer_id = ${P.companyId} and sr.current_state = ${state}
          and sr.request_type = 'dealer' ${ordered(sql`sr.available_date`, sql`sr.id`)}`;
    case 'estimate':
      return sql`select sr.id, sr.available_date from service_requests sr
        where sr.requestor_installer_id = ${P.companyId} and sr.request_type = 'installer'
          and sr.current_state = ${state} ${ordered(sql`sr.available_date`, sql`sr.id`)}`;
    case 'offered':
      return sql`select o.request_id as id, o.request_available_date as available_date from request_offers o
        where o.installer_id = ${P.companyId} and o.current_status = 'offered' and o.request_open
          ${ordered(sql`o.request_available_date`, sql`o.request_id`)}`;
    default: {
      const type = b.branch === 'assigned_dealer' ? sql`'dealer'` : sql`'installer'`;
      return sql`select sr.id, sr.available_date from service_requests sr
        where sr.assigned_installer_id = ${P.companyId} and sr.current_state = ${state}
          and sr.request_type = ${type} ${ordered(sql`sr.available_date`, sql`sr.id`)}`;
    }
  }
}

/** The branches' windows together (they are disjoint: by branch and state, so no de-duplication). */
function unionOf(branches: readonly Branch[], keyset: boolean, bound: number | null): SQL {
  if (branches.length === 0)
    return sql`select null::int as id, null::timestamptz as available_date where false`;
  return sql.join(
    branches.map((b) => sql`(${branchPageSql(b, keyset, bound)})`),
    sql` union all `,
  );
}

/** The scope's total: the sum of its branches' kept counts (a few rows each, whatever the history). */
function totalSql(branches: readonly Branch[]): SQL {
  const keys = sql.join(
    branches.map((b) => sql`(${sql.raw(`'${b.branch}'`)}, ${stateLiteral(b.state)})`),
    sql`, `,
  );
  if (branches.length === 0) return sql`0`;
  return sql`(select coalesce(sum(c.n), 0)::int from request_list_counts c
    where c.company_id = ${P.companyId} and (c.branch, c.state) in (${keys}))`;
}
