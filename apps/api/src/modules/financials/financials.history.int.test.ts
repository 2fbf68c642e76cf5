import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import type { Db, Tx } from '../../db/client';
import { createCustomer } from '../../db/factories/customers';
import { createServiceRequest } from '../../db/factories/service-requests';
import { intArray } from '../../db/int-array';
import { invoices, payments } from '../../db/schema/money';
import { buildFinancialsWorld, type FinancialsWorld, NOW } from './financials.fixture';

/**
 * Decision 029: the reads that no longer walk a company's invoice history answer what the walk answered.
 * Each is compared with the same question put to the whole history by brute force: the name search with
 * the `coalesce(dealer, customer, written name) ILIKE` of decision 012, the statement months with a GROUP BY
 * of every invoice, and the direct payees with the payments joined to their invoices.
 */

async function rowsOf<T>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Totals = { count: number; invoiced_cents: number; paid_cents: number; pending_cents: number };

/** Every row of an installer whose party name contains `term`, over every date, as decision 012 selects it. */
async function namedByBruteForce(db: Db, installerId: number, term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<{ payment_id: number } & Totals>(
    db,
    sql`select p.id as payment_id, p.amount_cents, p.payment_state from invoices i
        join payments p on p.invoice_id = i.id
        left join dealers d on d.id = i.dealer_id left join customers c on c.id = i.customer_id
        where i.installer_id = ${installerId} and i.status in ('open','paid')
          and coalesce(d.name, c.name, i.customer_name, '') ilike ${pattern}`,
  );
  const cents = (states: string[]) =>
    rows
      .filter((r) => states.includes((r as unknown as { payment_state: string }).payment_state))
      .reduce((sum, r) => sum + Number((r as unknown as { amount_cents: number }).amount_cents), 0);
  return {
    ids: rows.map((r) => Number(r.payment_id)).sort((a, b) => a - b),
    totals: {
      count: rows.length,
      invoiced_cents: cents(['invoiced', 'pending', 'covered', 'paid', 'settled']),
      paid_cents: cents(['paid', 'settled']),
      pending_cents: cents(['invoiced', 'pending', 'covered']),
    },
  };
}

/** A dealership's statement months, computed from every invoice billed to it. */
function monthsByBruteForce(db: Db, dealerId: number) {
  return rowsOf<{ month: string; invoices: number; total_cents: number }>(
    db,
    sql`select to_char(i.invoice_date at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as invoices,
          sum(i.amount_due_cents)::int as total_cents
        from invoices i where i.dealer_id = ${dealerId} and i.status in ('open','paid')
        group by 1 order by 1 desc`,
  );
}

describe('financials reads without the history (decision 029)', () => {
  let w: FinancialsWorld;
  const t = useTestApp({ clock: () => NOW });
  /** Elite's parties: a customer it does not own (bought through a dealership), and one renamed later. */
  const party: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    w = await buildFinancialsWorld(t.app, db);
    const walkIn = await createCustomer(db, { owningInstallerId: null, name: 'Harbor Lane Buyer' });
    const renamed = await createCustomer(db, { owningInstallerId: w.elite.id, name: 'Old Name Oscar' });
    party.walkIn = walkIn.id;
    party.renamed = renamed.id;
    const retailOf = async (customerId: number) =>
      (
        await createServiceRequest(db, {
          requestType: 'installer',
          requestorInstallerId: w.elite.id,
          customerId,
          currentState: 'finished',
          history: 'none',
        })
      ).request.id;
    const sunriseJob = await w.dealerJob(w.sunrise.id, w.elite.id);
    const harborJob = await w.dealerJob(w.harbor.id, w.elite.id);
    const elite = { installerId: w.elite.id };
    const open = { status: 'open', state: 'invoiced', feeCents: 0 } as const;
    const paid = { status: 'paid', state: 'paid', feeCents: 0 } as const;
    // Five years of Sunrise and Harbor, a retail customer each year, and rows that leave or never enter.
    for (const year of [2021, 2022, 2023, 2024, 2025]) {
      const at = (month: string) => `${year}-${month}-15T12:00:00Z`;
      await w.addInvoice({
        ...elite,
        ...paid,
        requestId: sunriseJob,
        dealerId: w.sunrise.id,
        cents: 1000 + year,
        date: at('02'),
      });
      await w.addInvoice({
        ...elite,
        ...open,
        requestId: harborJob,
        dealerId: w.harbor.id,
        cents: 2000 + year,
        date: at('07'),
      });
      await w.addInvoice({
        ...elite,
        ...paid,
        requestId: await w.retailJob(),
        customerId: w.customer.id,
        cents: 3000 + year,
        date: at('11'),
      });
    }
    await w.addInvoice({
      ...elite,
      ...open,
      requestId: await retailOf(walkIn.id),
      customerId: walkIn.id,
      cents: 4100,
      date: '2023-05-01T00:00:00Z',
    });
    await w.addInvoice({
      ...elite,
      ...paid,
      requestId: await retailOf(renamed.id),
      customerId: renamed.id,
      cents: 4200,
      date: '2022-09-30T23:59:59Z',
    });
    // No dealership and no customer record: the row shows the name written on the invoice.
    await w.addInvoice({
      ...elite,
      ...open,
      requestId: await w.retailJob(),
      customerName: 'Walk-in Wanda (Harbor St)',
      cents: 4300,
      date: '2021-01-01T00:00:00Z',
    });
    await w.addInvoice({
      ...elite,
      status: 'draft',
      state: 'invoiced',
      feeCents: 0,
      requestId: sunriseJob,
      dealerId: w.sunrise.id,
      cents: 999,
      date: '2024-02-01T00:00:00Z',
    });
    await w.addInvoice({
      ...elite,
      status: 'void',
      state: 'invoiced',
      feeCents: 0,
      requestId: harborJob,
      dealerId: w.harbor.id,
      cents: 998,
      date: '2024-07-01T00:00:00Z',
    });
    // Clearview's invoices name the same parties and are never Elite's.
    await w.addInvoice({
      installerId: w.clear.id,
      ...open,
      requestId: await w.dealerJob(w.harbor.id, w.clear.id),
      dealerId: w.harbor.id,
      cents: 5000,
      date: '2024-03-03T00:00:00Z',
    });
    // Renamed after it was invoiced: rows show, and a search finds, the name it has now.
    await db.execute(sql`update customers set name = 'New Name Nadia' where id = ${renamed.id}`);
  });

  const page = (who: keyof FinancialsWorld['sessions'], path: string) => w.call(w.sessions[who], 'GET', path);

  it.each([
    'harbor',
    'HARBOR',
    'Sunrise Fin',
    'rita',
    'new name',
    'old name',
    'wanda',
    'fin',
    'o',
    '%',
    'nobody at all',
  ])(
    "finds an installer's rows by party name over every date as the whole history does (%s)",
    async (term) => {
      const res = await page(
        'owner',
        `/api/installerPayments/${w.elite.id}?name=${encodeURIComponent(term)}&pageSize=200`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const expected = await namedByBruteForce(t.database.db, w.elite.id, term);
      expect(
        body.rows.map((r: { payment_id: number }) => r.payment_id).sort((a: number, b: number) => a - b),
      ).toEqual(expected.ids);
      expect(body.totals).toMatchObject(expected.totals);
      expect(body.total).toBe(expected.totals.count);
      expect(body.from).toBeNull();
    },
  );

  it('finds a customer the installer does not own, and rows named only on the invoice, by name', async () => {
    const names = async (term: string) =>
      (await page('owner', `/api/installerPayments/${w.elite.id}?name=${encodeURIComponent(term)}`))
        .json()
        .rows.map((r: { Name: string }) => r.Name);
    expect(await names('lane buyer')).toEqual(['Harbor Lane Buyer']);
    expect(await names('wanda')).toEqual(['Walk-in Wanda (Harbor St)']);
    expect(await names('nadia')).toEqual(['New Name Nadia']);
    expect(await names('oscar')).toEqual([]);
  });

  it('pages a name search in order, with the type filter, and exports the same rows', async () => {
    const url = `/api/installerPayments/${w.elite.id}?name=harbor&pageSize=2`;
    const first = (await page('owner', `${url}&page=1`)).json();
    const second = (await page('owner', `${url}&page=2`)).json();
    const all = (await page('owner', `/api/installerPayments/${w.elite.id}?name=harbor&pageSize=200`)).json();
    const dates = all.rows.map((r: { invoice_date: string }) => r.invoice_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect([...first.rows, ...second.rows].map((r: { payment_id: number }) => r.payment_id)).toEqual(
      all.rows.slice(0, 4).map((r: { payment_id: number }) => r.payment_id),
    );
    const retail = (
      await page('owner', `/api/installerPayments/${w.elite.id}?name=harbor&type=retail`)
    ).json();
    expect(retail.rows.map((r: { Name: string }) => r.Name).sort()).toEqual([
      'Harbor Lane Buyer',
      'Walk-in Wanda (Harbor St)',
    ]);
    const byAmount = (
      await page('owner', `/api/installerPayments/${w.elite.id}?name=harbor&sort=amount&dir=asc`)
    )
      .json()
      .rows.map((r: { amount_cents: number }) => r.amount_cents);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    const csv = await page('owner', `/api/financials/export/${w.elite.id}?name=harbor`);
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r['Invoice Number'])).toEqual(
      all.rows.map((r: { invoice_number: string }) => r.invoice_number),
    );
  });

  it("answers a dealership's search by its own name with all its rows, and by another with none", async () => {
    const all = (
      await page('harbor', `/api/dealerPayments/${w.harbor.id}?name=fin%20autos&pageSize=200`)
    ).json();
    const everything = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from invoices i join payments p on p.invoice_id = i.id
          where i.dealer_id = ${w.harbor.id} and i.status in ('open','paid')`,
    );
    expect(all.total).toBe(everything[0]?.n);
    expect(all.total).toBeGreaterThan(5);
    expect((await page('harbor', `/api/dealerPayments/${w.harbor.id}?name=sunrise`)).json().total).toBe(0);
  });

  it('finds an invoice by its number and a party name together only when both match', async () => {
    const [row] = await rowsOf<{ number: string }>(
      t.database.db,
      sql`select number from invoices where installer_id = ${w.elite.id} and customer_id = ${party.walkIn}`,
    );
    const number = encodeURIComponent(String(row?.number));
    const url = `/api/installerPayments/${w.elite.id}?invoice=${number}`;
    expect((await page('owner', `${url}&name=lane`)).json().total).toBe(1);
    expect((await page('owner', `${url}&name=sunrise`)).json().total).toBe(0);
  });

  describe('statement months kept by the invoices (migration 0025)', () => {
    const months = async (dealerId: number, who: 'sunrise' | 'harbor') => {
      const res = await page(who, `/api/dealerStatements/${dealerId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .months.map((m: { month: string; invoices: number; total_cents: number; total: number }) => {
          expect(m.total).toBe(m.total_cents / 100);
          return { month: m.month, invoices: m.invoices, total_cents: m.total_cents };
        });
    };

    it('equal a count of every invoice, after invoices are written every way they can be', async () => {
      const db = t.database.db;
      expect(await months(w.harbor.id, 'harbor')).toEqual(await monthsByBruteForce(db, w.harbor.id));
      const harborIds = async (status: string) =>
        (
          await rowsOf<{ id: number }>(
            db,
            sql`select id from invoices where dealer_id = ${w.harbor.id} and status = ${status} order by id`,
          )
        ).map((r) => Number(r.id));
      const [a, b, c] = await harborIds('open');
      const [drafted] = await harborIds('void');
      // Paid by check through the product: open to paid moves nothing.
      const settle = await w.call(w.sessions.owner, 'POST', '/api/invoices/batch-settle-check', {
        invoiceIds: [a],
        checkNumber: '88',
      });
      expect(settle.statusCode, settle.body).toBe(200);
      await db.execute(sql`update invoices set status = 'void' where id = ${b}`);
      await db.execute(sql`update invoices set invoice_date = '2019-12-31T23:30:00Z' where id = ${c}`);
      await db.execute(
        sql`update invoices set amount_due_cents = amount_due_cents + 7 where dealer_id = ${w.harbor.id}`,
      );
      await db.execute(sql`update invoices set status = 'open' where id = ${drafted}`);
      await db.execute(sql`update invoices set dealer_id = ${w.sunrise.id} where id = ${c}`);
      const [moved] = await harborIds('open');
      await db.execute(sql`update invoices set dealer_id = null where id = ${moved}`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update invoices set status = 'draft' where id = ${drafted}`);
        await tx.execute(sql`delete from payments where invoice_id = ${drafted}`);
        await tx.delete(invoices).where(eq(invoices.id, drafted as number));
      });
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`update invoices set amount_due_cents = 1 where dealer_id = ${w.harbor.id}`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await months(w.harbor.id, 'harbor')).toEqual(await monthsByBruteForce(db, w.harbor.id));
      expect(await months(w.sunrise.id, 'sunrise')).toEqual(await monthsByBruteForce(db, w.sunrise.id));
    });

    it('equal a count of every invoice when one statement writes hundreds of invoices (an import)', async () => {
      const db = t.database.db;
      const job = await w.dealerJob(w.harbor.id, w.elite.id);
      const dealerOf = (i: number) => (i % 3 === 0 ? w.sunrise.id : i % 3 === 1 ? w.harbor.id : null);
      // 300 invoices in one INSERT: two dealerships and retail, four statuses, over ten months of 2024.
      const imported = await db
        .insert(invoices)
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            requestId: job,
            installerId: w.elite.id,
            dealerId: dealerOf(i),
            status: ['open', 'paid', 'void', 'draft'][i % 4] as string,
            amountDueCents: 1000 + i,
            amountRemainingCents: 1000 + i,
            invoiceDate: new Date(Date.UTC(2024, i % 10, 1 + (i % 28), 12)),
          })),
        )
        .returning({ id: invoices.id });
      const ids = imported.map((r) => r.id);
      const exact = async () => {
        expect(await months(w.harbor.id, 'harbor')).toEqual(await monthsByBruteForce(db, w.harbor.id));
        expect(await months(w.sunrise.id, 'sunrise')).toEqual(await monthsByBruteForce(db, w.sunrise.id));
      };
      await exact();
      // One statement moves them a month on, another pays or voids half, a third moves a third to the other
      // dealership, and a last deletes a quarter of them.
      await db.execute(
        sql`update invoices set invoice_date = invoice_date + interval '1 month'
            where id = any(${intArray(ids)})`,
      );
      await db.execute(
        sql`update invoices set status = case when id % 2 = 0 then 'paid' else 'void' end
            where id = any(${intArray(ids.filter((_, i) => i % 2 === 0))})`,
      );
      await db.execute(
        sql`update invoices set dealer_id = case when dealer_id = ${w.harbor.id}::int then ${w.sunrise.id}::int
              else ${w.harbor.id}::int end
            where id = any(${intArray(ids.filter((_, i) => i % 3 !== 2))})`,
      );
      await exact();
      const gone = ids.filter((_, i) => i % 4 === 1);
      await db.execute(sql`delete from payments where invoice_id = any(${intArray(gone)})`);
      await db.execute(sql`delete from invoices where id = any(${intArray(gone)})`);
      await exact();
    });

    it.runIf(inject('testDb') === 'postgres')(
      'stay exact when two transactions invoice one dealership in one month at once',
      async () => {
        const db = t.database.db;
        const before = await months(w.harbor.id, 'harbor');
        const job = await w.dealerJob(w.harbor.id, w.elite.id);
        const insertOpen = (tx: Tx, cents: number) =>
          tx.insert(invoices).values({
            requestId: job,
            installerId: w.elite.id,
            dealerId: w.harbor.id,
            status: 'open',
            amountDueCents: cents,
            amountRemainingCents: cents,
            invoiceDate: new Date('2026-02-10T10:00:00Z'),
          });
        let firstInserted!: () => void;
        let releaseFirst!: () => void;
        const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
        const release = new Promise<void>((resolve) => (releaseFirst = resolve));
        const first = db.transaction(async (tx) => {
          await insertOpen(tx, 111);
          firstInserted();
          await release;
        });
        await inserted;
        let secondPid = 0;
        let secondDone = false;
        const second = db
          .transaction(async (tx) => {
            const [me] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
            secondPid = Number(me?.pid);
            await insertOpen(tx, 222);
          })
          .finally(() => {
            secondDone = true;
          });
        // The second writes while the first is still open: it waits for the first's month row, or is done.
        for (;;) {
          const [state] = secondPid
            ? await rowsOf<{ wait: string | null }>(
                db,
                sql`select wait_event_type as wait from pg_stat_activity where pid = ${secondPid}`,
              )
            : [];
          if (secondDone || state?.wait === 'Lock') break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        releaseFirst();
        await Promise.all([first, second]);
        const after = await months(w.harbor.id, 'harbor');
        expect(after).toEqual(await monthsByBruteForce(db, w.harbor.id));
        const february = (list: { month: string; invoices: number; total_cents: number }[]) =>
          list.find((m) => m.month === '2026-02') ?? { invoices: 0, total_cents: 0 };
        expect(february(after).invoices - february(before).invoices).toBe(2);
        expect(february(after).total_cents - february(before).total_cents).toBe(333);
      },
    );
  });

  describe('direct payees by payment date (migration 0025)', () => {
    it('lists a check paid years after its invoice, and follows an invoice to another dealership', async () => {
      const db = t.database.db;
      const job = await w.dealerJob(w.sunrise.id, w.clear.id);
      const old = await w.addInvoice({
        installerId: w.clear.id,
        requestId: job,
        dealerId: w.sunrise.id,
        status: 'paid',
        state: 'paid',
        cents: 64000,
        feeCents: 0,
        date: '2021-04-01T09:00:00Z',
        paidDate: '2026-03-05T15:00:00Z',
        method: 'check',
        checkNumber: '7001',
      });
      const payees = async (who: 'sunrise' | 'harbor', dealerId: number) =>
        (await page(who, `/api/financials/direct-payees/${dealerId}?from=2026-03-01&to=2026-03-31`)).json()
          .rows as {
          installer_id: number;
          amount_paid_cents: number;
        }[];
      expect(await payees('sunrise', w.sunrise.id)).toContainEqual(
        expect.objectContaining({ installer_id: w.clear.id, amount_paid_cents: 64000 }),
      );
      // The copy on the payment is the database's: a writer cannot set another dealership on it.
      await db.execute(sql`update payments set dealer_id = ${w.harbor.id} where invoice_id = ${old.id}`);
      const [copy] = await db
        .select({ dealerId: payments.dealerId })
        .from(payments)
        .where(eq(payments.invoiceId, old.id));
      expect(copy?.dealerId).toBe(w.sunrise.id);
      await db.update(invoices).set({ dealerId: w.harbor.id }).where(eq(invoices.id, old.id));
      expect(await payees('sunrise', w.sunrise.id)).not.toContainEqual(
        expect.objectContaining({ installer_id: w.clear.id }),
      );
      expect(await payees('harbor', w.harbor.id)).toContainEqual(
        expect.objectContaining({ installer_id: w.clear.id, amount_paid_cents: 64000 }),
      );
    });
  });
});
