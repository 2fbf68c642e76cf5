import type {
  TCalendarDay,
  TRequestNote,
  TRequestOffer,
  TRequestReferral,
  TRequestService,
  TRequestStateRecord,
} from '@app/contracts/service-requests.contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  calendarJsonSql,
  notesJsonSql,
  offersJsonSql,
  servicesJsonSql,
} from './service-requests.parts.repository';
import type { Viewer } from './service-requests.scopes';
import { P, type Statements, visibleToSql } from './service-requests.statements.repository';
import { wireDate } from './service-requests.wire.repository';

/* The parts only the detail reads show (the full request's are in service-requests.parts.repository.ts). */

/** TRequestStateRecord, in the order the states were entered. */
const historyJsonSql = () => sql`(select coalesce(json_agg(json_build_object(
    'id', h.id, 'requestId', h.request_id, 'stateDate', ${wireDate(sql`h.state_date`)},
    'requestStatus', h.request_status, 'serviceId', h.request_service_id,
    'changedByUserId', h.changed_by_user_id, 'changedByUserType', h.changed_by_user_type
  ) order by h.state_date, h.id), '[]'::json)
  from request_state_history h where h.request_id = sr.id)`;

/** TRequestReferral. Dealers see only their own dealership's referrals. */
const referralsJsonSql = (role: Viewer['role']) => sql`(select coalesce(json_agg(json_build_object(
    'referral_id', r.id, 'referralId', r.id, 'requestId', r.request_id, 'status', r.status,
    'dealerId', r.dealer_id
  ) order by r.id), '[]'::json)
  from referrals r where r.request_id = sr.id
    ${role === 'dealer' ? sql`and r.dealer_id = ${P.companyId}` : sql``})`;

/** The detail reads: one part of a visible request each (services, notes, offers, history, referrals, days). */
export function createDetailReads({ run }: Statements) {
  /** A part of a visible request (its wire JSON array, built in SQL); null when the request is not visible. */
  async function findPart<W>(
    key: string,
    viewer: Viewer,
    requestId: number,
    partSql: () => SQL,
  ): Promise<W[] | null> {
    const found = await run<{ part: W[] }>(
      `${key}_${viewer.role}`,
      () => sql`
        select ${partSql()} as part
        from service_requests sr
        where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
      { requestId, companyId: viewer.companyId },
    );
    return found[0]?.part ?? null;
  }

  return {
    /** Service lines, in their order; null when the request is not visible. */
    listServices(viewer: Viewer, requestId: number): Promise<TRequestService[] | null> {
      return findPart('services', viewer, requestId, servicesJsonSql);
    },

    listNotes(viewer: Viewer, requestId: number): Promise<TRequestNote[] | null> {
      return findPart('notes', viewer, requestId, notesJsonSql);
    },

    /** Offers of one request: dealers only accepted ones, installers only their own. */
    listOffersOfRequest(viewer: Viewer, requestId: number): Promise<TRequestOffer[] | null> {
      return findPart('offers', viewer, requestId, () => offersJsonSql(viewer.role));
    },

    listStateHistory(viewer: Viewer, requestId: number): Promise<TRequestStateRecord[] | null> {
      return findPart('history', viewer, requestId, historyJsonSql);
    },

    /** Referrals converted into this request (normally one). Dealers see only their own dealership's. */
    listReferrals(viewer: Viewer, requestId: number): Promise<TRequestReferral[] | null> {
      return findPart('referrals', viewer, requestId, () => referralsJsonSql(viewer.role));
    },

    listCalendarDays(viewer: Viewer, requestId: number): Promise<TCalendarDay[] | null> {
      return findPart('calendar', viewer, requestId, () => calendarJsonSql(viewer.role));
    },
  };
}
