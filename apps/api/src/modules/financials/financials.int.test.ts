import { financialsMessages as M } from '@app/contracts/financials.contract';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { invoices, payments } from '../../db/schema/money';
import { buildFinancialsWorld, type FinancialsWorld, NOW } from './financials.fixture';

/**
 * Issue 13: every figure and row against hand-computed fixtures, tenancy, the documents read back, the
 * dashboard rule of 002 §6 and bad input.
 *
 * Elite's March 2026 invoices (cents; fee = platform fee):
 *   r1 Sunrise final open    120000 fee 6000 invoiced  03-02  PO-77
 *   r2 Sunrise final paid     80000 fee 4000 paid      03-05  check 1001, paid 03-10
 *   r3 Rita    final paid     50000 fee 2500 paid      03-10  card 4242
 *   r4 Rita    deposit open   20000 fee    0 invoiced  03-12  (an unsettled deposit)
 *   r5 Rita    final paid     30000 fee 1500 covered   03-14  (covered by deposits: shows as invoiced)
 *   r6 Sunrise final open     10000 fee  500 pending   03-20
 *   r7 Harbor  final open      7700 fee  385 invoiced  03-31 23:59:59 (last second of the month)
 * and outside the month or the list: Sunrise paid 99900 fee 4995 on 02-27, a March draft and a void one.
 * Clearview billed Sunrise 55500 fee 2775 (open) on 03-08.
 */
describe('financials', () => {
  let w: FinancialsWorld;
  const ids: Record<string, number> = {};

  const t = useTestApp({ clock: () => NOW });
  beforeAll(async () => {
    const db = t.database.db;
    w = await buildFinancialsWorld(t.app, db);
    const sunriseJob = await w.dealerJob(w.sunrise.id, w.elite.id);
    const harborJob = await w.dealerJob(w.harbor.id, w.elite.id);
    const clearJob = await w.dealerJob(w.sunrise.id, w.clear.id);
    const retail = await w.retailJob();
    const elite = { installerId: w.elite.id };
    const sun = { ...elite, requestId: sunriseJob, dealerId: w.sunrise.id };
    const rita = { ...elite, requestId: retail, customerId: w.customer.id };
    const add = async (key: string, spec: Parameters<FinancialsWorld['addInvoice']>[0]) => {
      ids[key] = (await w.addInvoice(spec)).id;
    };
    await add('r1', {
      ...sun,
      status: 'open',
      state: 'invoiced',
      cents: 120000,
      feeCents: 6000,
      date: '2026-03-02T15:00:00Z',
      po: 'PO-77',
    });
    await add('r2', {
      ...sun,
      status: 'paid',
      state: 'paid',
      cents: 80000,
      feeCents: 4000,
      date: '2026-03-05T10:00:00Z',
      paidDate: '2026-03-10T09:30:00Z',
      method: 'check',
      checkNumber: '1001',
    });
    await add('r3', {
      ...rita,
      status: 'paid',
      state: 'paid',
      cents: 50000,
      feeCents: 2500,
      date: '2026-03-10T11:00:00Z',
      paidDate: '2026-03-10T11:05:00Z',
      method: 'card',
      cardLast4: '4242',
    });
    await add('r4', {
      ...rita,
      type: 'deposit',
      status: 'open',
      state: 'invoiced',
      cents: 20000,
      feeCents: 0,
      date: '2026-03-12T08:00:00Z',
    });
    await add('r5', {
      ...rita,
      status: 'paid',
      state: 'covered',
      cents: 30000,
      feeCents: 1500,
      date: '2026-03-14T08:00:00Z',
    });
    await add('r6', {
      ...sun,
      status: 'open',
      state: 'pending',
      cents: 10000,
      feeCents: 500,
      date: '2026-03-20T08:00:00Z',
    });
    await add('r7', {
      ...elite,
      requestId: harborJob,
      dealerId: w.harbor.id,
      status: 'open',
      state: 'invoiced',
      cents: 7700,
      feeCents: 385,
      date: '2026-03-31T23:59:59Z',
    });
    await add('feb', {
      ...sun,
      status: 'paid',
      state: 'paid',
      cents: 99900,
      feeCents: 4995,
      date: '2026-02-27T12:00:00Z',
      paidDate: '2026-02-28T12:00:00Z',
      method: 'check',
      checkNumber: '999',
    });
    await add('draft', {
      ...sun,
      status: 'draft',
      state: 'invoiced',
      cents: 11100,
      feeCents: 555,
      date: '2026-03-03T08:00:00Z',
    });
    await add('void', {
      ...sun,
      status: 'void',
      state: 'invoiced',
      cents: 22200,
      feeCents: 1110,
      date: '2026-03-04T08:00:00Z',
    });
    await add('clear', {
      installerId: w.clear.id,
      requestId: clearJob,
      dealerId: w.sunrise.id,
      status: 'open',
      state: 'invoiced',
      cents: 55500,
      feeCents: 2775,
      date: '2026-03-08T08:00:00Z',
    });
  });

  const elitePage = (query = '') =>
    w.call(w.sessions.owner, 'GET', `/api/installerPayments/${w.elite.id}${query}`);

  it("opens on the current month with the installer's totals, exact to the cent", async () => {
    const res = await elitePage();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2026-03-01');
    expect(body.to).toBe('2026-03-31');
    expect(body.total).toBe(7);
    expect(body.totals).toEqual({
      count: 7,
      invoiced_cents: 317700,
      paid_cents: 130000,
      pending_cents: 187700,
      earned_cents: 123500,
      invoiced: 3177,
      paid: 1300,
      pending: 1877,
      earned: 1235,
    });
    expect(body.unsettled_deposits).toBe(1);
    // Newest first by default; the draft, the void one, February and Clearview's are not there.
    expect(body.rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual(
      ['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1'].map((k) => ids[k]),
    );
  });

  it('sends every field of row 106 for a row, in dollars and cents', async () => {
    const rows = (await elitePage()).json().rows as Record<string, unknown>[];
    const r2 = rows.find((r) => r.invoice_id === ids.r2);
    expect(r2).toMatchObject({
      invoice_date: '2026/03/05 10:00:00',
      payment_date: '2026/03/10 09:30:00',
      payment_state: 'paid',
      state_label: 'Paid',
      payment_type: 'final',
      is_deposit: false,
      check_number: '1001',
      method: 'check',
      Request_type: 'dealer',
      invoice_amount: 800,
      amount_cents: 80000,
      platform_fee: 40,
      platform_fee_cents: 4000,
      earned: 760,
      earned_cents: 76000,
      Year: 2024,
      Make: 'Porsche',
      Model: '911',
      VIN: 'WP0AA2A99RS200001',
      Name: 'Sunrise Fin Motors',
      installer_name: 'Elite Fin Film',
    });
    const r1 = rows.find((r) => r.invoice_id === ids.r1);
    expect(r1).toMatchObject({ payment_order: 'PO-77', state_label: 'Invoiced', payment_date: null });
    const r5 = rows.find((r) => r.invoice_id === ids.r5);
    expect(r5).toMatchObject({
      payment_state: 'covered',
      state_label: 'Invoiced',
      Request_type: 'installer',
    });
    const r3 = rows.find((r) => r.invoice_id === ids.r3);
    expect(r3).toMatchObject({ card_last4: '4242', card_type: 'visa', Name: `Rita <b>"&"</b> O'Neil` });
  });

  it('filters by state (covered counts as invoiced), type, invoice number and name, on the server', async () => {
    const idsOf = async (q: string) =>
      (await elitePage(q))
        .json()
        .rows.map((r: { invoice_id: number }) => r.invoice_id)
        .sort();
    const sorted = (...keys: string[]) => keys.map((k) => ids[k]).sort();
    expect(await idsOf('?state=invoiced')).toEqual(sorted('r1', 'r4', 'r5', 'r7'));
    expect(await idsOf('?state=covered')).toEqual(sorted('r5'));
    expect(await idsOf('?state=pending')).toEqual(sorted('r6'));
    expect(await idsOf('?state=paid')).toEqual(sorted('r2', 'r3'));
    expect(await idsOf('?type=dealer')).toEqual(sorted('r1', 'r2', 'r6', 'r7'));
    expect(await idsOf('?type=retail')).toEqual(sorted('r3', 'r4', 'r5'));
    expect(await idsOf('?name=harbor')).toEqual(sorted('r7'));
    // A search without a range looks at every date: February's invoice is found too.
    expect(await idsOf('?name=SUNRISE')).toEqual(sorted('r1', 'r2', 'r6', 'feb'));
    // An invoice number is found by its start (decision 029): as printed, in any case, over every date (here
    // February's); its start finds every number it begins; digits alone match the sequence number's start.
    const [feb] = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, ids.feb as number));
    const byNumber = (
      await elitePage(`?invoice=${encodeURIComponent(` ${feb?.number?.toLowerCase()} `)}`)
    ).json();
    expect(byNumber.rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual([ids.feb]);
    expect(byNumber.total).toBe(1);
    expect(byNumber.from).toBeNull();
    const sequence = String(feb?.number?.split('-').at(-1));
    const bySequence = (await elitePage(`?invoice=${sequence}`)).json();
    expect(bySequence.rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual([ids.feb]);
    const everyOne = (await elitePage(`?invoice=${encodeURIComponent(`fin-${w.elite.id}-`)}`)).json();
    expect(everyOne.total).toBe((await elitePage('?from=2000-01-01&to=2099-12-31')).json().total);
    expect(everyOne.total).toBeGreaterThan(1);
    // The middle of a number is not its start; a wildcard is taken literally.
    expect((await elitePage(`?invoice=${encodeURIComponent(`IN-${w.elite.id}`)}`)).json().total).toBe(0);
    expect((await elitePage(`?invoice=${encodeURIComponent('FIN%')}`)).json().total).toBe(0);
    // Wildcards are taken literally.
    expect((await elitePage('?name=%25')).json().total).toBe(0);
    const paidSun = (await elitePage('?state=paid&type=dealer')).json().totals;
    expect(paidSun).toMatchObject({ count: 1, paid_cents: 80000, earned_cents: 76000, pending_cents: 0 });
  });

  it('sorts and pages on the server; totals cover every page', async () => {
    const res = await elitePage('?sort=amount&dir=asc&page=2&pageSize=2');
    const body = res.json();
    expect(body.total).toBe(7);
    expect(body.page).toBe(2);
    expect(body.rows.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([20000, 30000]);
    expect(body.totals.invoiced_cents).toBe(317700);
    const byName = (await elitePage('?sort=name&dir=asc')).json().rows.map((r: { Name: string }) => r.Name);
    expect(byName).toEqual([
      'Harbor Fin Autos',
      ...Array(3).fill(`Rita <b>"&"</b> O'Neil`),
      ...Array(3).fill('Sunrise Fin Motors'),
    ]);
    for (const sort of ['payment_date', 'state', 'invoice_number', 'vehicle', 'work']) {
      const sorted = await elitePage(`?sort=${sort}&dir=desc&pageSize=3`);
      expect(sorted.statusCode, sort).toBe(200);
      expect(sorted.json().rows, sort).toHaveLength(3);
    }
    const byDay = (await elitePage('?from=2026-03-31&to=2026-03-31')).json();
    expect(byDay.rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual([ids.r7]);
    const twoMonths = (await elitePage('?from=2026-02-01&to=2026-03-31')).json().totals;
    expect(twoMonths).toMatchObject({ count: 8, paid_cents: 229900, earned_cents: 123500 + 94905 });
  });

  it("gives a dealership the invoices billed to it, from every installer, and nobody else's", async () => {
    const res = await w.call(w.sessions.sunrise, 'GET', `/api/dealerPayments/${w.sunrise.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { invoice_id: number }) => r.invoice_id).sort()).toEqual(
      ['r1', 'r2', 'r6', 'clear'].map((k) => ids[k]).sort(),
    );
    expect(body.totals).toMatchObject({
      count: 4,
      invoiced_cents: 265500,
      paid_cents: 80000,
      pending_cents: 185500,
      earned_cents: 76000,
    });
    expect(body.unsettled_deposits).toBe(0);
    // Its search by number: the start of a number billed to it, in any case, over every date; not the
    // numbers billed to another dealership.
    const [mine = '', theirs = ''] = await Promise.all(
      [ids.clear, ids.r7].map(async (id) => {
        const [row] = await t.database.db
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, id as number));
        return String(row?.number);
      }),
    );
    const search = async (term: string) =>
      (
        await w.call(
          w.sessions.sunrise,
          'GET',
          `/api/dealerPayments/${w.sunrise.id}?invoice=${encodeURIComponent(term)}`,
        )
      ).json();
    expect((await search(mine.toLowerCase())).rows.map((r: { invoice_id: number }) => r.invoice_id)).toEqual([
      ids.clear,
    ]);
    expect((await search(theirs)).total).toBe(0);
  });

  it('refuses another company, the other role and bad input (403 / 400, never 500)', async () => {
    const get = (who: keyof FinancialsWorld['sessions'], url: string) => w.call(w.sessions[who], 'GET', url);
    expect((await get('clear', `/api/installerPayments/${w.elite.id}`)).statusCode).toBe(403);
    expect((await get('harbor', `/api/dealerPayments/${w.sunrise.id}`)).statusCode).toBe(403);
    expect((await get('sunrise', `/api/installerPayments/${w.sunrise.id}`)).statusCode).toBe(403);
    expect((await get('owner', `/api/dealerPayments/${w.elite.id}`)).statusCode).toBe(403);
    expect((await get('clear', `/api/financials/export/${w.elite.id}`)).statusCode).toBe(403);
    expect((await get('clear', `/api/financials/revenue/${w.elite.id}`)).statusCode).toBe(403);
    expect(
      (await get('clear', `/api/bookkeeper-report/${w.elite.id}?startDate=2026-03-01&endDate=2026-03-31`))
        .statusCode,
    ).toBe(403);
    expect((await get('harbor', `/api/dealerStatements/${w.sunrise.id}`)).statusCode).toBe(403);
    for (const q of [
      '?from=2026-02-30',
      '?pageSize=201',
      '?state=void',
      '?from=2026-03-10&to=2026-03-01',
      '?sort=secret',
      '?page=0',
      '?type=x',
    ]) {
      const res = await elitePage(q);
      expect(res.statusCode, q).toBe(400);
    }
    const reversed = await elitePage('?from=2026-03-10&to=2026-03-01');
    expect(reversed.body).toContain(M.endBeforeStart);
    expect((await get('sunrise', `/api/dealerStatements/${w.sunrise.id}/2026-13`)).statusCode).toBe(400);
    expect(
      (await get('owner', `/api/bookkeeper-report/${w.elite.id}?startDate=x&endDate=2026-03-01`)).statusCode,
    ).toBe(400);
    expect((await get('owner', `/api/financials/revenue/${w.elite.id}?bucket=year`)).statusCode).toBe(400);
  });

  it('exports the view as CSV (BOM, quoted text, ISO dates, amounts as numbers) that reads back equal to the rows', async () => {
    const res = await w.call(
      w.sessions.owner,
      'GET',
      `/api/financials/export/${w.elite.id}?from=2026-03-01&to=2026-03-31`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="financials_2026-03-01_2026-03-31.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain(`"Rita <b>""&""</b> O'Neil"`);
    expect(res.body).toMatch(/,800,40,760,/);
    const records = parse(res.body, { bom: true, columns: true, cast: false }) as Record<string, string>[];
    // Without a sort, the export is in the screen's default order (newest first).
    const rows = (await elitePage('')).json().rows as Record<string, unknown>[];
    expect(records).toHaveLength(rows.length);
    records.forEach((rec, i) => {
      const row = rows[i] as Record<string, unknown>;
      expect(rec['Invoice Number']).toBe(row.invoice_number);
      expect(rec['Invoice Date']).toBe(String(row.invoice_date).slice(0, 10).replaceAll('/', '-'));
      expect(Number(rec.Amount)).toBe(row.invoice_amount);
      expect(Number(rec['Platform Fee'])).toBe(row.platform_fee);
      expect(Number(rec.Earned)).toBe(row.earned);
      expect(rec.Name).toBe(row.Name);
      expect(rec.State).toBe(row.state_label);
    });
  });

  it.each([
    ['amount', 'asc'],
    ['name', 'desc'],
    ['invoice_date', 'asc'],
  ])('exports the view in its order (sort=%s, dir=%s), like the page', async (sort, dir) => {
    const res = await w.call(
      w.sessions.owner,
      'GET',
      `/api/financials/export/${w.elite.id}?from=2026-03-01&to=2026-03-31&sort=${sort}&dir=${dir}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body, { bom: true, columns: true, cast: false }) as Record<string, string>[];
    const rows = (await elitePage(`?sort=${sort}&dir=${dir}`)).json().rows as Record<string, unknown>[];
    expect(records.map((r) => r['Invoice Number'])).toEqual(rows.map((r) => r.invoice_number));
  });

  it('writes the bookkeeper report as printable HTML with every value escaped, and as CSV', async () => {
    const url = `/api/bookkeeper-report/${w.elite.id}?startDate=2026-03-01&endDate=2026-03-31`;
    const html = await w.call(w.sessions.owner, 'GET', `${url}&format=html`);
    expect(html.statusCode, html.body).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).not.toContain('<b>"&"</b>');
    expect(html.body).toContain('Rita &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt; O&#39;Neil');
    expect(html.body).toContain('Totals by type');
    expect(html.body).toContain('Totals by month');
    expect(html.body).toContain('Total Invoiced $3,177.00');
    expect(html.body).toContain('Total Earned $1,235.00');
    expect(html.body.match(/<tr><td>2026-03-/g)).toHaveLength(7);
    const csv = await w.call(w.sessions.owner, 'GET', `${url}&format=csv`);
    expect(parse(csv.body, { bom: true, columns: true })).toHaveLength(7);
  });

  it('draws the revenue chart: invoiced, paid and earned per month, empty months as zeros', async () => {
    const res = await w.call(
      w.sessions.owner,
      'GET',
      `/api/financials/revenue/${w.elite.id}?from=2026-01-01&to=2026-03-31&bucket=month`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().points).toEqual([
      {
        period: '2026-01-01',
        invoiced: 0,
        paid: 0,
        earned: 0,
        invoiced_cents: 0,
        paid_cents: 0,
        earned_cents: 0,
      },
      {
        period: '2026-02-01',
        invoiced: 999,
        paid: 999,
        earned: 949.05,
        invoiced_cents: 99900,
        paid_cents: 99900,
        earned_cents: 94905,
      },
      {
        period: '2026-03-01',
        invoiced: 3177,
        paid: 1300,
        earned: 1235,
        invoiced_cents: 317700,
        paid_cents: 130000,
        earned_cents: 123500,
      },
    ]);
    const weeks = await w.call(
      w.sessions.sunrise,
      'GET',
      `/api/financials/revenue/${w.sunrise.id}?from=2026-03-01&to=2026-03-08&bucket=week`,
    );
    // Weeks start on Monday: 2026-02-23 holds 03-01; 03-02 holds r1, r2 and Clearview's invoice.
    expect(
      weeks
        .json()
        .points.map((p: { period: string; invoiced_cents: number }) => [p.period, p.invoiced_cents]),
    ).toEqual([
      ['2026-02-23', 0],
      ['2026-03-02', 120000 + 80000 + 55500],
    ]);
  });

  it('lists unsettled deposits and settles one (it leaves the list, the row turns paid)', async () => {
    const list = await w.call(w.sessions.owner, 'GET', `/api/financials/deposits/${w.elite.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ invoice_id: ids.r4, amount_cents: 20000, amount: 200 }),
    ]);
    // A dealership cannot see a retail deposit, let alone settle it.
    const byDealer = await w.call(w.sessions.sunrise, 'PUT', `/api/invoices/settle/${ids.r4}`, {});
    expect([403, 404]).toContain(byDealer.statusCode);
    const settled = await w.call(w.sessions.owner, 'PUT', `/api/invoices/settle/${ids.r4}`, {
      method: 'cash',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().message).toBe(M.depositSettled);
    expect((await w.call(w.sessions.owner, 'GET', `/api/financials/deposits/${w.elite.id}`)).json()).toEqual(
      [],
    );
    const page = (await elitePage()).json();
    expect(page.unsettled_deposits).toBe(0);
    expect(page.totals).toMatchObject({ paid_cents: 150000, pending_cents: 167700, earned_cents: 143500 });
  });

  it("lists a dealership's statement months and writes one month's statement", async () => {
    const months = await w.call(w.sessions.sunrise, 'GET', `/api/dealerStatements/${w.sunrise.id}`);
    expect(months.statusCode, months.body).toBe(200);
    expect(months.json().months).toEqual([
      { month: '2026-03', invoices: 4, total: 2655, total_cents: 265500 },
      { month: '2026-02', invoices: 1, total: 999, total_cents: 99900 },
    ]);
    const csv = await w.call(
      w.sessions.sunrise,
      'GET',
      `/api/dealerStatements/${w.sunrise.id}/2026-03?format=csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => Number(r.Amount)).sort((a, b) => a - b)).toEqual([100, 555, 800, 1200]);
    const html = await w.call(
      w.sessions.sunrise,
      'GET',
      `/api/dealerStatements/${w.sunrise.id}/2026-02?format=html`,
    );
    expect(html.body).toContain('Monthly statement 2026-02');
    const w9 = await w.call(w.sessions.sunrise, 'GET', '/api/financials/w9');
    expect(w9.statusCode).toBe(200);
    expect(w9.headers['content-type']).toBe('application/pdf');
    expect(w9.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await w.call(w.sessions.owner, 'GET', '/api/financials/w9')).statusCode).toBe(403);
  });

  describe('payment dashboard (row 108, 002 §6)', () => {
    it('gives the company e-mail (any case) a dashboard link; the local one opens a page', async () => {
      const res = await w.call(w.sessions.owner, 'GET', `/api/stripe/dashboard/${w.elite.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json().url);
      expect(url.pathname).toBe('/payments-dashboard/acct_fin_elite');
      const page = await t.app.inject({ method: 'GET', url: url.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Payment dashboard');
    });

    it('refuses another e-mail of the company, dealers, and a company without an account', async () => {
      const staff = await w.call(w.sessions.staff, 'GET', `/api/stripe/dashboard/${w.elite.id}`);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().userMessage).toBe(M.dashboardEmailMismatch);
      const dealer = await w.call(w.sessions.sunrise, 'GET', `/api/stripe/dashboard/${w.elite.id}`);
      expect(dealer.statusCode).toBe(403);
      expect(dealer.json().userMessage).toBe(M.dashboardSpecialistsOnly);
      expect((await w.call(w.sessions.clear, 'GET', `/api/stripe/dashboard/${w.elite.id}`)).statusCode).toBe(
        403,
      );
      const none = await w.call(w.sessions.clear, 'GET', `/api/stripe/dashboard/${w.clear.id}`);
      expect(none.statusCode).toBe(404);
      expect(none.json().userMessage).toBe(M.dashboardNoAccount);
    });
  });

  describe('batch check settlement (row 109)', () => {
    const openInvoice = async (cents: number) => {
      const job = await w.dealerJob(w.sunrise.id, w.elite.id);
      return (
        await w.addInvoice({
          installerId: w.elite.id,
          requestId: job,
          dealerId: w.sunrise.id,
          status: 'open',
          state: 'invoiced',
          cents,
          feeCents: Math.round(cents / 20),
          date: '2026-03-25T08:00:00Z',
        })
      ).id;
    };
    const stateOf = async (invoiceIds: number[]) => {
      const db = t.database.db;
      const inv = await db.select().from(invoices).where(inArray(invoices.id, invoiceIds));
      const pay = await db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds));
      return {
        invoices: inv.map((i) => i.status).sort(),
        payments: pay.map((p) => `${p.paymentState}:${p.checkNumber}`).sort(),
      };
    };
    const batch = (who: keyof FinancialsWorld['sessions'], body: unknown) =>
      w.call(w.sessions[who], 'POST', '/api/invoices/batch-settle-check', body);

    it('settles every chosen invoice by one check, in one go', async () => {
      const a = await openInvoice(10000);
      const b = await openInvoice(25050);
      const res = await batch('owner', { invoiceIds: [b, a], checkNumber: ' 5512 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Check payment processed successfully for 2 invoices.',
        settled: 2,
        invoiceIds: [a, b],
        total: 350.5,
        total_cents: 35050,
      });
      expect(await stateOf([a, b])).toEqual({
        invoices: ['paid', 'paid'],
        payments: ['paid:5512', 'paid:5512'],
      });
    });

    it('changes nothing when one invoice is already paid, not ours, or the batch is too big or empty', async () => {
      const a = await openInvoice(1000);
      const paid = await batch('owner', { invoiceIds: [a, ids.r2], checkNumber: '77' });
      expect(paid.statusCode).toBe(409);
      const theirs = await batch('owner', { invoiceIds: [a, ids.clear], checkNumber: '77' });
      expect([403, 404]).toContain(theirs.statusCode);
      expect(await stateOf([a])).toEqual({ invoices: ['open'], payments: ['invoiced:null'] });
      expect(await stateOf([ids.clear as number])).toEqual({
        invoices: ['open'],
        payments: ['invoiced:null'],
      });
      const tooMany = await batch('owner', {
        invoiceIds: Array.from({ length: 26 }, (_, i) => a + i),
        checkNumber: '77',
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.body).toContain(M.batchTooLarge);
      const empty = await batch('owner', { invoiceIds: [], checkNumber: '77' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain(M.batchEmpty);
      const noCheck = await batch('owner', { invoiceIds: [a], checkNumber: '  ' });
      expect(noCheck.statusCode).toBe(400);
      expect(noCheck.body).toContain(M.checkNumberRequired);
      expect((await batch('owner', { invoiceIds: ['x'], checkNumber: '1' })).statusCode).toBe(400);
      expect((await batch('sunrise', { invoiceIds: [a], checkNumber: '1' })).statusCode).toBe(403);
      expect(await stateOf([a])).toEqual({ invoices: ['open'], payments: ['invoiced:null'] });
    });

    it('two concurrent batches over one invoice: exactly one succeeds, the other changes nothing', async () => {
      const shared = await openInvoice(4000);
      const onlyFirst = await openInvoice(5000);
      const onlySecond = await openInvoice(6000);
      const [x, y] = await Promise.all([
        batch('owner', { invoiceIds: [shared, onlyFirst], checkNumber: 'A-1' }),
        batch('owner', { invoiceIds: [onlySecond, shared], checkNumber: 'B-2' }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      const winner =
        x.statusCode === 200 ? { other: onlySecond, check: 'A-1' } : { other: onlyFirst, check: 'B-2' };
      const [sharedRow] = await t.database.db.select().from(payments).where(eq(payments.invoiceId, shared));
      expect(sharedRow?.checkNumber).toBe(winner.check);
      expect(await stateOf([winner.other])).toEqual({ invoices: ['open'], payments: ['invoiced:null'] });
    });
  });
});
