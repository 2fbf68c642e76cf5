import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from './service-requests.scopes';
import { P } from './service-requests.statements.repository';
import {
  asDays as days,
  asDollars as dollars,
  isDepositPaidSql,
  wireDate,
} from './service-requests.wire.repository';

/*
 * Parts of a request as JSON arrays in their wire form, written by SQL (decision 027): the full request
 * embeds them in one statement, the detail reads return one each. Money cents → dollars and tenths → days
 * as float8, as in service-requests.wire.repository.ts.
 */

/** TRequestService, in line order. */
export function servicesJsonSql(): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'service_id', rs.id, 'requestId', rs.request_id, 'catalog_service_id', rs.service_id,
      'master_service_id', rs.master_service_id, 'position', rs.position,
      'service_category', rs.service_category, 'description', rs.description,
      'custom_description', rs.custom_description,
      'service_amount', ${dollars(sql`rs.amount_cents`)}, 'service_cost', ${dollars(sql`rs.amount_cents`)},
      'service_discount', ${dollars(sql`rs.discount_cents`)}, 'service_fee', ${dollars(sql`rs.fee_cents`)},
      'retail_price', ${dollars(sql`rs.retail_price_cents`)},
      'service_duration', ${days(sql`rs.duration_tenths`)}, 'duration_days', ${days(sql`rs.duration_tenths`)},
      'service_state', rs.service_state, 'service_date', ${wireDate(sql`rs.service_date`)},
      'materials', rs.materials, 'template', rs.template
    ) order by rs.position, rs.id), '[]'::json)
    from request_services rs where rs.request_id = sr.id)`;
}

/** TRequestNote, oldest first. */
export function notesJsonSql(): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'noteId', n.id, 'requestId', n.request_id, 'note_text', n.note_text,
      'noteDate', ${wireDate(sql`n.note_date`)}, 'userId', n.user_id, 'userType', n.user_type
    ) order by n.note_date, n.id), '[]'::json)
    from request_notes n where n.request_id = sr.id)`;
}

/** TRequestOffer of offer `o` and its installer `oi`. */
export const offerJsonSql = sql`json_build_object(
  'offerId', o.id, 'requestId', o.request_id, 'installerId', o.installer_id, 'installerName', oi.name,
  'startDate', ${wireDate(sql`o.start_date`)}, 'endDate', ${wireDate(sql`o.end_date`)},
  'currentStatus', o.current_status, 'dateUpdated', ${wireDate(sql`o.date_updated`)})`;

/** Dealers see only accepted offers; an installer only its own (000 §2). */
function offerFilter(role: Viewer['role']): SQL {
  return role === 'dealer' ? sql`o.current_status = 'accepted'` : sql`o.installer_id = ${P.companyId}`;
}

export function offersJsonSql(role: Viewer['role']): SQL {
  return sql`(select coalesce(json_agg(${offerJsonSql} order by o.id), '[]'::json)
    from request_offers o join installers oi on oi.id = o.installer_id
    where o.request_id = sr.id and ${offerFilter(role)})`;
}

/**
 * TCalendarDay. Installers see their own calendar days; dealers the days of the assigned installer and of
 * installers whose offer they may see (accepted), never a merely offered installer's draft.
 */
export function calendarJsonSql(role: Viewer['role']): SQL {
  const filter =
    role === 'installer'
      ? sql`cd.installer_id = ${P.companyId}`
      : sql`(cd.installer_id = sr.assigned_installer_id or exists (
          select 1 from request_offers ao where ao.request_id = sr.id and ao.installer_id = cd.installer_id
            and ao.current_status = 'accepted'))`;
  return sql`(select coalesce(json_agg(json_build_object(
      'id', cd.id, 'requestId', cd.request_id, 'serviceId', cd.request_service_id,
      'workDate', cd.work_date, 'work_date', cd.work_date,
      'workStatus', cd.work_status, 'work_status', cd.work_status,
      'daily_work', ${days(sql`cd.daily_work_tenths`)},
      'capacity', coalesce(cl.capacity, ci.capacity), 'installerId', cd.installer_id,
      'locationId', cd.location_id, 'event_id', cd.event_id, 'eventId', cd.event_id
    ) order by cd.work_date, cd.id), '[]'::json)
    from calendar_days cd
    join installers ci on ci.id = cd.installer_id
    left join installer_locations cl on cl.id = cd.location_id
    where cd.request_id = sr.id and ${filter})`;
}

/**
 * TPaymentsSummary of the payments the viewer may see: dealers every payment of their request, an installer
 * only the payments made to it. The deposit counts as paid when something was paid towards it (paid or
 * settled) and that covers the amount asked (isDepositPaidSql); 'invoiced' while a deposit payment exists that
 * does not.
 */
export function paymentsJsonSql(role: Viewer['role']): SQL {
  const filter = role === 'installer' ? sql`and pm.installer_id = ${P.companyId}` : sql``;
  const isPaid = isDepositPaidSql(sql`s.deposit_paid`);
  return sql`(select json_build_object(
      'depositAmount', ${dollars(sql`sr.deposit_amount_cents`)},
      'depositIsPaid', ${isPaid},
      'depositPaidAmount', ${dollars(sql`s.deposit_paid`)},
      'depositStatus', case when ${isPaid} then 'paid' when s.deposits > 0 then 'invoiced' else 'none' end,
      'totalPaid', ${dollars(sql`s.paid`)},
      'payments', s.items)
    from (
      select
        coalesce(sum(pm.amount_cents) filter (
          where pm.payment_type = 'deposit' and pm.payment_state in ('paid', 'settled')), 0) as deposit_paid,
        count(*) filter (where pm.payment_type = 'deposit') as deposits,
        coalesce(sum(pm.amount_cents) filter (where pm.payment_state in ('paid', 'settled')), 0) as paid,
        coalesce(json_agg(json_build_object(
          'payment_id', pm.id, 'payment_type', pm.payment_type, 'payment_state', pm.payment_state,
          'payment_amount', ${dollars(sql`pm.amount_cents`)},
          'payment_date', ${wireDate(sql`pm.payment_date`)}, 'invoice_id', pm.invoice_id
        ) order by pm.id), '[]'::json) as items
      from payments pm where pm.request_id = sr.id ${filter}
    ) s)`;
}
