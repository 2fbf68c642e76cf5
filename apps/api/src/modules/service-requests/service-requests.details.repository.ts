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
  type CalendarJson,
  calendarJsonSql,
  type HistoryJson,
  type NoteJson,
  notesJsonSql,
  type OfferJson,
  offersJsonSql,
  type ServiceJson,
  servicesJsonSql,
  toCalendarDay,
  toNote,
  toOffer,
  toService,
} from './service-requests.parts.repository';
import type { Viewer } from './service-requests.scopes';
import { P, type Statements, visibleToSql } from './service-requests.statements.repository';
import { wireDate } from './service-requests.wire.repository';

/** The detail reads: one part of a visible request each (services, notes, offers, history, referrals, days). */
export function createDetailReads({ run }: Statements) {
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

  return {
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
  };
}
