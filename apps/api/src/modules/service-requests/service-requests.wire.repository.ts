import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from './service-requests.scopes';
import { P } from './service-requests.statements.repository';

/*
 * A request as its viewer sees it on the wire, written by PostgreSQL (decision 4: both spellings; money
 * cents → dollars; tenths of a day → days; request dates 'YYYY/MM/DD HH:mm:ss' UTC). The lists and the full
 * request pass that JSON through to the reply (decision 027), so these columns are the one definition of
 * the request's wire fields.
 */

export function wireDate(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS')`;
}

/** A column of the wire under one name, or under both of its spellings (decision 4). */
function named(value: SQL, ...names: string[]): SQL {
  return sql.join(
    names.map((name) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
}
/** Cents as dollars and tenths of a day as days, in float8 (decision 027). */
export const asDollars = (cents: SQL) => sql`(${cents})::float8 / 100`;
export const asDays = (tenths: SQL) => sql`(${tenths})::float8 / 10`;

/** 'Paid' badge: something was paid towards request `sr`'s deposit and it covers the amount asked. */
export const isDepositPaidSql = (paidCents: SQL) =>
  sql`(${paidCents} > 0 and ${paidCents} >= sr.deposit_amount_cents)`;

/**
 * The request as its viewer sees it (TRequestimate), as select columns over the row and requestJoins. The
 * counterpart (000 §2): installers see the dealership, or the retail customer of their own estimate, and the
 * installer's name only on work assigned to them; dealers see the assigned installer. An installer never
 * sees another installer's name or contact. Money cents → dollars and tenths → days as float8, which
 * PostgreSQL writes in JSON with the shortest digits that read back the same, as JavaScript does.
 */
function requestWireColumns(role: Viewer['role']): SQL {
  const isDealer = role === 'dealer';
  const hasDealer = sql`d.name is not null`;
  const counterpart = (field: 'email' | 'phone') =>
    isDealer
      ? sql.raw(`i.${field}`)
      : sql`case when ${hasDealer} then ${sql.raw(`d.${field}`)} else ${sql.raw(`c.${field}`)} end`;
  const requestor = sql`coalesce(case when sr.request_type = 'dealer' then sr.requestor_dealer_id
    else sr.requestor_installer_id end, 0)`;
  return sql.join(
    [
      named(sql`sr.id`, 'requestId', 'Request_id'),
      named(sql`sr.request_type`, 'requestType', 'Request_type'),
      named(sql`sr.current_state`, 'currentState', 'current_state'),
      named(isDealer ? sql`sr.offer_state` : sql`my.current_status`, 'offerState'),
      named(wireDate(sql`sr.created_date`), 'createdDate', 'created_date'),
      named(wireDate(sql`sr.available_date`), 'availableDate', 'available_date'),
      named(wireDate(sql`sr.due_date`), 'dueDate', 'due_date'),
      named(asDays(sql`sr.duration_tenths`), 'requestDuration', 'request_duration'),
      named(asDollars(sql`sr.total_cents`), 'requestTotal', 'Request_Total'),
      named(asDollars(sql`sr.discount_cents`), 'requestDiscount', 'Request_Discount'),
      named(asDollars(sql`sr.taxes_cents`), 'requestTaxes', 'Request_taxes'),
      named(asDollars(sql`sr.fee_cents`), 'requestFee', 'Request_Fee'),
      named(sql`sr.vehicle_year`, 'vehicleYear'),
      named(sql`sr.vehicle_make`, 'vehicleMake'),
      named(sql`sr.vehicle_model`, 'vehicleModel'),
      named(sql`sr.vehicle_trim`, 'vehicleTrim'),
      named(sql`sr.vin`, 'vin'),
      named(sql`sr.service_requested`, 'serviceRequested', 'Service_Requested'),
      named(sql`coalesce(d.name, c.name)`, 'dealerName'),
      named(
        isDealer ? sql`i.name` : sql`case when sr.assigned_installer_id = ${P.companyId} then i.name end`,
        'installerName',
      ),
      named(counterpart('email'), 'email'),
      named(counterpart('phone'), 'phone_number'),
      named(sql`sr.latitude`, 'latitude'),
      named(sql`sr.longitude`, 'longitude'),
      named(sql`coalesce(sr.assigned_installer_id, 0)`, 'assignedTo'),
      named(requestor, 'requestor', 'Requestor'),
      named(sql`coalesce(sr.dealer_id, sr.requestor_dealer_id)`, 'dealerId'),
      named(sql`sr.customer_id`, 'customerId'),
      named(sql`c.name`, 'customerName'),
      named(sql`sr.invoice_number`, 'invoiceId'),
      named(sql`sr.customer_facing_invoice`, 'customer_facing_invoice'),
      named(sql`sr.contract_url`, 'contract_url'),
      // isContractRequired (@app/domain): a dealer request of a dealership with customer_contract 'Y'.
      named(
        sql`(sr.request_type = 'dealer' and d.customer_contract is not distinct from 'Y')`,
        'contractRequired',
      ),
      named(
        sql`exists (select 1 from contracts ct where ct.request_id = sr.id and ct.signed_at is not null)`,
        'contractSigned',
      ),
      named(wireDate(sql`rs.start_date`), 'scheduleStart'),
      named(wireDate(sql`rs.end_date`), 'scheduleEnd'),
      named(asDollars(sql`sr.deposit_amount_cents`), 'depositAmount', 'deposit_amount'),
      named(isDepositPaidSql(sql`dpaid.cents`), 'depositIsPaid'),
      named(asDollars(sql`dpaid.cents`), 'depositPaidAmount'),
      named(sql`ref.id`, 'referral_id'),
      named(sql`ref.status`, 'referral_status'),
      named(sql`sr.review_score`, 'reviewScore'),
    ],
    sql`, `,
  );
}

/**
 * The request's wire object as JSON (one value per row of the request and requestJoins), for lists to
 * aggregate and reads to pass through; `extra` adds fields after the request's own (the full request's parts).
 */
export function requestJsonSql(role: Viewer['role'], extra: SQL = sql``): SQL {
  return sql`(select row_to_json(w) from (select ${requestWireColumns(role)}${extra}) w)`;
}

/**
 * Counterparts, the caller's own offer, the schedule, the deposit paid and the latest linked referral;
 * each a primary-key or indexed lookup.
 */
export function requestJoins(role: Viewer['role']): SQL {
  const ownInstaller = role === 'installer' ? P.companyId : sql`null::int`;
  return sql`
    left join dealers d on d.id = coalesce(sr.requestor_dealer_id, sr.dealer_id)
    left join customers c on c.id = sr.customer_id
    left join installers i on i.id = sr.assigned_installer_id
    left join request_offers my on my.request_id = sr.id and my.installer_id = ${ownInstaller}
    left join request_schedules rs on rs.request_id = sr.id
    left join lateral (
      select case when sr.deposit_amount_cents > 0 then (
        select coalesce(sum(dp.amount_cents), 0)::int from payments dp
        where dp.request_id = sr.id and dp.payment_type = 'deposit' and dp.payment_state in ('paid', 'settled')
      ) else 0 end as cents
    ) dpaid on true
    left join lateral (
      select r.id, r.status from referrals r where r.request_id = sr.id order by r.id desc limit 1
    ) ref on true`;
}
