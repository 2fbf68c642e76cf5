import type {
  TListMode,
  TRequestimate,
  TRequestOffer,
  TRequestState,
} from '@app/contracts/service-requests.contract';
import { type SQL, sql } from 'drizzle-orm';
import { type OfferJson, offerFields, toOffer } from './service-requests.parts.repository';
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
  ENTRY_BYTES,
  P,
  ROW_BYTES,
  type Statements,
  versionSql,
} from './service-requests.statements.repository';
import {
  type RequestRow,
  requestColumns,
  requestJoins,
  toRequestimate,
} from './service-requests.wire.repository';

/** The list reads: a list scope's page (cached), and a company's offers. */
export function createListReads({ run, cachedRead }: Statements) {
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
