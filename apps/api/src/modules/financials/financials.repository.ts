import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { intArray } from '../../db/int-array';

/** Whose money: an installer's (the invoices it issued) or a dealership's (the invoices billed to it). */
export type Owner = { kind: 'installer' | 'dealer'; id: number };

/** The filters, resolved: instants are UTC bounds [from, toExclusive). */
export type RowFilter = {
  from: Date | null;
  toExclusive: Date | null;
  state: 'all' | 'paid' | 'invoiced' | 'pending' | 'covered';
  type: 'all' | 'dealer' | 'retail';
  invoice: string | null;
  name: string | null;
  /** An installer's name search: the parties of that name, found once for the page, totals and documents. */
  parties?: NamedParties;
};

/** The dealerships and customers an installer billed whose name contains the term (`namedParties`). */
export type NamedParties = { dealers: number[]; customers: number[] };

export type SortKey =
  | 'invoice_date'
  | 'payment_date'
  | 'amount'
  | 'name'
  | 'state'
  | 'invoice_number'
  | 'vehicle'
  | 'work';

/** A transaction as the database gives it (cents, wire dates already formatted in SQL). */
export type TransactionRecord = {
  payment_id: number;
  invoice_date: string;
  invoice_day: string;
  payment_date: string | null;
  payment_day: string | null;
  payment_state: string;
  payment_type: string;
  payment_order: string | null;
  payout_id: string | null;
  check_number: string | null;
  method: string | null;
  stripe_invoice: string | null;
  invoice_id: number;
  invoice_number: string | null;
  invoice_status: string;
  request_id: number;
  billed_type: 'dealer' | 'installer';
  request_total_cents: number;
  amount_cents: number;
  platform_fee_cents: number;
  service_requested: string;
  vehicle_year: number | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  vin: string | null;
  name: string;
  dealer_id: number | null;
  customer_id: number | null;
  installer_id: number;
  installer_name: string;
  card_last4: string | null;
  card_type: string | null;
  hosted_invoice_url: string | null;
  sort_ts: string;
};

export type TotalsRecord = {
  count: number;
  invoiced_cents: number;
  paid_cents: number;
  pending_cents: number;
  earned_cents: number;
};

const PAID = sql`('paid','settled')`;
const UNPAID = sql`('invoiced','pending','covered')`;
/** The overview figures of a set of rows (decision 012): count, invoiced, paid, pending, earned. */
const SUMS = sql`count(*)::int as count,
  coalesce(sum(p.amount_cents), 0)::bigint as invoiced_cents,
  coalesce(sum(p.amount_cents) filter (where p.payment_state in ${PAID}), 0)::bigint as paid_cents,
  coalesce(sum(p.amount_cents) filter (where p.payment_state in ${UNPAID}), 0)::bigint as pending_cents,
  coalesce(sum(p.amount_cents - p.platform_fee_cents) filter (where p.payment_state in ${PAID}), 0)::bigint as earned_cents`;
const sumsOf = (r: Record<string, unknown> | undefined): TotalsRecord => ({
  count: Number(r?.count ?? 0),
  invoiced_cents: Number(r?.invoiced_cents ?? 0),
  paid_cents: Number(r?.paid_cents ?? 0),
  pending_cents: Number(r?.pending_cents ?? 0),
  earned_cents: Number(r?.earned_cents ?? 0),
});
const wire = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY/MM/DD HH24:MI:SS')`;
const day = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The term with LIKE's wildcards taken literally. */
const literal = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
/** LIKE pattern for "contains". */
function contains(term: string): string {
  return `%${literal(term)}%`;
}
/** LIKE pattern for "starts with". */
function startsWith(term: string): string {
  return `${literal(term)}%`;
}

/**
 * The payments of each selected invoice, looked up by `payments_invoice_idx` invoice by invoice. As a plain
 * join the planner hashes the whole payments table (every year of the company's history) to total one
 * month: 28 ms at 100,000 payments against 5 ms this way (`offset 0` keeps the subquery from being merged
 * back into a join), so the cost follows the range shown, not the history behind it. A long range (or none)
 * covers much of the history anyway, and there one bulk join is cheaper than 60,000 lookups (2 years:
 * 94 ms against 236 ms), so ranges longer than `PROBE_DAYS` keep the join — of the owner's payments only
 * (decision 029: a payment is the installer's of its invoice, and carries its invoice's dealership), so the
 * hash holds the company's payments, not the platform's. A search reads the few invoices it names: by key.
 */
const PAYMENTS_OF_INVOICE = sql`cross join lateral (
    select * from payments p0 where p0.invoice_id = i.id offset 0) p`;
const PROBE_DAYS = 93;

function paymentsOf(owner: Owner, filter: RowFilter): SQL {
  const short =
    filter.from !== null &&
    filter.toExclusive !== null &&
    filter.toExclusive.getTime() - filter.from.getTime() <= PROBE_DAYS * 86_400_000;
  if (short || filter.invoice) return PAYMENTS_OF_INVOICE;
  const mine = owner.kind === 'installer' ? sql`p.installer_id` : sql`p.dealer_id`;
  return sql`join payments p on p.invoice_id = i.id and ${mine} = ${owner.id}`;
}

/** The bounds of the invoice date, on the invoices read as `alias`. */
function dateBounds(f: RowFilter, alias: SQL): SQL[] {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${alias}.invoice_date >= ${f.from.toISOString()}::timestamptz`);
  if (f.toExclusive) parts.push(sql`${alias}.invoice_date < ${f.toExclusive.toISOString()}::timestamptz`);
  return parts;
}

/**
 * `name` contains the term, case-insensitively, as ILIKE tests it: in a multi-byte database (UTF-8, ours and
 * PGlite's) ILIKE is LIKE on the lower-cased text and pattern, and spelling it so lets PostgreSQL lower the
 * pattern once instead of once a row (half the time of a scan of names).
 */
function nameContains(name: SQL, term: string): SQL {
  return sql`lower(${name}) like lower(${contains(term)})`;
}

/**
 * The invoices a filter reads, as `i` (decision 029). A search over every date (rule 95) names its rows instead
 * of reading the company's history for them:
 * - by invoice number: the owner's invoices whose number starts with the term, in any case, or, for an
 *   installer and a term of digits, whose sequence number does: ranges of the owner's number indexes;
 * - by an installer's party name: the invoices billed to the dealerships of that name (`invoices_installer_
 *   dealer_date_idx`), to its customers of that name and, with neither, under the name written on the invoice
 *   (both `invoices_installer_retail_idx`) — the three cases of `NAME`, so their union is exactly the rows whose
 *   name matches. `offset 0` keeps the planner from walking the installer's invoices in date order for a page.
 * A dealership's own rows all carry its name, so its name search is a one-time test (`where`), and every other
 * filter reads the owner's (company, invoice date) index.
 */
function invoicesOf(owner: Owner, f: RowFilter): SQL {
  if (f.invoice) {
    // What a searcher types of a number is its start, in any case ('eaf-10' finds EAF-1045), or, in digits
    // alone, the start of an installer's own sequence number ('1045' finds EAF-1045 and EAF-10450). Each is
    // one range of an index on the owner's numbers (decision 029). A dealership's invoices come from several
    // installers' series, so for it the number is found by its start only.
    const number = sql`lower(i0.number) like ${startsWith(f.invoice.toLowerCase())}`;
    if (owner.kind === 'dealer') {
      return sql`(select i0.* from invoices i0 where i0.dealer_id = ${owner.id} and ${number} offset 0) i`;
    }
    const sequence = /^\d+$/.test(f.invoice)
      ? sql` or substring(i0.number from '[0-9]+$') like ${startsWith(f.invoice)}`
      : sql``;
    return sql`(select i0.* from invoices i0
                 where i0.installer_id = ${owner.id} and (${number}${sequence}) offset 0) i`;
  }
  if (!f.name || !f.parties || owner.kind !== 'installer') return sql`invoices i`;
  const mine = sql.join([sql`i0.installer_id = ${owner.id}`, ...dateBounds(f, sql`i0`)], sql` and `);
  return sql`(
    select i0.* from invoices i0 where ${mine} and i0.dealer_id = any(${intArray(f.parties.dealers)})
    union all
    select i0.* from invoices i0
    where ${mine} and i0.dealer_id is null and i0.customer_id = any(${intArray(f.parties.customers)})
    union all
    select i0.* from invoices i0
    where ${mine} and i0.dealer_id is null and i0.customer_id is null
      and ${nameContains(sql`coalesce(i0.customer_name, '')`, f.name)}
    offset 0) i`;
}

/**
 * The billed party's name of the invoice `i` without joining the parties: for the few rows of an invoice-number
 * search that also names a party.
 */
const NAME_OF_INVOICE = sql`coalesce((select d1.name from dealers d1 where d1.id = i.dealer_id),
  (select c1.name from customers c1 where c1.id = i.customer_id), i.customer_name, '')`;

const NAME = sql`coalesce(d.name, c.name, i.customer_name, '')`;
const SORTS: Record<SortKey, SQL> = {
  invoice_date: sql`i.invoice_date`,
  payment_date: sql`p.payment_date`,
  amount: sql`p.amount_cents`,
  name: sql`lower(${NAME})`,
  state: sql`p.payment_state`,
  invoice_number: sql`i.number`,
  vehicle: sql`concat_ws(' ', sr.vehicle_year, sr.vehicle_make, sr.vehicle_model)`,
  work: sql`sr.service_requested`,
};

/**
 * The financials' reads, in SQL (issue 13): a transaction is a payment row of an open or paid invoice (drafts
 * are not sent yet; voided invoices lose their unpaid payments), selected on the invoice date through the
 * (installer_id | dealer_id, invoice_date) indexes. Pages and totals are each one statement; nothing loads
 * the history into memory.
 */
export function createFinancialsRepository(db: Db) {
  async function rows<T>(query: SQL, on: Db | Tx = db): Promise<T[]> {
    const result = await on.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  }

  function ownerClause(owner: Owner): SQL {
    return owner.kind === 'installer' ? sql`i.installer_id = ${owner.id}` : sql`i.dealer_id = ${owner.id}`;
  }

  function where(owner: Owner, f: RowFilter): SQL {
    const parts: SQL[] = [ownerClause(owner), sql`i.status in ('open','paid')`, ...dateBounds(f, sql`i`)];
    if (f.state === 'paid') parts.push(sql`p.payment_state in ${PAID}`);
    else if (f.state === 'invoiced') parts.push(sql`p.payment_state in ('invoiced','covered')`);
    else if (f.state !== 'all') parts.push(sql`p.payment_state = ${f.state}`);
    if (f.type === 'dealer') parts.push(sql`i.dealer_id is not null`);
    if (f.type === 'retail') parts.push(sql`i.dealer_id is null`);
    // The number and an installer's name select the rows in `invoicesOf`; what is left to test here:
    if (f.name && owner.kind === 'dealer') {
      parts.push(
        sql`exists (select 1 from dealers d1 where d1.id = ${owner.id} and ${nameContains(sql`d1.name`, f.name)})`,
      );
    } else if (f.name && (f.invoice || !f.parties)) parts.push(nameContains(NAME_OF_INVOICE, f.name));
    return sql.join(parts, sql` and `);
  }

  const fullFrom = (owner: Owner, filter: RowFilter) => sql`
    from ${invoicesOf(owner, filter)}
    ${PAYMENTS_OF_INVOICE}
    join service_requests sr on sr.id = i.request_id
    join installers ins on ins.id = i.installer_id
    left join dealers d on d.id = i.dealer_id
    left join customers c on c.id = i.customer_id`;

  /**
   * Only the joins a sort needs: totals and the page's keys read invoices and payments (and the parties for a
   * name sort, the request for a vehicle or work sort), so a 2-year range does not join 60,000 rows it does not
   * show. A name filter needs no party joined: `invoicesOf` reads the rows of the parties named.
   */
  function narrowFrom(owner: Owner, filter: RowFilter, sort?: SortKey): SQL {
    const parts = [sql`from ${invoicesOf(owner, filter)} ${paymentsOf(owner, filter)}`];
    if (sort === 'name') {
      parts.push(
        sql`left join dealers d on d.id = i.dealer_id left join customers c on c.id = i.customer_id`,
      );
    }
    if (sort === 'vehicle' || sort === 'work')
      parts.push(sql`join service_requests sr on sr.id = i.request_id`);
    return sql.join(parts, sql` `);
  }

  const COLUMNS = sql`
    p.id as payment_id,
    ${wire(sql`i.invoice_date`)} as invoice_date,
    ${day(sql`i.invoice_date`)} as invoice_day,
    ${wire(sql`p.payment_date`)} as payment_date,
    ${day(sql`p.payment_date`)} as payment_day,
    p.payment_state, p.payment_type, i.po_number as payment_order, p.payout_id, p.check_number, p.method,
    i.provider_invoice_id as stripe_invoice, i.id as invoice_id, i.number as invoice_number,
    i.status as invoice_status, i.request_id,
    case when i.dealer_id is not null then 'dealer' else 'installer' end as billed_type,
    sr.total_cents as request_total_cents, p.amount_cents, p.platform_fee_cents,
    sr.service_requested, sr.vehicle_year, sr.vehicle_make, sr.vehicle_model, sr.vin,
    ${NAME} as name, i.dealer_id, i.customer_id, i.installer_id, ins.name as installer_name,
    p.card_last4, p.card_type, i.hosted_invoice_url,
    to_char(i.invoice_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_ts`;

  return {
    /**
     * The parties an installer billed whose name contains the term (decision 029): the dealerships among those
     * of its dealer invoices, and the customers among those of its retail invoices (unless the type filter
     * leaves them out). It reads names — at most the installer's parties, each checked against an index of its
     * invoices, or every customer's name when the platform has fewer — never the invoices themselves.
     */
    async namedParties(installerId: number, name: string, type: RowFilter['type']): Promise<NamedParties> {
      const none = sql`'{}'::int[]`;
      const [r] = await rows<{ dealers: number[]; customers: number[] }>(sql`
        select ${
          type === 'retail'
            ? none
            : sql`array(select d0.id from dealers d0 where ${nameContains(sql`d0.name`, name)} and d0.id in (
                select r.dealer_id from invoices r where r.installer_id = ${installerId} and r.dealer_id is not null))`
        } as dealers, ${
          type === 'dealer'
            ? none
            : sql`array(select c0.id from customers c0 where ${nameContains(sql`c0.name`, name)} and c0.id in (
                select r.customer_id from invoices r where r.installer_id = ${installerId} and r.dealer_id is null))`
        } as customers`);
      return { dealers: (r?.dealers ?? []).map(Number), customers: (r?.customers ?? []).map(Number) };
    },

    async page(
      owner: Owner,
      filter: RowFilter,
      order: { sort: SortKey; dir: 'asc' | 'desc' },
      paging: { limit: number; offset: number },
    ): Promise<TransactionRecord[]> {
      const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
      // The invoice date is never null: without `nulls last` its order is the index's, read forwards or
      // backwards, so the default page stops after its 50 rows instead of sorting the whole range.
      const nulls = order.sort === 'invoice_date' ? sql`` : sql`nulls last`;
      const orderBy = sql`order by ${SORTS[order.sort]} ${dir} ${nulls}, p.id ${dir}`;
      // The page's keys first (narrow joins), then the 50 rows' details.
      return rows<TransactionRecord>(sql`
        select ${COLUMNS}
        from (
          select p.id as key ${narrowFrom(owner, filter, order.sort)}
          where ${where(owner, filter)}
          ${orderBy}
          limit ${paging.limit} offset ${paging.offset}
        ) k
        join payments p on p.id = k.key
        join invoices i on i.id = p.invoice_id
        join service_requests sr on sr.id = i.request_id
        join installers ins on ins.id = i.installer_id
        left join dealers d on d.id = i.dealer_id
        left join customers c on c.id = i.customer_id
        ${orderBy}`);
    },

    /**
     * Streams the matching rows in chunks, so an export of years holds one chunk at a time. Without an order
     * (the bookkeeper's documents) and for the date order: by keyset on (invoice_date, payment id); in another
     * order (the screen's sorted view): page by page in that order.
     */
    async *chunks(
      owner: Owner,
      filter: RowFilter,
      order: { sort: SortKey; dir: 'asc' | 'desc' } = { sort: 'invoice_date', dir: 'asc' },
      size = 1000,
    ): AsyncGenerator<TransactionRecord[]> {
      if (order.sort !== 'invoice_date') {
        for (let offset = 0; ; offset += size) {
          const chunk = await this.page(owner, filter, order, { limit: size, offset });
          if (chunk.length > 0) yield chunk;
          if (chunk.length < size) return;
        }
      }
      const desc = order.dir === 'desc';
      let after: { ts: string; id: number } | null = null;
      for (;;) {
        const keyset: SQL = after
          ? desc
            ? sql`and (i.invoice_date, p.id) < (${after.ts}::timestamptz, ${after.id})`
            : sql`and (i.invoice_date, p.id) > (${after.ts}::timestamptz, ${after.id})`
          : sql``;
        const chunk: TransactionRecord[] = await rows<TransactionRecord>(sql`
          select ${COLUMNS} ${fullFrom(owner, filter)}
          where ${where(owner, filter)} ${keyset}
          order by i.invoice_date ${desc ? sql`desc` : sql`asc`}, p.id ${desc ? sql`desc` : sql`asc`}
          limit ${size}`);
        if (chunk.length === 0) return;
        yield chunk;
        const last = chunk[chunk.length - 1] as TransactionRecord;
        after = { ts: last.sort_ts, id: Number(last.payment_id) };
        if (chunk.length < size) return;
      }
    },

    async totals(owner: Owner, filter: RowFilter): Promise<TotalsRecord> {
      const [r] = await rows<Record<string, unknown>>(
        sql`select ${SUMS} ${narrowFrom(owner, filter)} where ${where(owner, filter)}`,
      );
      return sumsOf(r);
    },

    /** Totals grouped by a key (type, state or month) for the bookkeeper report. */
    async groupedTotals(
      owner: Owner,
      filter: RowFilter,
      by: 'type' | 'state' | 'month',
    ): Promise<(TotalsRecord & { key: string })[]> {
      const key =
        by === 'type'
          ? sql`case when i.dealer_id is not null then 'Dealer' else 'Retail' end`
          : by === 'state'
            ? sql`case when p.payment_state in ${PAID} then 'Paid' when p.payment_state = 'pending' then 'Pending' else 'Invoiced' end`
            : sql`to_char(i.invoice_date at time zone 'UTC', 'YYYY-MM')`;
      const r = await rows<Record<string, string | number>>(sql`
        select ${key} as key, ${SUMS} ${narrowFrom(owner, filter)}
        where ${where(owner, filter)}
        group by 1 order by 1`);
      return r.map((x) => ({ key: String(x.key), ...sumsOf(x) }));
    },

    /** Invoiced, paid and earned per bucket (buckets by invoice date; paid by the payment's invoice). */
    async revenue(
      owner: Owner,
      from: Date,
      toExclusive: Date,
      bucket: 'day' | 'week' | 'month',
    ): Promise<(TotalsRecord & { period: string })[]> {
      const unit = bucket === 'day' ? sql`'day'` : bucket === 'week' ? sql`'week'` : sql`'month'`;
      const filter: RowFilter = { from, toExclusive, state: 'all', type: 'all', invoice: null, name: null };
      const r = await rows<Record<string, string | number>>(sql`
        select to_char(date_trunc(${unit}, i.invoice_date at time zone 'UTC'), 'YYYY-MM-DD') as period, ${SUMS}
        ${narrowFrom(owner, filter)}
        where ${where(owner, filter)}
        group by 1 order by 1`);
      return r.map((x) => ({ period: String(x.period), ...sumsOf(x) }));
    },

    async countUnsettledDeposits(installerId: number): Promise<number> {
      const [r] = await rows<{ n: number }>(sql`
        select count(*)::int as n from invoices i
        where i.installer_id = ${installerId} and i.invoice_type = 'deposit' and i.status = 'open'`);
      return Number(r?.n ?? 0);
    },

    async unsettledDeposits(installerId: number) {
      return rows<{
        invoice_id: number;
        invoice_number: string | null;
        request_id: number;
        name: string;
        vehicle: string;
        service_requested: string;
        invoice_date: string;
        amount_cents: number;
        hosted_invoice_url: string | null;
      }>(sql`
        select i.id as invoice_id, i.number as invoice_number, i.request_id, ${NAME} as name,
          concat_ws(' ', sr.vehicle_year, sr.vehicle_make, sr.vehicle_model) as vehicle,
          sr.service_requested, ${wire(sql`i.invoice_date`)} as invoice_date,
          i.amount_remaining_cents as amount_cents, i.hosted_invoice_url
        from invoices i
        join service_requests sr on sr.id = i.request_id
        left join dealers d on d.id = i.dealer_id
        left join customers c on c.id = i.customer_id
        where i.installer_id = ${installerId} and i.invoice_type = 'deposit' and i.status = 'open'
        order by i.invoice_date desc, i.id desc`);
    },

    /**
     * Months (UTC) with open or paid invoices billed to the dealership, newest first: the counts and totals the
     * invoices' trigger keeps per month (decision 029), one range of their key however long the history.
     */
    async statementMonths(dealerId: number) {
      const r = await rows<Record<string, string | number>>(sql`
        select to_char(m.month, 'YYYY-MM') as month, m.invoices, m.total_cents
        from invoice_dealer_months m
        where m.dealer_id = ${dealerId} and m.invoices > 0
        order by m.month desc`);
      return r.map((x) => ({
        month: String(x.month),
        invoices: Number(x.invoices),
        total_cents: Number(x.total_cents),
      }));
    },

    async installerAccount(installerId: number) {
      const [r] = await rows<{ email: string | null; stripe_account_id: string | null }>(sql`
        select email, stripe_account_id from installers where id = ${installerId}`);
      return r ?? null;
    },
  };
}
export type FinancialsRepository = ReturnType<typeof createFinancialsRepository>;
