import type { TRequestimate, TRequestState } from '@app/contracts/service-requests.contract';
import { isContractRequired } from '@app/domain/service-requests/request-status';
import { type SQL, sql } from 'drizzle-orm';
import type { Viewer } from './service-requests.scopes';
import { P } from './service-requests.statements.repository';

/*
 * A request row as the reads select it and its wire DTO (decision 4: both spellings; money cents → dollars;
 * tenths of a day → days; request dates 'YYYY/MM/DD HH:mm:ss' UTC).
 */

export function wireDate(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS')`;
}

export type RequestRow = {
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

export const requestColumns = sql`
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
export function requestJoins(role: Viewer['role']): SQL {
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

export const dollars = (cents: number) => Math.round(cents) / 100;
export const days = (tenths: number) => tenths / 10;

export function toRequestimate(r: RequestRow, viewer: Viewer): TRequestimate {
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
export function isDepositPaid(depositCents: number, paidCents: number): boolean {
  return paidCents > 0 && paidCents >= depositCents;
}
