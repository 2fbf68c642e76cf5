import { AppError } from '@app/contracts/errors.contract';
import type { TDirectPayee, TDirectPayeesReply } from '@app/contracts/financials.contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { monthOf } from './financials.service';

type PayeeRecord = {
  installer_id: number;
  name: string;
  payments: number | string;
  cents: number | string;
  w9_file_name: string | null;
  w9_uploaded_at: string | null;
};

const DAY_MS = 86_400_000;

export const DIRECT_PAYEES_CSV_COLUMNS = [
  'Specialist',
  'Payments',
  'Amount Paid',
  'W-9',
  'W-9 File',
  'W-9 Uploaded',
] as const;

/**
 * The specialists a dealership paid directly — by check, by cash, or settled outside the platform — on payment
 * days `from`–`to` (UTC), with what it paid each and their W-9 on file (decision 023): what the dealership
 * needs for its 1099s. One statement: the dealership's payments dated in the range — one range of
 * `payments_dealer_date_idx`, since each payment carries its invoice's dealership (decision 029) — paid by those
 * methods, each with its invoice (dated before the range ends, as ever: nothing is paid before it is invoiced),
 * grouped by specialist, with the W-9 record joined. A check cashed years after its invoice is found by its own
 * date; no invoice date bounds the read.
 */
export function createDirectPayees({ db, clock }: { db: Db; clock: () => Date }) {
  async function list(
    auth: AuthContext,
    dealerId: number,
    q: { from?: string; to?: string },
  ): Promise<TDirectPayeesReply> {
    if (auth.userType !== 'dealer' || dealerId !== auth.companyId) {
      throw new AppError('FORBIDDEN', `The financials of company ${dealerId} are not yours to read`);
    }
    // The contract takes both ends or none: none is the current month (UTC), as on the rest of the screen.
    const month = monthOf(clock());
    const from = q.from ?? month.from;
    const to = q.to ?? month.to;
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
    const result = await db.execute(sql`
      select p.installer_id, ins.name, count(*) as payments, sum(p.amount_cents) as cents,
             w.file_name as w9_file_name,
             to_char(w.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as w9_uploaded_at
        from payments p
        join invoices i on i.id = p.invoice_id
        join installers ins on ins.id = p.installer_id
        left join installer_w9s w on w.installer_id = p.installer_id
       where p.dealer_id = ${dealerId}
         and p.payment_date >= ${start.toISOString()} and p.payment_date < ${end.toISOString()}
         and p.method in ('check','cash','settle') and p.payment_state in ('paid','settled')
         and i.invoice_date < ${end.toISOString()}
       group by p.installer_id, ins.name, w.file_name, w.uploaded_at
       order by lower(ins.name), p.installer_id`);
    const rows = (result as unknown as { rows: PayeeRecord[] }).rows.map(
      (r): TDirectPayee => ({
        installer_id: Number(r.installer_id),
        name: r.name,
        payments: Number(r.payments),
        amount_paid: Number(r.cents) / 100,
        amount_paid_cents: Number(r.cents),
        w9: r.w9_file_name ? { file_name: r.w9_file_name, uploaded_at: r.w9_uploaded_at ?? '' } : null,
      }),
    );
    const totalCents = rows.reduce((sum, r) => sum + r.amount_paid_cents, 0);
    return { from, to, rows, total: totalCents / 100, total_cents: totalCents };
  }

  /** The same list as CSV (UTF-8 BOM, quoted text, amounts as numbers in dollars, ISO dates). */
  async function csv(auth: AuthContext, dealerId: number, q: { from?: string; to?: string }) {
    const reply = await list(auth, dealerId, q);
    const body = stringify(
      reply.rows.map((r) => [
        r.name,
        r.payments,
        r.amount_paid,
        r.w9 ? 'On file' : 'Missing',
        r.w9?.file_name ?? '',
        r.w9?.uploaded_at.slice(0, 10) ?? '',
      ]),
      { bom: true, quoted_string: true, header: true, columns: [...DIRECT_PAYEES_CSV_COLUMNS] },
    );
    return { body, name: `direct-payees_${reply.from}_${reply.to}.csv` };
  }

  return { list, csv };
}
export type DirectPayees = ReturnType<typeof createDirectPayees>;
