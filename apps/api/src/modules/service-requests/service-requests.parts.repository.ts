import type {
  TCalendarDay,
  TPaymentSummaryRow,
  TPaymentsSummary,
  TRequestNote,
  TRequestOffer,
  TRequestService,
} from '@app/contracts/service-requests.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from './service-requests.scopes';
import { P } from './service-requests.statements.repository';
import { days, dollars, isDepositPaid, wireDate } from './service-requests.wire.repository';

/* Parts of a request, built as JSON arrays in SQL (one statement for the full request), and their wire DTOs. */

export type ServiceJson = {
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

export function servicesJsonSql(): SQL {
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

export function toService(s: ServiceJson): TRequestService {
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

export type NoteJson = {
  id: number;
  request_id: number;
  note_text: string;
  note_date: string;
  user_id: number | null;
  user_type: 'dealer' | 'installer' | null;
};

export function notesJsonSql(): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', n.id, 'request_id', n.request_id, 'note_text', n.note_text,
      'note_date', ${wireDate(sql`n.note_date`)}, 'user_id', n.user_id, 'user_type', n.user_type
    ) order by n.note_date, n.id), '[]'::json)
    from request_notes n where n.request_id = sr.id)`;
}

export function toNote(n: NoteJson): TRequestNote {
  return {
    noteId: n.id,
    requestId: n.request_id,
    note_text: n.note_text,
    noteDate: n.note_date,
    userId: n.user_id,
    userType: n.user_type,
  };
}

export type OfferJson = {
  id: number;
  request_id: number;
  installer_id: number;
  installer_name: string;
  start_date: string | null;
  end_date: string | null;
  current_status: string;
  date_updated: string;
};

export const offerFields = sql`o.id, o.request_id, o.installer_id, oi.name as installer_name,
  ${wireDate(sql`o.start_date`)} as start_date, ${wireDate(sql`o.end_date`)} as end_date,
  o.current_status, ${wireDate(sql`o.date_updated`)} as date_updated`;

/** Dealers see only accepted offers; an installer only its own (000 §2). */
function offerFilter(role: Viewer['role']): SQL {
  return role === 'dealer' ? sql`o.current_status = 'accepted'` : sql`o.installer_id = ${P.companyId}`;
}

export function offersJsonSql(role: Viewer['role']): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'request_id', o.request_id, 'installer_id', o.installer_id, 'installer_name', oi.name,
      'start_date', ${wireDate(sql`o.start_date`)}, 'end_date', ${wireDate(sql`o.end_date`)},
      'current_status', o.current_status, 'date_updated', ${wireDate(sql`o.date_updated`)}
    ) order by o.id), '[]'::json)
    from request_offers o join installers oi on oi.id = o.installer_id
    where o.request_id = sr.id and ${offerFilter(role)})`;
}

export function toOffer(o: OfferJson): TRequestOffer {
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

export type CalendarJson = {
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
export function calendarJsonSql(role: Viewer['role']): SQL {
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

export function toCalendarDay(c: CalendarJson): TCalendarDay {
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

export type PaymentJson = {
  id: number;
  payment_type: TPaymentSummaryRow['payment_type'];
  payment_state: TPaymentSummaryRow['payment_state'];
  amount_cents: number;
  payment_date: string | null;
  invoice_id: number | null;
};

/** Dealers see every payment of their request; an installer only the payments made to it. */
export function paymentsJsonSql(role: Viewer['role']): SQL {
  const filter = role === 'installer' ? sql`and pm.installer_id = ${P.companyId}` : sql``;
  return sql`(select coalesce(json_agg(json_build_object(
      'id', pm.id, 'payment_type', pm.payment_type, 'payment_state', pm.payment_state,
      'amount_cents', pm.amount_cents, 'payment_date', ${wireDate(sql`pm.payment_date`)},
      'invoice_id', pm.invoice_id
    ) order by pm.id), '[]'::json)
    from payments pm where pm.request_id = sr.id ${filter})`;
}

const PAID_STATES = new Set(['paid', 'settled']);

export function toPaymentsSummary(depositCents: number, payments: PaymentJson[]): TPaymentsSummary {
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

export type HistoryJson = {
  id: number;
  request_id: number;
  state_date: string;
  request_status: string;
  request_service_id: number | null;
  changed_by_user_id: number | null;
  changed_by_user_type: string | null;
};
