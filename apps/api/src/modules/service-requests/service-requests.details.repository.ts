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
  type HistoryJson,
  notesJsonSql,
  offersJsonSql,
  servicesJsonSql,
  toCalendarDay,
  toNote,
  toOffer,
  toService,
} from './service-requests.parts.repository';
import type { Viewer } from './service-requests.scopes';
import { P, type Statements, visibleToSql } from './service-requests.statements.repository';
import { wireDate } from './service-requests.wire.repository';

/* The parts only the detail reads show (the full request's are in service-requests.parts.repository.ts). */

const historyJsonSql = () => sql`(select coalesce(json_agg(json_build_object(
    'id', h.id, 'request_id', h.request_id, 'state_date', ${wireDate(sql`h.state_date`)},
    'request_status', h.request_status, 'request_service_id', h.request_service_id,
    'changed_by_user_id', h.changed_by_user_id, 'changed_by_user_type', h.changed_by_user_type
  ) order by h.state_date, h.id), '[]'::json)
  from request_state_history h where h.request_id = sr.id)`;

const toStateRecord = (h: HistoryJson): TRequestStateRecord => ({
  id: h.id,
  requestId: h.request_id,
  stateDate: h.state_date,
  requestStatus: h.request_status,
  serviceId: h.request_service_id,
  changedByUserId: h.changed_by_user_id,
  changedByUserType: h.changed_by_user_type,
});

type ReferralJson = { id: number; request_id: number; status: string; dealer_id: number };

/** Dealers see only their own dealership's referrals. */
const referralsJsonSql = (role: Viewer['role']) => sql`(select coalesce(json_agg(json_build_object(
    'id', r.id, 'request_id', r.request_id, 'status', r.status, 'dealer_id', r.dealer_id
  ) order by r.id), '[]'::json)
  from referrals r where r.request_id = sr.id
    ${role === 'dealer' ? sql`and r.dealer_id = ${P.companyId}` : sql``})`;

const toReferral = (r: ReferralJson): TRequestReferral => ({
  referral_id: r.id,
  referralId: r.id,
  requestId: r.request_id,
  status: r.status,
  dealerId: r.dealer_id,
});

/** The detail reads: one part of a visible request each (services, notes, offers, history, referrals, days). */
export function createDetailReads({ run }: Statements) {
  /** A part of a visible request (a JSON array built in SQL) on the wire; null when the request is not visible. */
  async function findPart<T, W>(
    key: string,
    viewer: Viewer,
    requestId: number,
    partSql: () => SQL,
    toWire: (item: T) => W,
  ): Promise<W[] | null> {
    const found = await run<{ part: T[] }>(
      `${key}_${viewer.role}`,
      () => sql`
        select ${partSql()} as part
        from service_requests sr
        where sr.id = ${P.requestId} and ${visibleToSql(viewer.role)}`,
      { requestId, companyId: viewer.companyId },
    );
    return found[0]?.part.map(toWire) ?? null;
  }

  return {
    /** Service lines, in their order; null when the request is not visible. */
    listServices(viewer: Viewer, requestId: number): Promise<TRequestService[] | null> {
      return findPart('services', viewer, requestId, servicesJsonSql, toService);
    },

    listNotes(viewer: Viewer, requestId: number): Promise<TRequestNote[] | null> {
      return findPart('notes', viewer, requestId, notesJsonSql, toNote);
    },

    /** Offers of one request: dealers only accepted ones, installers only their own. */
    listOffersOfRequest(viewer: Viewer, requestId: number): Promise<TRequestOffer[] | null> {
      return findPart('offers', viewer, requestId, () => offersJsonSql(viewer.role), toOffer);
    },

    listStateHistory(viewer: Viewer, requestId: number): Promise<TRequestStateRecord[] | null> {
      return findPart('history', viewer, requestId, historyJsonSql, toStateRecord);
    },

    /** Referrals converted into this request (normally one). Dealers see only their own dealership's. */
    listReferrals(viewer: Viewer, requestId: number): Promise<TRequestReferral[] | null> {
      return findPart('referrals', viewer, requestId, () => referralsJsonSql(viewer.role), toReferral);
    },

    listCalendarDays(viewer: Viewer, requestId: number): Promise<TCalendarDay[] | null> {
      return findPart('calendar', viewer, requestId, () => calendarJsonSql(viewer.role), toCalendarDay);
    },
  };
}
